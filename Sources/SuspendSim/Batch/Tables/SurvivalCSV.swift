/// `Reports/survival.csv` (SPEC 14): per scenario, sweep point, policy and app, how many runs
/// the app survived (was resident at the end) and how many it was never killed in, each with
/// a Wilson 95 % interval, its mean pressure kills and cold and warm launches per run, (SPEC 28)
/// its refresh and processing task grants per run, and (last, SPEC 41) Student's interval of its
/// pressure kills per run and its kills per run by `evictions.csv` trigger:
/// `SurvivalColumn`'s columns, then the batch's sweep columns (as in `summary.csv`).
///
/// Rows: scenarios in the order given, points in grid order, policies in built-in order
/// (`--policy all`), apps in scenario order. SPEC 19: `launched` counts the runs in which the
/// app was resident at some instant, and `launched_survival_rate` (with its Wilson interval) is
/// survival among them: an app that never ran is not a casualty of memory pressure. Empty
/// when it never launched, and the interval with fewer than two such runs. Rates, bounds and
/// means have 3 decimals, printed
/// as C's `printf("%.3f")` prints the Double (SPEC 8). A point with one run has empty interval
/// cells (an interval of one run says nothing); with no run (only a shard can have such a
/// row) every rate, bound and mean is empty.
///
/// A batch that sweeps `trace.user` over more than one user pools its users as it pools
/// replicates (SPEC 24, `UserPooling`): a row per scenario, policy, app and point of the other
/// sweep keys, `runs` counting every user's runs, no `trace.user` column; apps are those of
/// `apps:`, then the trace's, user after user in sweep order, and an app a user's run does not
/// have counts in that run as never resident and never killed, every count 0. A batch of one
/// user keeps a row per point and its `trace.user` column.
///
/// A shard's file (`--shard`) holds totals in place of the means (`SurvivalColumn.shardName`),
/// and the sum of the squares of the pressure kills per run in place of their interval's lower
/// bound, so that `merge` adds exact counts and writes the same bytes as a single run.
package enum SurvivalCSV {
    /// A mean per run (`total / runs` as printf's `%.3f` prints it; empty without runs), or for
    /// a shard the exact total, which `merge` adds (docs/decisions.md).
    static func appendMean(_ total: Int, runs: Int, shard: Bool, to bytes: inout some CSVByteSink) {
        if shard {
            CSVFormatting.appendInteger(total, to: &bytes)
        } else if runs > 0 {
            CSVFormatting.appendRatio(total, of: runs, to: &bytes)
        }
    }

    /// Appends a row's fields: its prefix (`scenario,policy,app`), then the statistics from
    /// `runs` and `counts` (means, or totals for a shard). Rates are empty without runs, Wilson
    /// bounds with fewer than two.
    static func appendRow<Sink: CSVByteSink>(
        _ prefix: BatchRowPrefix, runs: Int, counts: SurvivalTally.Counts, shard: Bool = false, to bytes: inout Sink
    ) {
        let survivedBounds = runs > 1 ? WilsonInterval.bounds(successes: counts.fate.survived, trials: runs) : nil
        let neverKilledBounds = runs > 1 ? WilsonInterval.bounds(successes: counts.fate.neverKilled, trials: runs) : nil
        let launchedBounds = counts.fate.launched > 1 ? WilsonInterval.bounds(successes: counts.fate.survived, trials: counts.fate.launched) : nil
        let killBounds = studentInterval(runs: runs, total: counts.fate.pressureKills, squares: counts.fate.pressureKillSquares)
        func appendMean(_ total: Int, to bytes: inout Sink) {
            Self.appendMean(total, runs: runs, shard: shard, to: &bytes)
        }
        prefix.appendRow(SurvivalColumn.self, to: &bytes) { column, bytes in
            switch column {
            case .scenario, .policy, .app: break  // the prefix's cells
            case .runs: CSVFormatting.appendInteger(runs, to: &bytes)
            case .survived: CSVFormatting.appendInteger(counts.fate.survived, to: &bytes)
            case .survivalRate: if runs > 0 { CSVFormatting.appendRatio(counts.fate.survived, of: runs, to: &bytes) }
            case .ciLow: if let survivedBounds { CSVFormatting.appendFixed3(survivedBounds.low, to: &bytes) }
            case .ciHigh: if let survivedBounds { CSVFormatting.appendFixed3(survivedBounds.high, to: &bytes) }
            case .neverKilled: CSVFormatting.appendInteger(counts.fate.neverKilled, to: &bytes)
            case .neverKilledRate: if runs > 0 { CSVFormatting.appendRatio(counts.fate.neverKilled, of: runs, to: &bytes) }
            case .neverKilledCILow: if let neverKilledBounds { CSVFormatting.appendFixed3(neverKilledBounds.low, to: &bytes) }
            case .neverKilledCIHigh: if let neverKilledBounds { CSVFormatting.appendFixed3(neverKilledBounds.high, to: &bytes) }
            case .meanPressureKills: appendMean(counts.fate.pressureKills, to: &bytes)
            case .meanColdLaunches: appendMean(counts.launches.cold, to: &bytes)
            case .meanWarmLaunches: appendMean(counts.launches.warm, to: &bytes)
            case .launched: CSVFormatting.appendInteger(counts.fate.launched, to: &bytes)
            case .launchedSurvivalRate:
                if counts.fate.launched > 0 { CSVFormatting.appendRatio(counts.fate.survived, of: counts.fate.launched, to: &bytes) }
            case .launchedCILow: if let launchedBounds { CSVFormatting.appendFixed3(launchedBounds.low, to: &bytes) }
            case .launchedCIHigh: if let launchedBounds { CSVFormatting.appendFixed3(launchedBounds.high, to: &bytes) }
            case .refreshRunsMean: appendMean(counts.tasks.refreshRuns, to: &bytes)
            case .processingRunsMean: appendMean(counts.tasks.processingRuns, to: &bytes)
            case .pressureKillsCILow:
                if shard {
                    CSVFormatting.appendInteger(counts.fate.pressureKillSquares, to: &bytes)
                } else if let killBounds {
                    bytes.append(contentsOf: Array(ComparisonNumbers.fixed3(killBounds.low).utf8))
                }
            case .pressureKillsCIHigh: if let killBounds { bytes.append(contentsOf: Array(ComparisonNumbers.fixed3(killBounds.high).utf8)) }
            case .reaperKillsMean: appendMean(counts.kills[.reaper], to: &bytes)
            case .idleKillsMean: appendMean(counts.kills[.idle], to: &bytes)
            case .criticalKillsMean: appendMean(counts.kills[.critical], to: &bytes)
            case .minfreeKillsMean: appendMean(counts.kills[.minfree], to: &bytes)
            case .pageshortageKillsMean: appendMean(counts.kills[.pageshortage], to: &bytes)
            case .limitKillsMean: appendMean(counts.kills[.limit], to: &bytes)
            case .freezesMean: appendMean(counts.freezer.freezes, to: &bytes)
            case .thawsMean: appendMean(counts.freezer.thaws, to: &bytes)
            }
        }
    }

    /// Student's 95 % interval of a count's mean per run from its sum `total` and the sum of
    /// its squares over `runs` runs (SPEC 41, as SPEC 21 computes it): mean ± t(0.975, n − 1) ×
    /// s / √n, s the sample standard deviation (divisor n − 1); nil with fewer than two runs,
    /// both ends the mean when s = 0. The variance is formed exactly from the integer sums, so
    /// that a merge of shards gives a single run's bytes.
    static func studentInterval(runs: Int, total: Int, squares: Int) -> (low: Double, high: Double)? {
        guard runs > 1 else { return nil }
        let n = Double(runs)
        let mean = Double(total) / n
        let (scaled, overflowA) = runs.multipliedReportingOverflow(by: squares)
        let (squaredTotal, overflowB) = total.multipliedReportingOverflow(by: total)
        let spread = overflowA || overflowB ? max(0, n * Double(squares) - Double(total) * Double(total))
            : Double(max(0, scaled - squaredTotal))
        guard spread > 0 else { return (mean, mean) }
        let s = (spread / (n * (n - 1))).squareRoot()
        let half = StudentT.quantile975(degreesOfFreedom: runs - 1) * s / n.squareRoot()
        return (mean - half, mean + half)
    }

    /// Writes every group of `plan` with its counts in `tally`, atomically (`shard`: a shard's
    /// form, with totals).
    ///
    /// - Throws: `ReportWriter.Error`; the file is then left as it was.
    /// - Complexity: O(groups × apps)
    static func write(_ plan: BatchPlan, tally: SurvivalTally, shard: Bool = false, toPath target: String) throws {
        try plan.writeAppCounts(.survival, tally: tally, shard: shard, toPath: target) { prefix, runs, counts, bytes in
            appendRow(prefix, runs: runs, counts: counts, shard: shard, to: &bytes)
        }
    }

    /// Appends `,value` for each sweep column (nothing between the commas for nil).
    static func appendColumns(_ values: [String?], to bytes: inout some CSVByteSink) {
        for value in values {
            bytes.append(CSVFormatting.comma)
            if let value { CSVFormatting.appendField(value, to: &bytes) }
        }
    }
}

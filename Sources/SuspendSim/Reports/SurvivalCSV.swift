/// `Reports/survival.csv` (SPEC 14): per scenario, sweep point, policy and app, how many runs
/// the app survived (was resident at the end) and how many it was never killed in, each with
/// a Wilson 95 % interval, and its mean pressure kills and cold and warm launches per run:
/// `header`, then the batch's sweep columns (as in `summary.csv`).
///
/// Rows: scenarios in the order given, points in grid order, policies in built-in order
/// (`--policy all`), apps in scenario order. Rates, bounds and means have 3 decimals, printed
/// as C's `printf("%.3f")` prints the Double (SPEC 8). A point with one run has empty interval
/// cells (an interval of one run says nothing); with no run (only a shard can have such a
/// row) every rate, bound and mean is empty.
///
/// A shard's file (`--shard`) holds totals in place of the means (`shardHeader`), so that
/// `merge` adds exact counts and writes the same bytes as a single run.
package enum SurvivalCSV {
    static let header = "scenario,policy,app,runs,survived,survival_rate,ci_low,ci_high,"
        + "never_killed,never_killed_rate,never_killed_ci_low,never_killed_ci_high,"
        + "mean_pressure_kills,mean_cold_launches,mean_warm_launches"
    static let shardHeader = "scenario,policy,app,runs,survived,survival_rate,ci_low,ci_high,"
        + "never_killed,never_killed_rate,never_killed_ci_low,never_killed_ci_high,"
        + "total_pressure_kills,total_cold_launches,total_warm_launches"
    /// How many columns come before the sweep columns.
    static let fixedColumns = 15

    /// The header with the sweep `columns` after the fixed ones; `shard`: the shard's form.
    static func header(columns: [String], shard: Bool = false) -> String {
        var bytes = Array((shard ? shardHeader : header).utf8)
        for column in columns {
            bytes.append(CSVFormatting.comma)
            CSVFormatting.appendField(column, to: &bytes)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the columns from `runs` to the last mean (or total, for a shard).
    static func appendStatistics(runs: Int, counts: SurvivalTally.Counts, shard: Bool = false, to bytes: inout some CSVByteSink) {
        CSVFormatting.appendInteger(runs, to: &bytes)
        bytes.append(CSVFormatting.comma)
        appendRate(counts.survived, of: runs, to: &bytes)
        bytes.append(CSVFormatting.comma)
        appendRate(counts.neverKilled, of: runs, to: &bytes)
        for total in [counts.pressureKills, counts.coldLaunches, counts.warmLaunches] {
            bytes.append(CSVFormatting.comma)
            if shard {
                CSVFormatting.appendInteger(total, to: &bytes)
            } else if runs > 0 {
                CSVFormatting.appendRatio(total, of: runs, to: &bytes)
            }
        }
    }

    /// Appends `count,rate,low,high`: the rate empty without runs, the Wilson bounds empty
    /// with fewer than two.
    private static func appendRate(_ count: Int, of runs: Int, to bytes: inout some CSVByteSink) {
        CSVFormatting.appendInteger(count, to: &bytes)
        bytes.append(CSVFormatting.comma)
        if runs > 0 { CSVFormatting.appendRatio(count, of: runs, to: &bytes) }
        bytes.append(CSVFormatting.comma)
        if runs > 1, let interval = WilsonInterval.bounds(successes: count, trials: runs) {
            CSVFormatting.appendFixed3(interval.low, to: &bytes)
            bytes.append(CSVFormatting.comma)
            CSVFormatting.appendFixed3(interval.high, to: &bytes)
        } else {
            bytes.append(CSVFormatting.comma)
        }
    }

    /// Writes every group of `plan` with its counts in `tally`, atomically (`shard`: a shard's
    /// form, with totals).
    ///
    /// - Throws: `ReportError`; the file is then left as it was.
    /// - Complexity: O(groups × apps)
    static func write(_ plan: BatchPlan, tally: SurvivalTally, shard: Bool = false, toPath target: String) throws {
        let file = try AtomicCSVStream(path: target, header: header(columns: plan.columns, shard: shard))
        for (entryIndex, entry) in plan.entries.enumerated() {
            for (pointIndex, point) in entry.points.enumerated() {
                for policyIndex in 0..<entry.groupsPerPoint {
                    let group = plan.group(entry: entryIndex, point: pointIndex, policyIndex: policyIndex)
                    let policy = entry.kind == .singleEveryPolicy
                        ? BuiltInPolicies.names[policyIndex] : point.scenario.policyName
                    for (appIndex, app) in point.scenario.apps.enumerated() {
                        file.appendRow { bytes in
                            CSVFormatting.appendField(entry.name, to: &bytes)
                            bytes.append(CSVFormatting.comma)
                            CSVFormatting.appendField(policy, to: &bytes)
                            bytes.append(CSVFormatting.comma)
                            CSVFormatting.appendField(app.id, to: &bytes)
                            bytes.append(CSVFormatting.comma)
                            appendStatistics(
                                runs: tally.runs[group], counts: tally.counts(group: group, app: appIndex), shard: shard,
                                to: &bytes)
                            appendColumns(point.columnValues, to: &bytes)
                        }
                    }
                }
            }
        }
        try file.commit()
    }

    /// Appends `,value` for each sweep column (nothing between the commas for nil).
    static func appendColumns(_ values: [String?], to bytes: inout some CSVByteSink) {
        for value in values {
            bytes.append(CSVFormatting.comma)
            if let value { CSVFormatting.appendField(value, to: &bytes) }
        }
    }
}

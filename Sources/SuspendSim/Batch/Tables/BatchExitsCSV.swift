/// A batch's `Reports/exits.csv` (SPEC 17), beside `survival.csv`: per scenario, sweep point,
/// policy and app, its runs, its mean terminations per run in each MetricKit exit category,
/// and its mean launch wait, then the batch's sweep columns.
///
/// Rows are `survival.csv`'s, in its order: in a batch over several trace users, pooled over
/// the users (SPEC 24), an app a user's run does not have counting 0 in that run. Means have 3
/// decimals, printed as C's `printf("%.3f")` prints the Double (SPEC 8); empty for a group
/// with no run (only a shard can have one). A shard's file holds exact totals instead (`BatchExitColumn.shardName`,
/// launch waits in whole ms), so that `merge` adds them up and writes a single run's bytes.
package enum BatchExitsCSV {
    /// Appends a row's fields: its prefix (`scenario,policy,app`), then the means of `counts`
    /// over `runs` (or, for a shard, the totals).
    static func appendRow<Sink: CSVByteSink>(
        _ prefix: BatchRowPrefix, runs: Int, counts: SurvivalTally.Counts, shard: Bool = false, to bytes: inout Sink
    ) {
        prefix.appendRow(BatchExitColumn.self, to: &bytes) { column, bytes in
            switch column {
            case .scenario, .policy, .app: break  // the prefix's cells
            case .runs: CSVFormatting.appendInteger(runs, to: &bytes)
            case .exit(let category): SurvivalCSV.appendMean(counts.exits[category], runs: runs, shard: shard, to: &bytes)
            case .meanLaunchWait:
                if shard {
                    CSVFormatting.appendInteger(counts.launches.waitMs, to: &bytes)
                } else if runs > 0 {
                    CSVFormatting.appendFixed3(Double(counts.launches.waitMs) / 1000 / Double(runs), to: &bytes)
                }
            }
        }
    }

    /// Writes every group of `plan` with its counts in `tally`, atomically.
    ///
    /// - Throws: `ReportWriter.Error`; the file is then left as it was.
    /// - Complexity: O(groups × apps)
    static func write(_ plan: BatchPlan, tally: SurvivalTally, shard: Bool = false, toPath target: String) throws {
        try plan.writeAppCounts(.exits, tally: tally, shard: shard, toPath: target) { prefix, runs, counts, bytes in
            appendRow(prefix, runs: runs, counts: counts, shard: shard, to: &bytes)
        }
    }
}

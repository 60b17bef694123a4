/// SPEC 25's `whatif.csv` for a finished batch, from its `summary.csv` and `focus_runs.csv`:
/// `run` writes it after the runs, `merge` after joining shards, `report DIR --baseline
/// KEY=VALUE` for a batch that ran with a what-if. It is computed whole before it is written.
package enum BatchWhatIf {
    /// Writes `folder`'s `whatif.csv` for `whatIf` and returns its path; `apps` (`report
    /// --app`), when not empty, are the what-if apps, in that order, among those recorded.
    /// `focusRuns`, the runs' values kept in memory by `BatchRunner`, stands in for reading
    /// `focus_runs.csv` back. The ratios' bootstraps run on `jobs` threads (the batch's
    /// `--jobs`); the file is the same at any `jobs`.
    ///
    /// - Throws: `ComparisonError.usage` for a KEY or baseline the batch does not have, or a
    ///   folder without `focus_runs.csv`; `.invalid` for files that cannot be read or two runs
    ///   with one identity; `ReportWriter.Error` when the file cannot be written.
    package static func write(folder: String, whatIf: WhatIf, apps: [String] = [], focusRuns kept: FocusRunsTable? = nil, jobs: Int = 1) throws -> String {
        let table = try SummaryTable(path: BatchReportFile.summary.path(in: folder))
        let keys = table.sweepColumns.map { (key: $0, values: table.distinctValues(of: $0)) }
        do {
            try whatIf.check(against: keys)
        } catch {
            throw ComparisonError.usage("--baseline \(whatIf.key)=\(whatIf.baseline): \(error.description)")
        }
        var focusRuns = try kept ?? FocusRunsTable(path: BatchReportFile.focusRuns.path(in: folder), summary: table)
        if !apps.isEmpty { try focusRuns.select(apps, path: BatchReportFile.focusRuns.path(in: folder)) }
        let text = try WhatIfTable(table, focusRuns: focusRuns, whatIf: whatIf, jobs: jobs).csvText
        let path = BatchReportFile.whatif.path(in: folder)
        try AtomicTextFile.write(text, to: path)
        return path
    }
}

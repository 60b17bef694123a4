/// SPEC 39's statistics, computed by SPEC 25's own what-if code (`WhatIfTable`), not a copy
/// of it: runs are laid out as a `summary.csv` and a `FocusRunsTable` would hold them, with
/// one more sweep column that tells the sides apart, and `WhatIfTable` pairs and compares them
/// exactly as it does for `whatif.csv` (ratios not drawn: the files have no ratio columns).
enum SensitivityComparison {
    /// The extra sweep column that names a run's side: `base` or `variant`.
    static let sideColumn = "assumption"
    static let baseSide = "base"
    static let variantSide = "variant"

    /// The what-if rows of `variant` against `base` (runs of one table point), for the apps
    /// `apps` of `scenario`, with the batch's sweep `columns`: `[scenario, policy] + the sweep
    /// columns but trace.user + app..wilcoxon_p` per row, in `whatif.csv`'s order.
    static func rows(base: [SensitivityRun], variant: [SensitivityRun], scenario: String, apps: [String], columns: [String])
        throws(ComparisonError) -> [[String]]
    {
        let table = summaryTable(base.map { ($0, baseSide) } + variant.map { ($0, variantSide) }, columns: columns + [sideColumn])
        let focus = FocusRunsTable(apps: [scenario: apps], runs: (base + variant).map(\.appValues))
        let records = try WhatIfTable(table, focusRuns: focus, whatIf: WhatIf(key: sideColumn, baseline: baseSide), ratios: false).records
        let others = columns.filter { $0 != TraceKey.user.path }.count
        // [scenario, policy] + others + [key, value, baseline] + app, metric, pairs .. wilcoxon_p.
        let statistics = 2 + others + 3
        return records.dropFirst().map { Array($0.prefix(2 + others)) + Array($0[statistics..<(statistics + 9)]) }
    }

    /// `whatif.csv`'s rows for `whatIf` over `runs` (all of one scenario's first `R` runs), with
    /// the batch's sweep `columns`; its header first.
    static func whatIfRecords(_ runs: [SensitivityRun], scenario: String, apps: [String], columns: [String], whatIf: WhatIf)
        throws(ComparisonError) -> [[String]]
    {
        let table = summaryTable(runs.map { ($0, nil) }, columns: columns)
        let focus = FocusRunsTable(apps: [scenario: apps], runs: runs.map(\.appValues))
        return try WhatIfTable(table, focusRuns: focus, whatIf: whatIf, ratios: false).records
    }

    /// A `summary.csv` of `runs` as `WhatIfTable` reads one: the identity, SPEC 21's compared
    /// metrics, the last metric column (the sweep columns' boundary), then `columns`, with
    /// `side` last when given.
    private static func summaryTable(_ runs: [(run: SensitivityRun, side: String?)], columns: [String]) -> SummaryTable {
        let header = FocusRunsColumn.names + SummaryColumn.compared.map(\.rawValue) + [SummaryColumn.lastMetric.rawValue] + columns
        let rows = runs.map { run, side in run.identity + run.metrics + [""] + run.columnValues + (side.map { [$0] } ?? []) }
        return SummaryTable(path: SensitivityFile.runs.rawValue, header: header, rows: rows)
    }
}

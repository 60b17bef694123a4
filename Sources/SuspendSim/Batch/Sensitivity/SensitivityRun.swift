/// One run that SPEC 39's files compare: the batch's own (one of the first `R` replicates of a
/// point) or a variant's, with what `sensitivity_runs.csv` writes of it: its identity, its
/// what-if apps' metrics (`FocusRunsCSV.values`, thousandths) and SPEC 21's run metrics as
/// `summary.csv` writes them.
package struct SensitivityRun: Sendable {
    /// The batch plan's entry and point.
    var entry: Int
    var point: Int
    /// The replicate (0 without replicates): with `point`, the unit a shard owns.
    var replicate = 0
    /// `scenario,policy,seed,replicate` as `summary.csv` writes them.
    var identity: [String]
    /// The point's value of each of the plan's sweep columns ("" where it has none).
    var columnValues: [String]
    /// The what-if apps' metrics, `WhatIfAppMetric`'s 13 per app in order.
    var appValues: [Int64]
    /// `SummaryColumn.compared`'s cells, as `summary.csv` writes them.
    var metrics: [String]
    /// A variant's run: its key's value at the run's point, as `assumptions.csv` writes the
    /// key's unit (`sensitivity_runs.csv`'s `assumption_value`); empty for the batch's own.
    var assumptionValue = ""

    init(entry: Int, point: Int, identity: [String], columnValues: [String], appValues: [Int64], metrics: [String]) {
        self.entry = entry
        self.point = point
        self.identity = identity
        self.columnValues = columnValues
        self.appValues = appValues
        self.metrics = metrics
    }

    /// The run of `row` (with its apps' `outcomes`) at `point` of `entry`, whose sweep
    /// columns hold `columnValues`, for the what-if `apps`.
    init(_ row: SummaryRow, outcomes: [AppOutcome], apps: [String], entry: Int, point: Int, replicate: Int, columnValues: [String?]) {
        func cell(_ column: SummaryColumn) -> String {
            var bytes: [UInt8] = []
            SummaryCSV.appendField(column, of: row, to: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
        self.init(entry: entry, point: point, identity: [SummaryColumn.scenario, .policy, .seed, .replicate].map(cell),
                  columnValues: columnValues.map { $0 ?? "" }, appValues: FocusRunsCSV.values(apps: apps, outcomes: outcomes),
                  metrics: SummaryColumn.compared.map(cell))
        self.replicate = replicate
    }

    /// `sensitivity_runs.csv`'s header for a batch with the sweep columns `columns`.
    static func header(sweepColumns columns: [String]) -> [String] {
        SensitivityFile.runsPrefix + FocusRunsColumn.names + columns + ["app"] + WhatIfAppMetric.names
            + SummaryColumn.compared.map(\.rawValue)
    }

    /// The run's rows of `sensitivity_runs.csv` (SPEC 39): one per what-if app of `apps`
    /// (run metrics empty), then one with an empty `app` (app metrics empty); `variant` is
    /// `assumption,end,assumption_value`, empty for the batch's own run.
    func rows(variant: [String], apps: [String]) -> [[String]] {
        let metricCount = WhatIfAppMetric.allCases.count
        var rows: [[String]] = []
        for (slot, app) in apps.enumerated() {
            let cells = WhatIfAppMetric.allCases.enumerated().map { index, metric -> String in
                let value = slot * metricCount + index < appValues.count ? appValues[slot * metricCount + index] : 0
                return metric == .launchWait ? CSVFormatting.secondsText(Millis(value)) : String(value / 1000)
            }
            rows.append(variant + identity + columnValues + [app] + cells + Array(repeating: "", count: metrics.count))
        }
        rows.append(variant + identity + columnValues + [""] + Array(repeating: "", count: metricCount) + metrics)
        return rows
    }
}

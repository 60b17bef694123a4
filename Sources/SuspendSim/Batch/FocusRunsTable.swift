#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A finished batch's `focus_runs.csv` (SPEC 27), read back beside its `summary.csv`: each
/// run's what-if apps' metrics as exact thousandths, by the run's row in `summary.csv`.
///
/// A line belongs to the run whose `scenario`, `policy`, `seed`, `replicate` and sweep values
/// are its own. Memory: runs × what-if apps × 13 numbers.
struct FocusRunsTable {
    /// Each scenario's what-if apps, in the file's order.
    private(set) var apps: [String: [String]] = [:]
    /// Each run's values (by its `summary.csv` row), by app: `WhatIfAppMetric`'s in order.
    private var values: [Int: [String: [Int64]]] = [:]

    /// Reads `path` for the runs of `summary`.
    ///
    /// - Throws: `ComparisonError.usage` when there is no such file (the batch ran without a
    ///   what-if), `.invalid` for a file that cannot be read or a line that matches no run.
    init(path: String, summary: SummaryTable) throws(ComparisonError) {
        guard FileManager.default.fileExists(atPath: path) else {
            throw .usage("\(path) does not exist: the batch ran without a what-if; rerun it with --baseline KEY=VALUE "
                + "(or a whatif: in the scenario) to have focus_runs.csv and whatif.csv")
        }
        let records: [[String]]
        do {
            records = try CSVRecordReader(path: path).textRecords()
        } catch {
            throw .invalid(error.description)
        }
        let identity = FocusRunsColumn.names + summary.sweepColumns
        let summaryColumns = identity.compactMap(summary.column)
        guard let header = records.first, summaryColumns.count == identity.count,
              header == identity + ["app"] + WhatIfAppMetric.names else {
            throw .invalid("\(path): its header is not focus_runs.csv's for the sweep columns of \(summary.path)")
        }
        var runs: [[String]: Int] = [:]
        for (index, row) in summary.rows.enumerated() {
            let key = summaryColumns.map { row[$0] }
            if runs[key] == nil { runs[key] = index }
        }
        for (line, record) in records.dropFirst().enumerated() {
            guard record.count == header.count, let run = runs[Array(record.prefix(identity.count))] else {
                throw .invalid("\(path):\(line + 2): no run of \(summary.path) has this line's scenario, policy, seed, replicate and sweep values")
            }
            let app = record[identity.count]
            let numbers = record.suffix(WhatIfAppMetric.allCases.count).compactMap(ComparisonNumbers.thousandths)
            guard numbers.count == WhatIfAppMetric.allCases.count else {
                throw .invalid("\(path):\(line + 2): a metric that is not a number")
            }
            let scenario = record[0]
            if !(apps[scenario]?.contains(app) ?? false) { apps[scenario, default: []].append(app) }
            values[run, default: [:]][app] = numbers
        }
    }

    /// Keeps `given` as every scenario's what-if apps, in that order (`report --app`, SPEC 27):
    /// each scenario keeps those of them its runs recorded.
    ///
    /// - Throws: `ComparisonError.usage` for an app no scenario recorded, listing those there are.
    mutating func select(_ given: [String], path: String) throws(ComparisonError) {
        var recorded: [String] = []
        for app in apps.values.joined() where !recorded.contains(app) { recorded.append(app) }
        if let unknown = given.first(where: { !recorded.contains($0) }) {
            throw .usage("--app \(unknown): \(path) has no values of it; its what-if apps are \(recorded.sorted().joined(separator: ", ")) "
                + "(rerun the batch with --app to record others)")
        }
        for (scenario, own) in apps { apps[scenario] = given.filter(own.contains) }
    }

    /// Run `row`'s value of `metric` for `app` in thousandths; 0 for an app the run does not
    /// have (SPEC 27).
    func value(row: Int, app: String, metric: Int) -> Int64 {
        values[row]?[app]?[metric] ?? 0
    }
}

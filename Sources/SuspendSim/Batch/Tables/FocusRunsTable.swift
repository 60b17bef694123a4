#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A finished batch's per-run what-if values (SPEC 27) by the run's row in `summary.csv`:
/// each run's what-if apps' metrics as exact thousandths, what `focus_runs.csv` holds.
///
/// `run` builds it in memory from the runs as they finish (`init(apps:runs:)`), so a large
/// sweep does not read its own 100 MB `focus_runs.csv` back; `merge` and `report` read the
/// file (`init(path:summary:)`). Both give `WhatIfTable` the same numbers: the file's cells
/// are the thousandths written from these values. Memory: runs × what-if apps × 13 numbers.
package struct FocusRunsTable: Sendable {
    /// Each scenario's what-if apps, in the file's order.
    private var apps: [String: [String]]
    /// Each run's values (by its `summary.csv` row): for its scenario's app at index `i`,
    /// `WhatIfAppMetric`'s values in order at `i × 13`; shorter (or empty) where the run has
    /// none of the later apps.
    private var runs: [[Int64]]
    /// `report --app`'s apps, when given: each scenario keeps those of them it recorded, in
    /// this order (`whatIfApps(of:)`).
    private var selection: [String]?

    /// The values of runs already in memory: `runs[i]` for `summary.csv`'s row `i`, laid out
    /// by `apps` of the row's scenario as `FocusRunsCSV.values` lays them out.
    init(apps: [String: [String]], runs: [[Int64]]) {
        self.apps = apps
        self.runs = runs
        selection = nil
    }

    /// Reads `path` for the runs of `summary`, one line at a time.
    ///
    /// - Throws: `ComparisonError.usage` when there is no such file (the batch ran without a
    ///   what-if), `.invalid` for a file that cannot be read or a line that matches no run.
    init(path: String, summary: SummaryTable) throws(ComparisonError) {
        guard FileManager.default.fileExists(atPath: path) else {
            throw .usage("\(path) does not exist: the batch ran without a what-if; rerun it with --baseline KEY=VALUE "
                + "(or a whatif: in the scenario) to have focus_runs.csv and whatif.csv")
        }
        apps = [:]
        selection = nil
        runs = Array(repeating: [], count: summary.rows.count)
        let identity = FocusRunsColumn.names + summary.sweepColumns
        let summaryColumns = identity.compactMap(summary.column)
        var byIdentity: [[String]: Int] = [:]
        for (index, row) in summary.rows.enumerated() {
            let key = summaryColumns.map { row[$0] }
            if byIdentity[key] == nil { byIdentity[key] = index }
        }
        do {
            let reader = try CSVRecordReader(path: path)
            guard let header = try reader.next().map({ CSVRecordReader.fields($0).map(CSVRecordReader.text) }),
                  summaryColumns.count == identity.count, header == identity + ["app"] + WhatIfAppMetric.names else {
                throw ComparisonError.invalid("\(path): its header is not focus_runs.csv's for the sweep columns of \(summary.path)")
            }
            var line = 1
            while let record = try reader.next() {
                line += 1
                let fields = CSVRecordReader.fields(record).map(CSVRecordReader.text)
                try add(fields, identityCount: identity.count, runs: byIdentity, location: "\(path):\(line)", summaryPath: summary.path)
            }
        } catch let error as ComparisonError {
            throw error
        } catch let error as CSVReadError {
            throw .invalid(error.description)
        } catch {
            throw .invalid("\(path): \(error)")
        }
    }

    /// Adds one line of `focus_runs.csv`, its cells `fields`.
    private mutating func add(_ fields: [String], identityCount: Int, runs byIdentity: [[String]: Int], location: String, summaryPath: String) throws(ComparisonError) {
        let metricCount = WhatIfAppMetric.allCases.count
        guard fields.count == identityCount + 1 + metricCount, let run = byIdentity[Array(fields.prefix(identityCount))] else {
            throw .invalid("\(location): no run of \(summaryPath) has this line's scenario, policy, seed, replicate and sweep values")
        }
        let numbers = fields.suffix(metricCount).compactMap(ComparisonNumbers.thousandths)
        guard numbers.count == metricCount else { throw .invalid("\(location): a metric that is not a number") }
        let scenario = fields[0], app = fields[identityCount]
        let slot: Int
        if let index = apps[scenario]?.firstIndex(of: app) {
            slot = index
        } else {
            slot = apps[scenario, default: []].count
            apps[scenario, default: []].append(app)
        }
        let start = slot * metricCount
        if runs[run].count < start + metricCount { runs[run] += Array(repeating: 0, count: start + metricCount - runs[run].count) }
        runs[run].replaceSubrange(start..<(start + metricCount), with: numbers)
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
        selection = given
    }

    /// The what-if apps of `scenario`, in order, each with its slot in a run's values.
    func whatIfApps(of scenario: String) -> [(app: String, slot: Int)] {
        let own = apps[scenario] ?? []
        let chosen = selection?.filter(own.contains) ?? own
        return chosen.compactMap { app in own.firstIndex(of: app).map { (app, $0) } }
    }

    /// Run `row`'s value of `metric` for the app in `slot`, in thousandths; 0 for an app the
    /// run does not have (SPEC 27).
    func value(row: Int, slot: Int, metric: Int) -> Int64 {
        let index = slot * WhatIfAppMetric.allCases.count + metric
        let values = runs[row]
        return index < values.count ? values[index] : 0
    }
}

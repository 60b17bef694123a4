#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// SPEC 39's verdict, on standard output and on the batch page: for the first point of each
/// scenario and policy, one line per what-if app and metric of SPEC 25's answer (the exit
/// columns that are not 0 in some run, then `launch_wait_s`) saying how far its mean moves
/// across the variants and with which assumption most; then, with a what-if, whether each of
/// its rows keeps its sign at every end.
package enum SensitivityVerdict {
    /// The lines of every scenario of `output`, at most `limit` of each kind per scenario
    /// (nil: all, as the page shows them).
    package static func lines(_ output: SensitivityRunner.Output, limit: Int? = nil) -> [String] {
        var lines: [String] = []
        let columns = output.columns.enumerated().filter { $0.element != TraceKey.user.path }.map(\.offset)
        for entry in output.scenarios {
            let name = entry.name
            let own = entry.own
            let metrics = answerMetrics(own, apps: entry.apps)
            var moves: [String] = []
            var seenPolicies: Set<String> = []
            for run in own where seenPolicies.insert(run.identity[1]).inserted {
                let prefix = [name, run.identity[1]] + columns.map { run.columnValues[$0] }
                let atPoint = own.filter { other in [name, other.identity[1]] + columns.map { other.columnValues[$0] } == prefix }
                let rows = output.table.dropFirst().filter { Array($0.prefix(prefix.count)) == prefix }
                for (app, metric) in metrics {
                    moves.append(moveLine(app: app, metric: metric, atPoint: atPoint, apps: entry.apps,
                                          rows: rows.filter { $0[prefix.count + 3] == app && $0[prefix.count + 4] == WhatIfAppMetric.names[metric] },
                                          keyColumn: prefix.count))
                }
            }
            lines += moves.prefix(limit ?? moves.count)
            let signs = signLines(output, scenario: name, metrics: metrics)
            lines += signs.prefix(limit ?? signs.count)
        }
        return lines
    }

    /// The what-if apps and metrics of SPEC 25's answer: per app, the exit columns that are
    /// not 0 in some run, then `launch_wait_s`, as (app, metric index).
    static func answerMetrics(_ runs: [SensitivityRun], apps: [String]) -> [(app: String, metric: Int)] {
        let count = WhatIfAppMetric.allCases.count
        let launchWait = WhatIfAppMetric.allCases.firstIndex(of: .launchWait) ?? 0
        var metrics: [(String, Int)] = []
        for (slot, app) in apps.enumerated() {
            for (index, metric) in WhatIfAppMetric.allCases.enumerated() {
                guard case .exit = metric else { continue }
                if runs.contains(where: { slot * count + index < $0.appValues.count && $0.appValues[slot * count + index] != 0 }) {
                    metrics.append((app, index))
                }
            }
            metrics.append((app, launchWait))
        }
        return metrics
    }

    /// One app and metric's line at one point: its mean over the batch's own runs there, the
    /// variants' range and the assumption that moves it most (a skipped end counts as the
    /// defaults' mean; ties go to the first key).
    private static func moveLine(app: String, metric: Int, atPoint: [SensitivityRun], apps: [String], rows: [[String]], keyColumn: Int) -> String {
        let slot = apps.firstIndex(of: app) ?? 0
        let index = slot * WhatIfAppMetric.allCases.count + metric
        let defaults = defaultsMean(atPoint.map { index < $0.appValues.count ? $0.appValues[index] : 0 })
        let head = "sensitivity: \(app) \(WhatIfAppMetric.names[metric]) \(fixed3(defaults)) per run with the defaults"
        let means = rows.compactMap { Double($0[keyColumn + 7]) }
        guard let low = means.min(), let high = means.max() else { return head + "; no assumption varies here" }
        var keys: [String] = []
        for row in rows where !keys.contains(row[keyColumn]) { keys.append(row[keyColumn]) }
        var best: (key: String, low: Double, high: Double)?
        for key in keys {
            func mean(_ end: String) -> Double {
                rows.first { $0[keyColumn] == key && $0[keyColumn + 1] == end }.flatMap { Double($0[keyColumn + 7]) } ?? defaults
            }
            let candidate = (key: key, low: mean("low"), high: mean("high"))
            if best.map({ abs(candidate.high - candidate.low) > abs($0.high - $0.low) }) ?? true { best = candidate }
        }
        let most = best.map { "; it moves most with \($0.key) (low \(fixed3($0.low)), high \(fixed3($0.high)))" } ?? ""
        return head + "; \(fixed3(low)) to \(fixed3(high)) across \(means.count) variant\(means.count == 1 ? "" : "s")" + most
    }

    /// The mean per run with the defaults, of the runs' values in thousandths, at the 3
    /// decimals the variants' means are read with (`sensitivity.csv`'s `mean`, C's `%.3f`). An
    /// end not run counts as this mean, so it ties exactly with a variant whose mean reads the
    /// same, and ties go to the first key (SPEC 39); the line and the batch page's tornado
    /// both take it, so they print the same figure.
    static func defaultsMean(_ thousandths: [Int64]) -> Double {
        guard !thousandths.isEmpty else { return 0 }
        let mean = thousandths.reduce(0.0) { $0 + Double($1) / 1000 } / Double(thousandths.count)
        return Double(fixed3(mean)) ?? mean
    }

    /// One line per row of the what-if's answer: whether it keeps its sign at every end.
    private static func signLines(_ output: SensitivityRunner.Output, scenario: String, metrics: [(app: String, metric: Int)]) -> [String] {
        guard let own = output.ownWhatIf[scenario], let header = own.first,
              let app = header.firstIndex(of: WhatIfColumn.app.rawValue), let diff = header.firstIndex(of: WhatIfColumn.meanDiff.rawValue),
              let key = header.firstIndex(of: WhatIfColumn.key.rawValue) else { return [] }
        let prefix = SensitivityFile.runsPrefix.count
        var lines: [String] = []
        for row in own.dropFirst() where metrics.contains(where: { $0.app == row[app] && WhatIfAppMetric.names[$0.metric] == row[app + 1] }) {
            let variants = output.whatIf.dropFirst().filter { Array($0[prefix..<(prefix + app + 2)]) == Array(row[..<(app + 2)]) }
            let flips = variants.filter { $0.last == "false" }.map { "\($0[0]) = \($0[2])" }
            let what = "sensitivity: \(row[app]) \(row[app + 1]) at \(row[key].split(separator: ".").last ?? "") = \(row[key + 1]): the what-if "
            if row[diff] == "0.000" || row[diff].isEmpty {
                lines.append(what + "has no sign to keep")
            } else if !flips.isEmpty {
                lines.append(what + "changes sign at " + flips.joined(separator: ", "))
            } else if variants.contains(where: { $0.last == "true" }) {
                lines.append(what + "keeps its sign at every end")
            } else {
                lines.append(what + "has no variant to compare with")
            }
        }
        return lines
    }

    /// `value` with C's `%.3f`, never `-0.000`.
    private static func fixed3(_ value: Double) -> String {
        ComparisonNumbers.fixed3(value)
    }
}

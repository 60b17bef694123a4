import Foundation

extension HTMLReport {
    /// The labels of a batch page (SPEC 15 "Labels"): `labels.csv`'s, then `given`
    /// (`report --label`), each checked against what the batch sweeps (`sweptValues`). A row
    /// of `labels.csv` that names nothing the page shows (a `trace.user` pooled away, a folder
    /// `merge`d from part of the points) is left out: the scenario file was checked when run.
    ///
    /// - Throws: `SweepValueLabel.Problem` for a label of `given` that names a key not swept
    ///   or a value not taken (a usage error); `HTMLReport.Error` for a `labels.csv` that
    ///   cannot be read.
    static func pageLabels(folder: String, reports: BatchReports, comparison: ComparisonReports?, given: [SweepValueLabel])
        throws -> SweepValueLabels {
        let sweeps = sweptValues(reports, comparison)
        let saved = try HTMLReport.Error.reading { () throws(ReportCSV.Unreadable) in try LabelsCSV.read(folder: folder) }
        let fromFile = saved.compactMap { label in
            (try? SweepValueLabel.matched([label], sweeps: sweeps) { _ in "" }.get())?.first
        }
        let fromOptions = try SweepValueLabel.matched(given, sweeps: sweeps) { "--label \($0.key)=\($0.value)=\($0.text)" }.get()
        return SweepValueLabels(fromFile + fromOptions)
    }

    /// The sweep keys of a batch and the values each takes, in order of first appearance: the
    /// scenarios' sweep points, and the sweep keys `groups.csv` is grouped by.
    static func sweptValues(_ reports: BatchReports, _ comparison: ComparisonReports?) -> [String: [String]] {
        var values: [String: [String]] = [:]
        var seen: [String: Set<String>] = [:]
        func add(_ key: String, _ value: String) {
            if seen[key, default: []].insert(value).inserted { values[key, default: []].append(value) }
        }
        for scenario in reports.scenarios {
            // Policies are named by labels too, built-in and YAML ones alike (SPEC 15 "Labels").
            for point in scenario.points { add(SweepKey.policy.path, point.policy) }
            for setting in scenario.sweepOrder.joined() {
                guard let parts = RunFolderName.split(setting) else { continue }
                add(parts.key, parts.value)
            }
        }
        if let comparison {
            for (index, key) in comparison.keys.enumerated() where BatchReports.isSweepKey(key) {
                for group in comparison.groups { add(key, group.values[index]) }
            }
        }
        return values
    }
}

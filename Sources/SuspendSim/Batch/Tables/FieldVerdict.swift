import Foundation

/// The verdict of a batch with `observed:` (SPEC 26 "A verdict", SPEC 27), from its
/// `observed.csv`: per scenario, the points (a policy and a combination of sweep values) at
/// which every exit and launch counter's intervals overlap (`FieldMatch`), or "no point
/// matches the field" with the counter furthest off at the best point, the point whose largest
/// distance in intervals is smallest. `run` prints it after the run lines, and the batch page
/// shows it at the top.
///
/// Read from the file, as written (3 decimals), so that `run`, `merge` and `report` say the
/// same. A shard's file holds sums, not intervals: it has no verdict.
package struct FieldVerdict: Sendable {
    /// One scenario's verdict.
    package struct ScenarioVerdict: Sendable {
        package var name: String
        /// The points at which every judged counter matches, in file order (`jetsam,
        /// workload.gap_s=900`).
        package var matches: [String]
        /// Without a match: the best point, its furthest counter and that counter's distance
        /// in intervals; nil when some point matches or no counter was judged.
        package var closest: (point: String, counter: String, distance: Double)?

        /// The sentence `run` prints and the page shows.
        package var sentence: String {
            if let closest {
                return "\(name): no point matches the field; closest: \(closest.point), where \(closest.counter) is furthest off, "
                    + "\(FieldVerdict.distanceText(closest.distance)) apart"
            }
            guard !matches.isEmpty else { return "\(name): no exit or launch counter to compare with the field" }
            let points = matches.count == 1 ? "1 point" : "\(matches.count) points"
            return "\(name): the field is matched at \(points) (every counter's intervals overlap): " + matches.joined(separator: "; ")
        }
    }

    /// The scenarios with `observed:`, in file order.
    package var scenarios: [ScenarioVerdict]

    /// Reads `folder/observed.csv`; nil without one, when it is a shard's (sums, no intervals),
    /// or when it was written before SPEC 26 (no field interval).
    ///
    /// - Throws: `ReportCSV.Unreadable` for a file that cannot be read or lacks a column.
    init?(folder: String) throws(ReportCSV.Unreadable) {
        let path = BatchReportFile.observed.path(in: folder)
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        // A shard's file (sums, no intervals) and a folder written before SPEC 26 (no field
        // interval) have no verdict.
        let file = try ReportCSV(path: path, required: [ObservedColumn.scenario])
        guard file.column(ObservedColumn.simulatedMean) != nil, file.column(ObservedColumn.observedCILow) != nil else { return nil }
        let required = try ReportCSV(path: path, required: ObservedColumn.allCases)
        var points: [(scenario: String, point: String, distances: [(counter: String, distance: Double)])] = []
        let column = { (name: ObservedColumn) in required.column(name)! }
        let sweep = Array(required.header.indices.dropFirst(ObservedColumn.allCases.count))
        try required.forEachRow { row throws(ReportCSV.Unreadable) in
            guard let distance = Self.distance(row, column) else { return }
            let settings = sweep.filter { !row[$0].isEmpty }.map { RunFolderName.setting(key: required.header[$0], value: row[$0]) }
            let point = ([row[column(.policy)]] + settings).joined(separator: ", ")
            let scenario = row[column(.scenario)]
            if let index = points.firstIndex(where: { $0.scenario == scenario && $0.point == point }) {
                points[index].distances.append((row[column(.counter)], distance))
            } else {
                points.append((scenario, point, [(row[column(.counter)], distance)]))
            }
        }
        scenarios = Self.verdicts(points)
    }

    /// `init(folder:)` for the command line: the verdict of `folder`, nil without one.
    ///
    /// - Throws: an error whose description names `observed.csv` and why it cannot be read.
    package static func read(folder: String) throws -> FieldVerdict? {
        try FieldVerdict(folder: folder)
    }

    /// The sentences, one per scenario.
    package var lines: [String] { scenarios.map(\.sentence) }

    /// A row's distance in intervals; nil for a row not judged (the seconds, a point without
    /// runs).
    private static func distance(_ row: [String], _ column: (ObservedColumn) -> Int) -> Double? {
        guard let counter = Scenario.Observed.Counter(rawValue: row[column(.counter)]), FieldMatch.isJudged(counter),
              let fieldLow = ReportCSV.number(row[column(.observedCILow)]), let fieldHigh = ReportCSV.number(row[column(.observedCIHigh)]),
              let mean = ReportCSV.number(row[column(.simulatedMean)]) else { return nil }
        let low = ReportCSV.number(row[column(.ciLow)]) ?? mean, high = ReportCSV.number(row[column(.ciHigh)]) ?? mean
        return FieldMatch.distance(.init(low: fieldLow, high: fieldHigh), .init(low: low, high: high))
    }

    /// Each scenario's matching points, or its best point and furthest counter.
    private static func verdicts(_ points: [(scenario: String, point: String, distances: [(counter: String, distance: Double)])]) -> [ScenarioVerdict] {
        var names: [String] = []
        for point in points where !names.contains(point.scenario) { names.append(point.scenario) }
        return names.map { name in
            let own = points.filter { $0.scenario == name }
            let matches = own.filter { $0.distances.allSatisfy { $0.distance == 0 } }.map(\.point)
            guard matches.isEmpty else { return ScenarioVerdict(name: name, matches: matches, closest: nil) }
            // The furthest counter of each point (the first of equals), then the point whose is nearest.
            let worst = own.map { point in
                (point.point, point.distances.reduce(point.distances[0]) { $1.distance > $0.distance ? $1 : $0 })
            }
            guard let best = worst.min(by: { $0.1.distance < $1.1.distance }) else { return ScenarioVerdict(name: name, matches: [], closest: nil) }
            return ScenarioVerdict(name: name, matches: [], closest: (best.0, best.1.counter, best.1.distance))
        }
    }

    /// A distance in intervals, for messages: `1.234 intervals`, `infinitely many intervals`
    /// (both intervals of width 0).
    static func distanceText(_ distance: Double) -> String {
        guard distance.isFinite else { return "infinitely many intervals (both of width 0)" }
        return String(format: "%.3f interval%@", distance, distance == 1 ? "" : "s")
    }
}

/// One chart of a batch's comparison (SPEC 21): a metric's group means from `groups.csv`,
/// each with its 95 % Student's interval as an error bar, against the x key, one line per
/// line key.
///
/// - The x key is the last of KEYS other than `policy`, its values in order of first
///   appearance (placed by value when all are numbers, else evenly spaced: `SweepChartAxis`).
///   When KEYS is `policy` alone, the x axis is the policies, one point each.
/// - A line is a combination of `policy` and the other keys (those neither `policy` nor the x
///   key), in order of first appearance, each a dimension with a channel of its own
///   (`SeriesChannels`): the first (the policy) colour, as elsewhere on the page, the second
///   line style, the rest marker shape. Its label names its values in words
///   (`SweepValueLabels`: a label of the page's, else the key's words and unit), never as
///   `key=value`.
///   At most `maxLines` lines are drawn; the chart itself says which were left out, in a note
///   line under it (`leftOutNote`). So the comparison always draws exactly three panels, one
///   per metric, whatever the batch's size.
struct ComparisonChart {
    /// One line: its legend label, its colour and marker, and its value at each x.
    struct Line {
        var label: String
        var style: SeriesStyle
        var values: [BatchReports.Rate?]
    }

    /// A charted metric: its column of `summary.csv` (its `groups.csv` columns are named after
    /// it), its title and its y axis' title with the unit.
    struct Metric {
        var column: SummaryColumn
        var title: String
        var unit: String
        /// A share from 0 to 1 (else an amount from 0, or below 0 when an interval reaches there).
        var share: Bool
    }

    /// The key of `groups.csv` that holds the policy: `summary.csv`'s column.
    static let policyKey = SummaryColumn.policy.rawValue

    /// The three metrics SPEC 21 charts, in order.
    static let metrics = [
        Metric(column: .killsPerHour, title: "Pressure kills per hour", unit: "kills per hour", share: false),
        Metric(column: .hotLaunchRatio, title: "Hot-launch ratio", unit: "share of launches", share: true),
        Metric(column: .launchWait, title: "Launch wait", unit: "seconds", share: false),
    ]

    /// The most lines on one chart (the palette's size).
    static let maxLines = 8

    let metric: Metric
    /// The x key and its values.
    let key: String
    let values: [String]
    let lines: [Line]
    /// Line keys not drawn (beyond `maxLines`).
    let leftOut: Int
    /// The labels of the lines not drawn, in order.
    let leftOutLabels: [String]
    /// The x values' tick labels: their labels where the page has them, else the values.
    let valueNames: [String]

    /// The chart of `metric` over `reports`' groups.
    init(metric: Metric, reports: ComparisonReports) {
        self.metric = metric
        let layout = Self.layout(reports)
        key = layout.key
        values = layout.values
        valueNames = layout.values.map { reports.labels.tick(layout.key, $0) }
        let styles = SeriesChannels.styles(layout.lineKeys.map(\.values), policyFirst: layout.hasPolicy)
        var lines: [Line] = []
        for (index, lineKey) in layout.lineKeys.prefix(Self.maxLines).enumerated() {
            var values = [BatchReports.Rate?](repeating: nil, count: layout.values.count)
            for group in reports.groups where layout.lineKey(group) == lineKey.values {
                if let x = layout.values.firstIndex(of: group.value(layout.key, in: reports.keys)) {
                    values[x] = group.metrics[metric.column.rawValue]
                }
            }
            lines.append(Line(label: lineKey.label, style: styles[index], values: values))
        }
        self.lines = lines
        leftOut = max(layout.lineKeys.count - Self.maxLines, 0)
        leftOutLabels = layout.lineKeys.dropFirst(Self.maxLines).map(\.label)
    }

    /// The note a chart that leaves lines out carries under it: "4 series left out: lmkd ·
    /// compressor pool 4096 MB, …"; nil when it draws them all.
    var leftOutNote: String? {
        guard leftOut > 0 else { return nil }
        return "\(leftOut) series left out (at most \(Self.maxLines) drawn): " + leftOutLabels.joined(separator: "; ")
    }

    /// How the groups map onto a chart: the x key and values, and the lines' keys.
    struct Layout {
        var key: String
        var values: [String]
        var hasPolicy: Bool
        var otherKeys: [String]
        var keys: [String]
        var policies: [String] = []
        var combinations: [[String]] = []
        var lineKeys: [(values: [String], policy: String, others: [String], label: String)] = []

        /// The group's line key: its policy (when `policy` is a key) and its other keys' values.
        func lineKey(_ group: ComparisonReports.Group) -> [String] {
            (hasPolicy ? [group.value(ComparisonChart.policyKey, in: keys)] : [])
                + otherKeys.map { group.value($0, in: keys) }
        }
    }

    /// The layout of `reports`' groups (see the type's documentation).
    static func layout(_ reports: ComparisonReports) -> Layout {
        let keys = reports.keys
        let key = keys.last { $0 != Self.policyKey } ?? Self.policyKey
        var layout = Layout(key: key, values: [], hasPolicy: keys.contains(Self.policyKey),
                            otherKeys: keys.filter { $0 != Self.policyKey && $0 != key }, keys: keys)
        var seenValues = Set<String>(), seenLines = Set<[String]>(), seenPolicies = Set<String>(), seenOthers = Set<[String]>()
        for group in reports.groups {
            let x = group.value(key, in: keys)
            if seenValues.insert(x).inserted { layout.values.append(x) }
            let policy = layout.hasPolicy ? group.value(Self.policyKey, in: keys) : ""
            if layout.hasPolicy, seenPolicies.insert(policy).inserted { layout.policies.append(policy) }
            let others = layout.otherKeys.map { group.value($0, in: keys) }
            if seenOthers.insert(others).inserted { layout.combinations.append(others) }
            let lineKey = layout.lineKey(group)
            guard seenLines.insert(lineKey).inserted else { continue }
            let settings = zip(layout.otherKeys, others).map { reports.labels.text($0, $1) }
            let label = key == Self.policyKey ? policy : ((layout.hasPolicy ? [policy] : []) + settings).joined(separator: " · ")
            layout.lineKeys.append((lineKey, policy, others, label.isEmpty ? "all runs" : label))
        }
        return layout
    }

    /// Whether any line has a value to draw.
    var hasData: Bool {
        lines.contains { $0.values.contains { $0 != nil } }
    }
}

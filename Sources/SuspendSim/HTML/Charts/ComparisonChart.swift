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
///   `key=value`; a key whose value every line shares is left out of the labels and named
///   once, in the caption (`shared`).
/// - No line is dropped unasked (SPEC 15 "Labels, styles, legends"): a chart of more than
///   `maxLines` lines becomes small multiples (`ComparisonChart.panels`), one panel per value
///   of the lines' second dimension, sharing the y scale and one legend. Only a cap the user
///   sets (`report --figure-series N`) leaves lines out, and the chart says which, in a note
///   line under it (`leftOutNote`).
struct ComparisonChart {
    /// One line: its legend label (without what its panel or every line shares), its whole
    /// name (`series`: every value that tells it from the others, as the figure's CSV names
    /// it), its colour and marker, and its value at each x.
    struct Line {
        var label: String
        var series: String
        var style: SeriesStyle
        var values: [BatchReports.Rate?]
    }

    /// A charted metric: its column of `summary.csv` (its `groups.csv` columns are named after
    /// it), its title and its y axis' title with the unit, in words.
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
        Metric(column: .launchWait, title: "Launch wait", unit: "launch wait (s)", share: false),
    ]

    /// The most lines one chart holds before it becomes small multiples (the palette's size).
    static let maxLines = 8

    let metric: Metric
    /// The x key and its values.
    let key: String
    let values: [String]
    let lines: [Line]
    /// The panel this chart is of small multiples: the panel key's value and its words; nil
    /// for a chart of every line.
    let panel: (value: String, title: String)?
    /// Every line of the metric, in all panels: the y scale is shared by the panels.
    let scaleLines: [Line]
    /// Line keys not drawn (beyond the user's cap).
    let leftOut: Int
    /// The cap the user set (`--figure-series N`), nil: every line is drawn.
    let cap: Int?
    /// The labels of the lines not drawn, in order.
    let leftOutLabels: [String]
    /// The x values' tick labels: their labels where the page has them, else the values.
    let valueNames: [String]
    /// What every line shares, in words ("no compressor"): named once, in the caption.
    let shared: [String]

    /// The chart of `metric` over `reports`' groups: every line, or the lines of `panel` (a
    /// value of the layout's panel key), at most `cap` of them when the user set one.
    init(metric: Metric, reports: ComparisonReports, cap: Int? = nil, panel: String? = nil) {
        self.init(metric: metric, reports: reports, layout: Self.layout(reports, cap: cap), cap: cap, panel: panel)
    }

    init(metric: Metric, reports: ComparisonReports, layout: Layout, cap: Int?, panel: String?) {
        self.metric = metric
        self.cap = cap
        key = layout.key
        values = layout.values
        shared = layout.shared
        valueNames = layout.values.map { reports.labels.tick(layout.key, $0) }
        let styles = SeriesChannels.styles(layout.lineKeys.map(\.styleValues), policyFirst: layout.hasPolicy)
        let xIndex = Dictionary(layout.values.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let lineIndex = Dictionary(layout.lineKeys.enumerated().map { ($1.values, $0) }, uniquingKeysWith: { first, _ in first })
        var all = layout.lineKeys.enumerated().map { index, lineKey in
            Line(label: lineKey.label, series: lineKey.series, style: styles[index],
                 values: [BatchReports.Rate?](repeating: nil, count: layout.values.count))
        }
        // One pass over the groups (linear in groups, SPEC 35).
        for group in reports.groups {
            guard let line = lineIndex[layout.lineKey(group)], let x = xIndex[group.value(layout.key, in: reports.keys)] else { continue }
            all[line].values[x] = group.metrics[metric.column.rawValue]
        }
        scaleLines = all
        let inPanel = zip(layout.lineKeys, all).filter { panel == nil || $0.0.panel == panel }.map(\.1)
        let drawn = Array(inPanel.prefix(cap ?? Int.max))
        lines = drawn
        leftOut = inPanel.count - drawn.count
        leftOutLabels = inPanel.dropFirst(drawn.count).map(\.series)
        self.panel = panel.map { value in (value, layout.panelKey.map { reports.labels.text($0, value) } ?? value) }
    }

    /// The charts of `metric`: one, or with a panel key (more than `maxLines` lines and no cap
    /// set), one per value of it, in order of first appearance.
    static func panels(metric: Metric, reports: ComparisonReports, cap: Int? = nil) -> [ComparisonChart] {
        let layout = layout(reports, cap: cap)
        guard layout.panelKey != nil else { return [ComparisonChart(metric: metric, reports: reports, layout: layout, cap: cap, panel: nil)] }
        return layout.panelValues.map { ComparisonChart(metric: metric, reports: reports, layout: layout, cap: cap, panel: $0) }
    }

    /// The note a chart that leaves lines out carries under it: "2 series left out
    /// (--figure-series 8): frees-most · no compressor; …"; nil when it draws them all.
    var leftOutNote: String? {
        guard leftOut > 0 else { return nil }
        return "\(leftOut) series left out (--figure-series \(cap ?? lines.count)): " + leftOutLabels.joined(separator: "; ")
    }

    /// How the groups map onto a chart: the x key and values, the panel key and values, and
    /// the lines' keys.
    struct Layout {
        var key: String
        var values: [String]
        var hasPolicy: Bool
        var otherKeys: [String]
        var keys: [String]
        var policies: [String] = []
        var combinations: [[String]] = []
        /// The key of the small multiples' panels (the lines' second dimension), nil: one chart.
        var panelKey: String?
        var panelValues: [String] = []
        /// What every line shares, in words.
        var shared: [String] = []
        var lineKeys: [LineKey] = []

        /// A line's key: its values (policy first), its panel's value ("" without panels),
        /// the values that choose its style (without the panel's), its legend label and its
        /// whole name.
        struct LineKey {
            var values: [String]
            var policy: String
            var others: [String]
            var panel: String
            var styleValues: [String]
            var label: String
            var series: String
        }

        /// The group's line key: its policy (when `policy` is a key) and its other keys' values.
        func lineKey(_ group: ComparisonReports.Group) -> [String] {
            (hasPolicy ? [group.value(ComparisonChart.policyKey, in: keys)] : [])
                + otherKeys.map { group.value($0, in: keys) }
        }
    }

    /// The layout of `reports`' groups (see the type's documentation); `cap`, the user's cap
    /// on lines, keeps every line on one chart.
    static func layout(_ reports: ComparisonReports, cap: Int? = nil) -> Layout {
        let keys = reports.keys
        let key = keys.last { $0 != Self.policyKey } ?? Self.policyKey
        var layout = Layout(key: key, values: [], hasPolicy: keys.contains(Self.policyKey),
                            otherKeys: keys.filter { $0 != Self.policyKey && $0 != key }, keys: keys)
        var seenValues = Set<String>(), seenLines = Set<[String]>(), seenPolicies = Set<String>(), seenOthers = Set<[String]>()
        var found: [(values: [String], policy: String, others: [String])] = []
        for group in reports.groups {
            let x = group.value(key, in: keys)
            if seenValues.insert(x).inserted { layout.values.append(x) }
            let policy = layout.hasPolicy ? group.value(Self.policyKey, in: keys) : ""
            if layout.hasPolicy, seenPolicies.insert(policy).inserted { layout.policies.append(policy) }
            let others = layout.otherKeys.map { group.value($0, in: keys) }
            if seenOthers.insert(others).inserted { layout.combinations.append(others) }
            let lineKey = layout.lineKey(group)
            if seenLines.insert(lineKey).inserted { found.append((lineKey, policy, others)) }
        }
        // A key every line shares is said once; the second dimension splits more lines than
        // a chart tells apart into panels.
        let sharedKeys = layout.otherKeys.indices.filter { index in Set(found.map { $0.others[index] }).count == 1 && found.count > 1 }
        layout.shared = sharedKeys.map { reports.labels.text(layout.otherKeys[$0], found[0].others[$0]) }
        let dimensions = (layout.hasPolicy ? [-1] : []) + layout.otherKeys.indices.filter { !sharedKeys.contains($0) }
        let panelIndex = cap == nil && found.count > Self.maxLines && dimensions.count > 1 ? dimensions[1] : nil
        layout.panelKey = panelIndex.map { layout.otherKeys[$0] }
        for line in found {
            let panel = panelIndex.map { line.others[$0] } ?? ""
            if panelIndex != nil, !layout.panelValues.contains(panel) { layout.panelValues.append(panel) }
            let words = { (indices: [Int]) in indices.map { reports.labels.text(layout.otherKeys[$0], line.others[$0]) } }
            let policyWords = layout.hasPolicy ? [reports.labels.text(Self.policyKey, line.policy)] : []
            let kept = layout.otherKeys.indices.filter { !sharedKeys.contains($0) }
            let label = key == Self.policyKey ? policyWords.joined() : (policyWords + words(kept.filter { $0 != panelIndex })).joined(separator: " · ")
            let series = key == Self.policyKey ? policyWords.joined() : (policyWords + words(kept)).joined(separator: " · ")
            let styleValues = (layout.hasPolicy ? [line.policy] : []) + kept.filter { $0 != panelIndex }.map { line.others[$0] }
            layout.lineKeys.append(Layout.LineKey(values: line.values, policy: line.policy, others: line.others, panel: panel,
                                                  styleValues: styleValues.isEmpty ? [""] : styleValues,
                                                  label: label.isEmpty ? "all runs" : label, series: series.isEmpty ? "all runs" : series))
        }
        return layout
    }

    /// Whether any line has a value to draw.
    var hasData: Bool {
        lines.contains { $0.values.contains { $0 != nil } }
    }
}

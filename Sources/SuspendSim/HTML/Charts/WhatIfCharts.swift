/// The charts under the what-if answer (SPEC 25): for each what-if app and counter that has a
/// sentence, the paired difference `mean_diff` with its 95 % interval against the swept value,
/// one line per policy, the baseline at 0 and a dashed line at "no change".
///
/// One chart per scenario, combination of the other sweep columns, app and counter, in
/// `whatif.csv`'s order; on the page at most `limit` of them (the rest are in the file), in
/// `report --figures` every one (`figureLimit`, `WhatIfCharts+Figures`).
struct WhatIfCharts {
    /// One chart's data, gathered row by row.
    private struct Plan {
        var title: String
        /// The chart's app and counter in words ("launch wait (s) of com.android.chrome"), and
        /// its scenario and other sweep values ("policy-study · RAM 1024 MB", empty when titles
        /// name none): a figure's title and its panel's.
        var subject: String
        var context: String
        var subtitle: String
        var key: String
        var baseline: String
        var values: [String] = []
        var policies: [String] = []
        var differences: [String: [String: BatchReports.Rate]] = [:]
        /// `values` and `policies` as sets: a row is added in constant time (SPEC 35).
        var seenValues: Set<String> = []
        var seenPolicies: Set<String> = []
    }

    /// At most this many charts on the page, and in the figures (every chart, short of a
    /// `whatif.csv` too large to draw).
    static let limit = 6
    static let figureLimit = 10_000
    /// This collection's most charts: `limit` or `figureLimit`.
    var most = WhatIfCharts.limit

    private var plans: [Plan] = []
    private var index: [[String]: Int] = [:]
    /// The policies of every chart, in order of first appearance (the legend's).
    private(set) var policies: [String] = []
    private var seenPolicies: Set<String> = []

    /// Adds a row of `whatif.csv` (its `cells`) that has a sentence; `context` is its scenario
    /// and other sweep values, without the policy, and `showContext` whether titles name it.
    /// Titles are in words (`MetricWords`, the baseline by its label or its key's words).
    mutating func add(_ cells: [String], column: (WhatIfColumn) -> Int, context: [String], policy: String, showContext: Bool,
                      labels: SweepValueLabels = SweepValueLabels()) {
        let app = cells[column(.app)], metric = cells[column(.metric)]
        guard let difference = ReportCSV.number(cells[column(.meanDiff)]) else { return }
        let id = context + [app, metric]
        if index[id] == nil {
            guard plans.count < most else { return }
            index[id] = plans.count
            let baseline = cells[column(.baseline)]
            let words = showContext ? context.filter { !$0.isEmpty }.joined(separator: " · ") : ""
            let subject = "\(MetricWords.text(metric)) of \(app)"
            plans.append(Plan(title: subject + (words.isEmpty ? "" : " · " + words), subject: subject, context: words,
                              subtitle: "change per run against \(labels.text(cells[column(.key)], baseline)); band: 95 % CI of the paired difference",
                              key: cells[column(.key)], baseline: baseline, values: [baseline], seenValues: [baseline]))
        }
        let at = index[id]!
        let value = cells[column(.value)]
        if plans[at].seenValues.insert(value).inserted { plans[at].values.append(value) }
        if plans[at].seenPolicies.insert(policy).inserted { plans[at].policies.append(policy) }
        if seenPolicies.insert(policy).inserted { policies.append(policy) }
        let atBaseline = [plans[at].baseline: BatchReports.Rate(value: 0, low: nil, high: nil)]
        plans[at].differences[policy, default: atBaseline][value] =
            BatchReports.Rate(value: difference, low: ReportCSV.number(cells[column(.ciLow)]), high: ReportCSV.number(cells[column(.ciHigh)]))
    }

    /// Whether there is no chart.
    var isEmpty: Bool { plans.isEmpty }

    /// The charts, each line styled by its policy's place in `policies`, a labelled swept
    /// value ticked with its label (`labels`, SPEC 15).
    func charts(labels: SweepValueLabels = SweepValueLabels()) -> [SweepChart] {
        charts(of: plans, labels: labels)
    }

    /// The charts grouped by app and counter, in order of first appearance: a figure's panels,
    /// each titled by its context alone (or, without one, by the chart's title).
    func chartGroups(labels: SweepValueLabels = SweepValueLabels()) -> [(subject: String, panels: [SweepChart])] {
        var order: [String] = [], groups: [String: [Plan]] = [:]
        for plan in plans {
            if groups[plan.subject] == nil { order.append(plan.subject) }
            var panel = plan
            if !plan.context.isEmpty { panel.title = plan.context }
            groups[plan.subject, default: []].append(panel)
        }
        return order.map { ($0, charts(of: groups[$0]!, labels: labels)) }
    }

    private func charts(of plans: [Plan], labels: SweepValueLabels) -> [SweepChart] {
        let styles = SeriesStyle.styles(for: policies)
        return plans.map { plan in
            let lines = plan.policies.map { policy in
                SweepChart.Line(label: labels.policy(policy), style: styles[policies.firstIndex(of: policy)!],
                                values: plan.values.map { plan.differences[policy]?[$0] })
            }
            return SweepChart(title: plan.title, subtitle: plan.subtitle, key: plan.key, values: plan.values, lines: lines,
                              yAxis: .difference, reference: (0, "no change"),
                              valueNames: plan.values.map { labels.tick(plan.key, $0) })
        }
    }
}

/// What the batch page draws for one batch scenario (SPEC 15, 19), decided before anything is
/// drawn, within the scenario's `PanelBudget`:
///
/// - a scenario that sweeps one key: a never-killed chart per focus app (`BatchSweepCharts`);
/// - a scenario in `observed.csv`: a calibration chart per counter;
/// - a long sweep of one key (more than `BatchPage.panelsPerChart` values): pressure kills and
///   the hot-launch ratio against the swept value, and no per-point survival panels when the
///   focus charts answer; otherwise the per-point survival panels (policies side by side in
///   a panel per sweep point, or the sweep points as the series of one panel) and the
///   per-point rows of `PointChart`.
struct BatchScenarioPlan {
    /// One survival chart: its panels and series.
    struct SurvivalPlan {
        var series: [SurvivalChart.Series]
        var panels: [SurvivalChart.Panel]
    }

    let scenario: BatchReports.Scenario
    let charts: BatchSweepCharts
    private(set) var focusRule: FocusApps.Rule?
    private(set) var neverKilled: [SweepChart] = []
    private(set) var calibration: [SweepChart] = []
    /// Pressure kills and the hot-launch ratio against the sweep (a long sweep); empty: the
    /// page draws `PointChart`'s rows.
    private(set) var pointCharts: [SweepChart] = []
    private(set) var survival: [SurvivalPlan] = []
    /// The apps' order in every survival panel of the scenario: past `SurvivalChart.foldAbove`
    /// apps, those of lowest survival only (`SurvivalChart.folded`).
    private(set) var appOrder: [Int] = []
    /// The scenario's apps that no survival panel draws (past `SurvivalChart.foldAbove`).
    var appsNotDrawn: Int { appOrder.isEmpty ? 0 : scenario.apps.count - appOrder.count }
    /// Panels refused by the budget.
    private(set) var leftOut = 0

    init(scenario: BatchReports.Scenario, reports: BatchReports, observed: ObservedReports, focusApps: [String]?) {
        self.scenario = scenario
        charts = BatchSweepCharts(reports: reports, observed: observed, scenario: scenario, given: focusApps)
        var budget = PanelBudget()
        focusRule = charts.focus()?.rule
        let focus = charts.neverKilledCharts()
        neverKilled = Array(focus.prefix(budget.take(focus.count)))
        let counters = charts.calibrationCharts()
        calibration = Array(counters.prefix(budget.take(counters.count)))
        let longSweep = (scenario.sweep?.values.count ?? 0) > BatchPage.panelsPerChart
        if longSweep {
            let points = charts.pointCharts()
            pointCharts = Array(points.prefix(budget.take(points.count)))
        }
        // The focus charts answer a long sweep; without them, the survival panels do.
        if !(longSweep && !focus.isEmpty), reports.hasSurvival, !scenario.apps.isEmpty {
            let means = SurvivalChart.meanSurvival(apps: scenario.apps, points: scenario.points, survival: reports.survival)
            appOrder = SurvivalChart.folded(SurvivalChart.order(apps: scenario.apps, points: scenario.points, survival: reports.survival),
                                            means: means)
            survival = Self.survivalPlans(scenario, labels: reports.labels, budget: &budget)
        }
        leftOut = budget.leftOut
    }

    /// How many panels the plan draws.
    var panelCount: Int {
        neverKilled.count + calibration.count + pointCharts.count + survival.reduce(0) { $0 + $1.panels.count }
    }

    /// The survival charts. Several policies: the policies are the series (side by side in each
    /// app's row) and each sweep point is a panel, `BatchPage.panelsPerChart` to a chart. One
    /// policy: the sweep points are the series of one panel, `BatchPage.seriesPerChart` to a
    /// chart. Each panel takes one of the budget's. Panel titles and series name the points'
    /// values in words (`labels`, SPEC 15 "Labels").
    static func survivalPlans(_ scenario: BatchReports.Scenario, labels names: SweepValueLabels = SweepValueLabels(),
                              budget: inout PanelBudget) -> [SurvivalPlan] {
        let policies = scenario.policies
        let sweeps = scenario.sweepOrder
        let keys = Set(scenario.points)
        func key(_ policy: String, _ settings: [String]) -> BatchReports.PointKey? {
            let key = BatchReports.PointKey(scenario: scenario.name, policy: policy, settings: settings)
            return keys.contains(key) ? key : nil
        }
        if policies.count > 1 {
            let series = zip(policies, SeriesStyle.styles(for: policies)).map { SurvivalChart.Series(label: names.policy($0), style: $1) }
            let panels = sweeps.prefix(budget.take(sweeps.count)).map { settings in
                SurvivalChart.Panel(title: settings.map { names.text(setting: $0) }, points: policies.map { key($0, settings) })
            }
            return stride(from: 0, to: panels.count, by: BatchPage.panelsPerChart).map { start in
                SurvivalPlan(series: series, panels: Array(panels[start..<min(start + BatchPage.panelsPerChart, panels.count)]))
            }
        }
        let policy = policies.first ?? ""
        // A point without settings is labelled, and drawn, as its policy.
        let labels = sweeps.map { $0.isEmpty ? policy : names.text(settings: $0) }
        // Points of two swept keys or more: colour for the first key, marker for the others (SPEC 15).
        let values = sweeps.map { $0.map { RunFolderName.split($0)?.value ?? String($0.dropFirst()) } }
        let styles = Set(values.map(\.count)).count == 1 && (values.first?.count ?? 0) > 1
            ? SeriesChannels.markerStyles(values) : SeriesStyle.styles(for: labels)
        let series = zip(labels, styles).map { SurvivalChart.Series(label: $0, style: $1) }
        let starts = Array(stride(from: 0, to: series.count, by: BatchPage.seriesPerChart))
        return starts.prefix(budget.take(starts.count)).map { start in
            let range = start..<min(start + BatchPage.seriesPerChart, series.count)
            return SurvivalPlan(series: Array(series[range]), panels: [SurvivalChart.Panel(title: [], points: range.map { key(policy, sweeps[$0]) })])
        }
    }
}

/// The charts of a batch page as figures (`report --figures`): every chart the page draws, in
/// page order, titled as the page titles it.
///
/// - The comparison's charts (SPEC 21), titled by their metric (all three, as the page draws them).
/// - The what-if charts (SPEC 25), by their own titles.
/// - The tornado charts of how far the answer moves (SPEC 39), by their titles and points.
/// - For each scenario whose charts the page draws (`chartedPlans`): the never-killed and
///   calibration charts under their section's heading, the survival charts, and the per-point
///   charts (the per-point bar chart names its rows itself, so it has no legend). With several scenarios on the page, each of these titles starts with the
///   scenario's name.
///
/// - The single runs' chart, titled as the page titles it.
extension BatchPage {
    /// The page's scenario plans, and whether each one's charts are drawn: with a comparison,
    /// only those that fit in the panels it left (`PanelBudget`), never a scenario per trace
    /// user (SPEC 21).
    func chartedPlans() -> [(plan: BatchScenarioPlan, charts: Bool)] {
        var pageBudget = PanelBudget.limit - Self.comparisonPanels(comparison)
        return reports.scenarios.filter(\.isBatch).map { scenario in
            let plan = BatchScenarioPlan(scenario: scenario, reports: reports, observed: observed, focusApps: focusApps)
            var charts = true
            if comparison != nil {
                charts = !Self.sweepsUsers(plan.scenario) && plan.panelCount <= pageBudget
                if charts { pageBudget -= plan.panelCount }
            }
            return (plan, charts)
        }
    }

    /// Every chart of the page as a figure, in page order, each laid out for `width`
    /// (`FigureWidth.layoutWidth(page:)`; nil: as the page lays it out).
    func figures(width: FigureWidth? = nil) -> [Figure] {
        func fitted(_ chart: SweepChart) -> SweepChart {
            var chart = chart
            chart.width = width?.layoutWidth(page: SweepChart.width) ?? SweepChart.width
            return chart
        }
        let wide = Double(RunChartGeometry.width)
        let barWidth = width?.layoutWidth(page: wide) ?? wide
        var figures: [Figure] = []
        if let comparison {
            figures += Self.comparisonCharts(comparison, cap: seriesCap).map { Figure.comparison($0, title: [$0[0].metric.title]) }
        }
        if let whatIf, !whatIf.sentences.isEmpty {
            let styles = SeriesStyle.styles(for: whatIf.figureCharts.policies)
            let legend = zip(whatIf.figureCharts.policies, styles).map { (label: reports.labels.policy($0), style: $1) }
            // Every app and counter, a panel per point: one column at 3.5 in, two at 7, each
            // panel laid out at one column's width so that its text prints at 7 pt.
            let columns = width == .twoColumns ? 2 : 1
            let panelWidth = width == nil ? SweepChart.width : FigureWidth.oneColumn.layoutWidth(page: SweepChart.width)
            figures += whatIf.figureCharts.chartGroups(labels: whatIf.labels).map { group in
                let panels = group.panels.map { chart in
                    var chart = chart
                    chart.width = panelWidth
                    return chart
                }
                return Figure.whatIf(panels, title: ["What if", group.subject], columns: columns, legend: legend)
            }
        }
        if let sensitivity {
            figures += sensitivity.charts.map { chart in
                var chart = chart
                chart.width = width?.layoutWidth(page: chart.width) ?? chart.width
                return Figure.tornado(chart, title: [chart.scenario, SensitivitySection.title, chart.title])
            }
        }
        let several = reports.scenarios.count > 1
        for (plan, charts) in chartedPlans() where charts {
            figures += scenarioFigures(plan, fitted: fitted, barWidth: barWidth, stacked: width == .oneColumn).map { figure in
                var figure = figure
                if several { figure.title.insert(plan.scenario.name, at: 0) }
                return figure
            }
        }
        let singles = reports.scenarios.filter { !$0.isBatch }
        if !singles.isEmpty {
            let policies = orderedUnique(singles.flatMap { $0.points.map(\.policy) })
            let title = Self.singleRunsTitle(scenarios: singles.count, policies: policies.count)
            figures.append(Figure.points(PointChart(rows: singleRunRows(singles), width: barWidth), title: [title], pageTitle: title, legend: []))
        }
        return figures
    }

    /// A scenario's charts as figures, in the order its section draws them; `stacked`: survival
    /// panels one under the other (one column, SPEC 15).
    private func scenarioFigures(_ plan: BatchScenarioPlan, fitted: (SweepChart) -> SweepChart, barWidth: Double, stacked: Bool) -> [Figure] {
        let scenario = plan.scenario
        let legend = zip(scenario.policies, SeriesStyle.styles(for: scenario.policies)).map { (label: reports.labels.policy($0), style: $1) }
        var figures: [Figure] = []
        if !plan.neverKilled.isEmpty, let key = scenario.sweep?.key {
            figures += plan.neverKilled.map(fitted).map { Figure.line($0, title: ["Never killed, against \(key)", $0.title], yName: "never_killed", legend: legend) }
        }
        figures += plan.calibration.map(fitted).map {
            Figure.line($0, title: ["Calibration: simulated against observed", $0.title], yName: "simulated_per_run", legend: legend)
        }
        for (index, chartPlan) in plan.survival.enumerated() {
            let chart = SurvivalChart(apps: scenario.apps, order: plan.appOrder, series: chartPlan.series, panels: chartPlan.panels,
                                      survival: reports.survival, width: barWidth)
            let title = "Survival per app" + (plan.survival.count > 1 ? " (\(index + 1) of \(plan.survival.count))" : "")
            figures.append(Figure.survival(chart, title: [title], pageTitle: title, stacked: stacked))
        }
        if !plan.pointCharts.isEmpty {
            let names = ["pressure_kills_per_run", "hot_launch_ratio"]
            figures += plan.pointCharts.map(fitted).enumerated().map { index, chart in
                Figure.line(chart, title: [Self.pointChartTitle, chart.title], yName: names[min(index, names.count - 1)], legend: legend)
            }
        } else {
            let rows = pointRows(scenario)
            if !rows.isEmpty {
                figures.append(Figure.points(PointChart(rows: rows, width: barWidth), title: [Self.pointChartTitle], pageTitle: Self.pointChartTitle,
                                             legend: []))
            }
        }
        return figures
    }
}

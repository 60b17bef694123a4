/// The page of a batch's `--out` folder (SPEC 15, 19): for each scenario run as a batch, what
/// `BatchScenarioPlan` decides: against a swept key, a never-killed chart per focus app and
/// the calibration picture (with `observed.csv`); survival per app with Wilson whiskers
/// (launched rate, policies side by side with `--policy all`); pressure kills and the
/// hot-launch ratio per point; and links to the pages of the runs that have folders
/// (`--details`). Then the single runs compared on one chart, with links to their pages, and
/// what the answer assumes (SPEC 36), each key once. It never draws a run on its own: runs are
/// summed per point.
///
/// A folder with `groups.csv` (SPEC 21) gets the comparison first (`ComparisonSection`), and
/// the page as a whole draws at most `PanelBudget.limit` panels: a scenario's own charts are
/// drawn only when they fit in what the comparison and the scenarios before it left, and never
/// for a scenario whose `survival.csv` rows are per trace user (a folder written before SPEC 24:
/// the comparison replaces a panel per user). A batch over several trace users pools them in
/// its per-app tables (SPEC 24), and its survival and sweep charts read those pooled rows, a
/// point per value of the other sweep keys (`BatchReports`).
struct BatchPage {
    let reports: BatchReports
    /// The folder's `observed.csv` (no counters without one).
    var observed = ObservedReports()
    /// The page's title and heading: the name of the scenario, or the scenarios (`heading`).
    let name: String
    /// Run folders under the batch folder, relative to it, by scenario.
    let runFolders: [String: [String]]
    /// The device RAM of each scenario, from the `device.csv` of one of its run folders.
    let ramByScenario: [String: String]
    /// The batch-wide files in the folder (of `summary.csv`, `survival.csv`, `comparison.csv`
    /// and `observed.csv`), linked in the header.
    let files: [String]
    /// The apps to draw against the sweep (`FocusApps`); nil: the change rule.
    var focusApps: [String]?
    /// The folder's `groups.csv` and `paired.csv` (SPEC 21); nil without `groups.csv`.
    var comparison: ComparisonReports?
    /// The answer of the folder's `whatif.csv` (SPEC 25), which the page opens with.
    var whatIf: WhatIfAnswer?
    /// The verdict of the folder's `observed.csv` (SPEC 26), shown at the top.
    var fieldVerdict: FieldVerdict?
    /// How far the answer moves (SPEC 39), from the folder's `sensitivity_runs.csv`.
    var sensitivity: SensitivitySection?
    /// The most lines of a comparison figure, when the user sets it (`report --figures DIR
    /// --figure-series N`); nil: every line, in small multiples where there are many.
    var seriesCap: Int?

    /// At most this many run links per point; the rest are counted.
    static let linksPerGroup = 40
    /// At most this many panels on one survival chart; a sweep of one key with more values is
    /// drawn against the swept value instead.
    static let panelsPerChart = 4
    /// At most this many series on one survival chart (the palette's size).
    static let seriesPerChart = 8

    /// A section of the page, for the table of contents.
    private struct Section {
        var id: String
        var title: String
        var node: HTMLNode
    }

    /// The page: its header (and a field verdict), then the answer the batch was run for
    /// (`answerSections`), then the contents, then the other sections.
    func render() -> String {
        var sections = answerSections()
        let answers = sections.count
        let charted = chartedPlans()
        let plans = charted.map(\.plan)
        if comparison != nil, let answer = whatIf?.node() {
            sections.append(Section(id: "whatif", title: "What if", node: answer))
        }
        for (index, (plan, charts)) in charted.enumerated() {
            let id = "s\(index + 1)"
            sections.append(Section(id: id, title: plan.scenario.name, node: batchSection(plan, id: id, charts: charts)))
        }
        let singles = reports.scenarios.filter { !$0.isBatch }
        if !singles.isEmpty {
            sections.append(Section(id: "single-runs", title: "Single runs", node: singleRunsSection(singles)))
        }
        if let assumptions = reports.assumptions {
            sections.append(Section(id: "assumptions", title: "What this answer assumes", node: assumptions.node(batch: true)))
        }
        var content: [HTMLNode] = [header()]
        if let verdict = fieldVerdict { content.append(verdict.node()) }
        content += sections.prefix(answers).map(\.node)
        let chartCount = plans.reduce(0) { $0 + $1.panelCount + 1 } + (singles.isEmpty ? 0 : 1) + Self.comparisonPanels(comparison)
        if sections.count > 1 || chartCount > 3 {
            content.append(.nav(class: "toc", .h2("Contents"), .ul(.group(sections.map { section in
                .li(.a(href: "#" + section.id, .text(section.title)))
            }))))
        }
        content += sections.dropFirst(answers).map(\.node)
        return HTMLPage.render(title: "\(name) — suspendsim batch", content: content)
    }

    /// The answer the batch was run for, which the page opens with, before its contents:
    /// the comparison of policies (SPEC 21, `groups.csv`) when there is one, else the what-if
    /// (SPEC 25, `whatif.csv`). A section answering how far the answer moves (SPEC 39's
    /// sensitivity) belongs in this slot, after these.
    private func answerSections() -> [Section] {
        var sections: [Section] = []
        if let comparison {
            sections = [Section(id: "comparison", title: "Comparison", node: comparisonSection(comparison, id: "comparison"))]
        } else if let answer = whatIf?.node() {
            sections = [Section(id: "whatif", title: "What if", node: answer)]
        }
        if let sensitivity { sections.append(Section(id: SensitivitySection.id, title: SensitivitySection.title, node: sensitivity.node())) }
        return sections
    }

    /// The title of a page of `scenarios` (in `summary.csv` order): the scenario's name; for
    /// several, how many and the first few names ("3 scenarios: a, b and c"), never the
    /// folder's name (SPEC 15).
    static func heading(scenarios: [String]) -> String {
        guard scenarios.count > 1 else { return scenarios.first ?? "no scenario" }
        let shown = 4
        let names = Array(scenarios.prefix(shown))
        let list: String
        if scenarios.count > shown {
            list = names.joined(separator: ", ") + " and \(scenarios.count - shown) more"
        } else {
            list = names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
        }
        return "\(scenarios.count) scenarios: " + list
    }

    private func header() -> HTMLNode {
        let policies = orderedUnique(reports.scenarios.flatMap { $0.points.map(\.policy) })
        var facts = ["\(reports.runCount) run\(reports.runCount == 1 ? "" : "s") in \(BatchReportFile.summary.fileName)",
                     "\(reports.scenarios.count) scenario\(reports.scenarios.count == 1 ? "" : "s")",
                     "polic\(policies.count == 1 ? "y" : "ies") \(policies.joined(separator: ", "))"]
        if !reports.sweepKeys.isEmpty { facts.append("swept: \(reports.sweepKeys.joined(separator: ", "))") }
        return .header(
            .h1(.text(name)),
            .p(class: "meta", .text("suspendsim batch report · " + facts.joined(separator: " · "))),
            .p(class: "note", .prose("Files: "), .group(files.enumerated().map { index, file in
                .group([index > 0 ? .prose(" · ") : .empty, .a(href: file, .prose(file))])
            }))
        )
    }

    // MARK: Batch scenarios

    /// A scenario's section; without `charts`, its facts, a note and its run links only.
    private func batchSection(_ plan: BatchScenarioPlan, id: String, charts: Bool = true) -> HTMLNode {
        let scenario = plan.scenario
        let policies = scenario.policies
        let runs = scenario.points.reduce(0) { $0 + (reports.point($1)?.runs ?? 0) }
        var facts = ["\(scenario.points.count) point\(scenario.points.count == 1 ? "" : "s")",
                     "\(runs) runs", "polic\(policies.count == 1 ? "y" : "ies") \(policies.joined(separator: ", "))"]
        let ramSwept = scenario.points.contains { $0.settings.contains { [.device(.ramMB), .device(.model)].contains(RunFolderName.setting(in: $0)?.key) } }
        if !ramSwept, let ram = ramByScenario[scenario.name] { facts.append("device \(ram) MB RAM") }
        facts.append("each run's seed is in \(BatchReportFile.summary.fileName)")
        var nodes: [HTMLNode] = [.h2(.text(scenario.name)), .p(class: "meta", .text(facts.joined(separator: " · ")))]
        guard charts else {
            nodes.append(.p(class: "note", .text("The comparison above stands for this scenario's charts ("
                + (Self.sweepsUsers(scenario) ? "a panel per trace user" : "\(plan.panelCount) panels")
                + " would not fit in the page's \(PanelBudget.limit)); \(BatchReportFile.survival.fileName) has every point's rates.")))
            nodes.append(runLinks(for: scenario.name))
            return .section(id: id, .group(nodes))
        }
        nodes += sweepFigures(plan, id: id)
        nodes += survivalFigures(plan, id: id)
        if !plan.pointCharts.isEmpty {
            nodes.append(.h3("Pressure kills and hot-launch ratio per point"))
            nodes.append(multiples(plan.pointCharts, id: "\(id)-per-point", policies: policies, band: "band: fewest to most pressure kills in one run"))
        } else if let chart = pointChart(scenario, id: id) {
            nodes.append(chart)
        }
        if plan.leftOut > 0 {
            let csvs = [BatchReportFile.survival.fileName] + (observed.counters[scenario.name] == nil ? [] : [BatchReportFile.observed.fileName])
            nodes.append(.p(class: "note", .text("\(plan.panelCount) panels drawn, \(plan.leftOut) left out: the page draws at most "
                + "\(PanelBudget.limit) per scenario; \(csvs.joined(separator: " and ")) \(csvs.count == 1 ? "has" : "have") them all.")))
        }
        nodes.append(runLinks(for: scenario.name))
        return .section(id: id, .group(nodes))
    }

    /// The focus apps' never-killed charts and the calibration charts, each a grid of charts.
    private func sweepFigures(_ plan: BatchScenarioPlan, id: String) -> [HTMLNode] {
        var nodes: [HTMLNode] = []
        let policies = plan.scenario.policies
        if !plan.neverKilled.isEmpty, let key = plan.scenario.sweep?.key {
            let why = plan.focusRule == .given
                ? "The apps given (report --app, or the scenario's expect: and observed: apps)."
                : "The \(FocusApps.count) apps whose never-killed rate changes most across the sweep (highest minus lowest "
                    + "under any one policy)" + ((focusApps ?? []).isEmpty ? "" : ": none of the apps given is in this scenario")
                    + "; report --app ID draws others."
            nodes.append(.h3(.text("Never killed, against \(key)")))
            nodes.append(.p(class: "note", .text(why + " Every app's rates are in \(BatchReportFile.survival.fileName).")))
            nodes.append(multiples(plan.neverKilled, id: "\(id)-sweep", policies: policies, band: "band: 95 % Wilson interval"))
        }
        let zeros = plan.charts.zeroCounters()
        if !plan.calibration.isEmpty || !zeros.isEmpty {
            nodes.append(.h3("Calibration: simulated against observed"))
            nodes.append(.p(class: "note", .text("Each counter of \(BatchReportFile.observed.fileName): the simulated mean per run (one run is one day) "
                + "with its 95 % interval, and the observed value per day as a dashed line.")))
            if !zeros.isEmpty {
                nodes.append(.p(.text("0 in the field and in every run at every point, so not drawn: \(zeros.joined(separator: ", ")).")))
            }
            if !plan.calibration.isEmpty {
                nodes.append(multiples(plan.calibration, id: "\(id)-calibration", policies: policies,
                                       band: "band: 95 % interval of the mean; dashed: observed"))
            }
        }
        return nodes
    }

    /// Charts side by side, two to a row at 1280 px, with the policies' legend.
    private func multiples(_ charts: [SweepChart], id: String, policies: [String], band: String) -> HTMLNode {
        let svgs = charts.enumerated().map { index, chart in HTMLNode.raw(chart.render(id: "\(id)-\(index + 1)")) }
        let styles = SeriesStyle.styles(for: policies)
        return .figure(.div(class: "multiples", .group(svgs)), .figcaption(HTMLPage.legend(policies.enumerated().map { index, policy in
            .group([.raw(SeriesMarker.legendIcon(styles[index])), .text(reports.labels.policy(policy))])
        } + [.prose(band)])))
    }

    /// The survival charts of the plan.
    private func survivalFigures(_ plan: BatchScenarioPlan, id: String) -> [HTMLNode] {
        plan.survival.enumerated().map { index, chartPlan in
            let chart = SurvivalChart(apps: plan.scenario.apps, order: plan.appOrder, series: chartPlan.series,
                                      panels: chartPlan.panels, survival: reports.survival)
            let title = "Survival per app" + (plan.survival.count > 1 ? " (\(index + 1) of \(plan.survival.count))" : "")
            return .figure(.raw(chart.render(title: title, id: "\(id)-survival-\(index + 1)")), .figcaption(
                HTMLPage.legend(chartPlan.series.map { series in
                    .group([.raw(SeriesMarker.legendIcon(series.style)), .text(series.label)])
                } + [.prose("whisker: 95 % Wilson interval (none for a point of one run)"),
                     .prose("grey: never launched at the point, so no marker (not a casualty of memory pressure)")]
                  + (plan.appsNotDrawn == 0 ? [] : [.text("\(plan.appOrder.count) of \(plan.scenario.apps.count) apps drawn, those of "
                        + "lowest survival; \(BatchReportFile.survival.fileName) has every app's rates")]))
            ))
        }
    }

    /// Pressure kills and the hot-launch ratio, a row per point.
    private func pointChart(_ scenario: BatchReports.Scenario, id: String) -> HTMLNode? {
        let rows = pointRows(scenario)
        guard !rows.isEmpty else { return nil }
        return .figure(.raw(PointChart(rows: rows).render(title: Self.pointChartTitle, id: "\(id)-points")))
    }

    /// The per-point chart's title.
    static let pointChartTitle = "Pressure kills and hot-launch ratio per point"

    /// The rows of a scenario's per-point chart: a row per point with runs, by sweep value then policy.
    func pointRows(_ scenario: BatchReports.Scenario) -> [PointChart.Row] {
        let policies = scenario.policies
        let styles = SeriesStyle.styles(for: policies)
        // The point's place by enumeration, not by a search of `sweepOrder` (its values are
        // unique): a search per point made the page quadratic in points (SPEC 35).
        return scenario.sweepOrder.enumerated().flatMap { place, settings in
            policies.enumerated().compactMap { index, policy -> PointChart.Row? in
                let key = BatchReports.PointKey(scenario: scenario.name, policy: policy, settings: settings)
                guard let point = reports.point(key), point.runs > 0 else { return nil }
                // One policy over several points: a colour per point; else the policy's own.
                let style = policies.count == 1 && scenario.sweepOrder.count > 1 ? SeriesStyle.indexed(place) : styles[index]
                let name = reports.labels.policy(policy)
                return PointChart.Row(parts: [name] + settings.map { reports.labels.text(setting: $0) }, style: style, point: point,
                                      shortParts: [name] + settings.map { reports.labels.short(setting: $0) })
            }
        }
    }

    /// Whether `scenario`'s points are per trace user, over more than one user (SPEC 21): a
    /// folder whose `survival.csv` does not pool its users (written before SPEC 24).
    static func sweepsUsers(_ scenario: BatchReports.Scenario) -> Bool {
        Set(scenario.sweepOrder.flatMap { $0.filter { RunFolderName.setting(in: $0)?.key == .trace(.user) } }).count > 1
    }

    func orderedUnique(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }
}

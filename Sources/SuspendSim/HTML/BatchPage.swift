import Plot

/// The page of a batch's `--out` folder (SPEC 15): for each scenario run as a batch, survival
/// per app with Wilson whiskers (policies side by side with `--policy all`), pressure kills
/// and the hot-launch ratio per point, and links to the pages of the runs that have folders
/// (`--details`); then the single runs compared on one chart, with links to their pages. It
/// never draws a run on its own: runs are summed per point.
struct BatchPage {
    let reports: BatchReports
    /// The folder's name, for the title.
    let name: String
    /// Run folders under the batch folder, relative to it, by scenario.
    let runFolders: [String: [String]]
    /// The device RAM of each scenario, from the `device.csv` of one of its run folders.
    let ramByScenario: [String: String]
    /// The batch-wide files in the folder (of `summary.csv`, `survival.csv` and
    /// `comparison.csv`, which a batch writes only for `--policy all`), linked in the header.
    let files: [String]

    /// At most this many run links per point; the rest are counted.
    static let linksPerGroup = 40
    /// At most this many panels on one survival chart.
    static let panelsPerChart = 4
    /// At most this many series on one survival chart (the palette's size).
    static let seriesPerChart = 8

    /// A section of the page, for the table of contents.
    private struct Section {
        var id: String
        var title: String
        var node: Node<HTML.BodyContext>
    }

    func render() -> String {
        var sections: [Section] = []
        let batches = reports.scenarios.filter(\.isBatch)
        for (index, scenario) in batches.enumerated() {
            sections.append(Section(id: "s\(index + 1)", title: scenario.name, node: batchSection(scenario, id: "s\(index + 1)")))
        }
        let singles = reports.scenarios.filter { !$0.isBatch }
        if !singles.isEmpty {
            sections.append(Section(id: "single-runs", title: "Single runs", node: singleRunsSection(singles)))
        }
        var content: [Node<HTML.BodyContext>] = [header()]
        let chartCount = batches.reduce(0) { $0 + charts(for: $1).count + 1 } + (singles.isEmpty ? 0 : 1)
        if sections.count > 1 || chartCount > 3 {
            content.append(.nav(.class("toc"), .h2("Contents"), .ul(.group(sections.map { section in
                .li(.a(.attribute(named: "href", value: "#" + section.id), .escaped(section.title)))
            }))))
        }
        content += sections.map(\.node)
        return HTMLPage.render(title: "\(name) — suspendsim batch", content: content)
    }

    private func header() -> Node<HTML.BodyContext> {
        let policies = orderedUnique(reports.scenarios.flatMap { $0.points.map(\.policy) })
        var facts = ["\(reports.runCount) run\(reports.runCount == 1 ? "" : "s") in summary.csv",
                     "\(reports.scenarios.count) scenario\(reports.scenarios.count == 1 ? "" : "s")",
                     "polic\(policies.count == 1 ? "y" : "ies") \(policies.joined(separator: ", "))"]
        if !reports.sweepKeys.isEmpty { facts.append("swept: \(reports.sweepKeys.joined(separator: ", "))") }
        return .header(
            .h1(.escaped(name)),
            .p(.class("meta"), .escaped("suspendsim batch report · " + facts.joined(separator: " · "))),
            .p(.class("note"), .text("Files: "), .group(files.enumerated().map { index, file in
                .group(.if(index > 0, .text(" · ")), .a(.attribute(named: "href", value: file), .text(file)))
            }))
        )
    }

    // MARK: Batch scenarios

    /// One survival chart: its panels and series.
    private struct ChartPlan {
        var series: [SurvivalChart.Series]
        var panels: [SurvivalChart.Panel]
    }

    /// The scenario's policies, in order of appearance.
    private func policies(of scenario: BatchReports.Scenario) -> [String] {
        orderedUnique(scenario.points.map(\.policy))
    }

    /// The scenario's sweep points (settings without the policy), in order of appearance.
    private func sweepPoints(of scenario: BatchReports.Scenario) -> [[String]] {
        var seen: [[String]] = []
        for key in scenario.points where !seen.contains(key.settings) { seen.append(key.settings) }
        return seen
    }

    /// The colour (and shape) of a point: its policy's place when the scenario has several
    /// policies (the series are the policies), else its sweep point's place.
    private func colour(of key: BatchReports.PointKey, in scenario: BatchReports.Scenario) -> Int {
        let policies = policies(of: scenario)
        if policies.count > 1 { return policies.firstIndex(of: key.policy) ?? 0 }
        return sweepPoints(of: scenario).firstIndex(of: key.settings) ?? 0
    }

    /// The survival charts of a scenario. Several policies: the policies are the series
    /// (side by side in each app's row) and each sweep point is a panel. One policy: the
    /// sweep points are the series of one panel. Charts are split to stay legible.
    private func charts(for scenario: BatchReports.Scenario) -> [ChartPlan] {
        let policies = policies(of: scenario)
        let sweeps = sweepPoints(of: scenario)
        let keys = Set(scenario.points)
        func key(_ policy: String, _ settings: [String]) -> BatchReports.PointKey? {
            let key = BatchReports.PointKey(scenario: scenario.name, policy: policy, settings: settings)
            return keys.contains(key) ? key : nil
        }
        if policies.count > 1 {
            let series = policies.enumerated().map { SurvivalChart.Series(label: $0.element, colour: $0.offset, shape: $0.offset) }
            let panels = sweeps.map { settings in
                SurvivalChart.Panel(title: settings.isEmpty ? "" : settings.joined(separator: " "),
                                    points: policies.map { key($0, settings) })
            }
            return stride(from: 0, to: panels.count, by: Self.panelsPerChart).map { start in
                ChartPlan(series: series, panels: Array(panels[start..<min(start + Self.panelsPerChart, panels.count)]))
            }
        }
        let policy = policies.first ?? ""
        let series = sweeps.enumerated().map {
            SurvivalChart.Series(label: $0.element.isEmpty ? policy : $0.element.joined(separator: " "), colour: $0.offset, shape: $0.offset)
        }
        return stride(from: 0, to: series.count, by: Self.seriesPerChart).map { start in
            let range = start..<min(start + Self.seriesPerChart, series.count)
            return ChartPlan(series: Array(series[range]),
                             panels: [SurvivalChart.Panel(title: "", points: range.map { key(policy, sweeps[$0]) })])
        }
    }

    private func batchSection(_ scenario: BatchReports.Scenario, id: String) -> Node<HTML.BodyContext> {
        let policies = policies(of: scenario)
        let runs = scenario.points.reduce(0) { $0 + (reports.point($1)?.runs ?? 0) }
        var facts = ["\(scenario.points.count) point\(scenario.points.count == 1 ? "" : "s")",
                     "\(runs) runs", "polic\(policies.count == 1 ? "y" : "ies") \(policies.joined(separator: ", "))"]
        let ramSwept = scenario.points.contains { $0.settings.contains { $0.hasPrefix("device.ram_mb=") || $0.hasPrefix("device.model=") } }
        if !ramSwept, let ram = ramByScenario[scenario.name] { facts.append("device \(ram) MB RAM") }
        facts.append("each run's seed is in summary.csv")
        var nodes: [Node<HTML.BodyContext>] = [.h2(.escaped(scenario.name)), .p(.class("meta"), .escaped(facts.joined(separator: " · ")))]

        if reports.hasSurvival, !scenario.apps.isEmpty {
            let plans = charts(for: scenario)
            for (index, plan) in plans.enumerated() {
                let chart = SurvivalChart(apps: scenario.apps, series: plan.series, panels: plan.panels, survival: reports.survival)
                let title = "Survival per app" + (plans.count > 1 ? " (\(index + 1) of \(plans.count))" : "")
                nodes.append(.figure(.raw(chart.render(title: title, id: "\(id)-survival-\(index + 1)")), .figcaption(
                    HTMLPage.legend(plan.series.map { series in
                        .group(.raw(SeriesMarker.legendIcon(series.shape, colourIndex: series.colour)), .escaped(series.label))
                    } + [.text("whisker: 95 % Wilson interval (none for a point of one run)")])
                )))
            }
        }
        let rows = sweepPoints(of: scenario).flatMap { settings in
            policies.compactMap { policy -> PointChart.Row? in
                let key = BatchReports.PointKey(scenario: scenario.name, policy: policy, settings: settings)
                guard let point = reports.point(key), point.runs > 0 else { return nil }
                return PointChart.Row(label: ([policy] + settings).joined(separator: " · "), colour: colour(of: key, in: scenario), point: point)
            }
        }
        if !rows.isEmpty {
            nodes.append(.figure(.raw(PointChart(rows: rows).render(title: "Pressure kills and hot-launch ratio per point", id: "\(id)-points"))))
        }
        nodes.append(runLinks(for: scenario.name))
        return .section(.id(id), .group(nodes))
    }

    /// Links to the run pages of a scenario, grouped by point folder, at most
    /// `linksPerGroup` per group with a count of the rest.
    private func runLinks(for scenario: String) -> Node<HTML.BodyContext> {
        guard let folders = runFolders[scenario], !folders.isEmpty else {
            return .p(.class("note"), .text("No run folders: run with --details to get a page per run."))
        }
        var groups: [(parent: String, folders: [String])] = []
        for folder in folders {
            let parent = folder.split(separator: "/").dropLast().joined(separator: "/")
            if groups.last?.parent == parent { groups[groups.count - 1].folders.append(folder) } else { groups.append((parent, [folder])) }
        }
        return .group(.h3("Run pages"), .group(groups.map { group in
            let shown = group.folders.prefix(Self.linksPerGroup)
            let rest = group.folders.count - shown.count
            return .group(
                .p(.escaped(group.parent + "/"), .if(rest > 0, .span(.class("note"), .escaped(" (\(group.folders.count) runs; the first \(shown.count) listed)")))),
                .ul(.class("runs"), .group(shown.map { folder in
                    .li(.a(.attribute(named: "href", value: HTMLEscaping.href(folder + "/" + HTMLReport.pageName)),
                           .escaped(String(folder.split(separator: "/").last ?? ""))))
                }))
            )
        }))
    }

    // MARK: Single runs

    private func singleRunsSection(_ singles: [BatchReports.Scenario]) -> Node<HTML.BodyContext> {
        let policies = orderedUnique(singles.flatMap { $0.points.map(\.policy) })
        var rows: [PointChart.Row] = []
        var tableRows: [[String]] = []
        var links: [String?] = []
        for scenario in singles {
            let folders = runFolders[scenario.name] ?? []
            for key in scenario.points {
                guard let point = reports.point(key), point.runs > 0 else { continue }
                let label = policies.count > 1 ? "\(scenario.name) · \(key.policy)" : scenario.name
                rows.append(PointChart.Row(label: label, colour: policies.firstIndex(of: key.policy) ?? 0, point: point))
                let launches = point.coldLaunches + point.warmLaunches
                tableRows.append([scenario.name, key.policy, ChartNumber.short(point.pressureKills, 0),
                                  ChartNumber.short(point.coldLaunches, 0), ChartNumber.short(point.warmLaunches, 0),
                                  launches > 0 ? ChartNumber.fixed(point.warmLaunches / launches, 3) : ""])
                // The run's folder: <scenario>/ alone, or <scenario>/<policy>/ under --policy all.
                let candidates = [scenario.name + "/" + key.policy, scenario.name]
                links.append(candidates.first { folders.contains($0) })
            }
        }
        let chart = PointChart(rows: rows).render(title: policies.count > 1 ? "Single runs: the policies compared" : "Single runs",
                                                  id: "single-runs-chart")
        let legend = HTMLPage.legend(policies.enumerated().map { index, policy in
            HTMLPage.swatch("sw \(ChartPalette.seriesClass(index))", policy)
        })
        let header = ["scenario", "policy", "pressure kills", "cold launches", "warm launches", "hot-launch ratio", "page"]
        var body: [Node<HTML.TableContext>] = []
        for (row, link) in zip(tableRows, links) {
            let cells: [Node<HTML.TableRowContext>] = row.map { .td(.escaped($0)) }
            let page: Node<HTML.BodyContext>
            if let link {
                page = .a(.attribute(named: "href", value: HTMLEscaping.href(link + "/" + HTMLReport.pageName)), .escaped(link + "/"))
            } else {
                page = .text("no folder")
            }
            body.append(.tr(.group(cells), .td(page)))
        }
        let table: Node<HTML.BodyContext> = .div(.class("tablewrap"), .table(
            .thead(.tr(.group(header.map { .th(.escaped($0)) }))),
            .tbody(.group(body))
        ))
        return .section(.id("single-runs"), .h2("Single runs"), .figure(.raw(chart), .figcaption(legend)), table)
    }

    private func orderedUnique(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }
}

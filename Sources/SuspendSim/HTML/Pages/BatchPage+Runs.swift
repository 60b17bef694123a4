/// The batch page's links to run pages and its single runs (SPEC 15).
extension BatchPage {
    /// Links to the run pages of a scenario, grouped by point folder, at most
    /// `linksPerGroup` per group with a count of the rest.
    func runLinks(for scenario: String) -> HTMLNode {
        guard let folders = runFolders[scenario], !folders.isEmpty else {
            return .p(class: "note", .prose("No run folders: run with --details to get a page per run."))
        }
        var groups: [(parent: String, folders: [String])] = []
        for folder in folders {
            let parent = folder.split(separator: "/").dropLast().joined(separator: "/")
            if groups.last?.parent == parent { groups[groups.count - 1].folders.append(folder) } else { groups.append((parent, [folder])) }
        }
        return .group([.h3("Run pages"), .group(groups.map { group in
            let shown = group.folders.prefix(Self.linksPerGroup)
            let rest = group.folders.count - shown.count
            return .group([
                .p(.text(group.parent + "/"), rest > 0 ? .span(class: "note", .text(" (\(group.folders.count) runs; the first \(shown.count) listed)")) : .empty),
                .ul(class: "runs", .group(shown.map { folder in
                    .li(.a(href: HTMLEscaping.href(folder + "/" + HTMLReport.pageName),
                           .text(String(folder.split(separator: "/").last ?? ""))))
                })),
            ])
        })])
    }

    /// The single runs' chart title: what its rows compare. Several scenarios are named as
    /// such, whatever their policies; one scenario under several policies compares the policies.
    static func singleRunsTitle(scenarios: Int, policies: Int) -> String {
        if scenarios > 1 { return "Single runs: \(scenarios) scenarios" + (policies > 1 ? " under \(policies) policies" : "") }
        return policies > 1 ? "Single runs: the policies compared" : "Single runs"
    }

    /// The single runs' chart rows: a row per run with a point, named by its scenario (and its
    /// policy's label when there are several, SPEC 15 "Labels"), in its policy's style.
    func singleRunRows(_ singles: [BatchReports.Scenario]) -> [PointChart.Row] {
        let policies = orderedUnique(singles.flatMap { $0.points.map(\.policy) })
        let styles = SeriesStyle.styles(for: policies)
        return singles.flatMap { scenario in
            scenario.points.compactMap { key -> PointChart.Row? in
                guard let point = reports.point(key), point.runs > 0 else { return nil }
                let parts = policies.count > 1 ? [scenario.name, reports.labels.policy(key.policy)] : [scenario.name]
                return PointChart.Row(parts: parts, style: policies.firstIndex(of: key.policy).map { styles[$0] } ?? styles[0], point: point)
            }
        }
    }

    func singleRunsSection(_ singles: [BatchReports.Scenario]) -> HTMLNode {
        let policies = orderedUnique(singles.flatMap { $0.points.map(\.policy) })
        let styles = SeriesStyle.styles(for: policies)
        let rows = singleRunRows(singles)
        var tableRows: [[String]] = []
        var links: [String?] = []
        for scenario in singles {
            let folders = runFolders[scenario.name] ?? []
            for key in scenario.points {
                guard let point = reports.point(key), point.runs > 0 else { continue }
                let launches = point.coldLaunches + point.warmLaunches
                tableRows.append([scenario.name, reports.labels.policy(key.policy), ChartNumber.short(point.pressureKills, 0),
                                  ChartNumber.short(point.coldLaunches, 0), ChartNumber.short(point.warmLaunches, 0),
                                  launches > 0 ? ChartNumber.fixed(point.warmLaunches / launches, 3) : ""])
                // The run's folder: <scenario>/ alone, or <scenario>/<policy>/ under --policy all.
                let candidates = [scenario.name + "/" + key.policy, scenario.name]
                links.append(candidates.first { folders.contains($0) })
            }
        }
        let chart = PointChart(rows: rows).render(title: Self.singleRunsTitle(scenarios: singles.count, policies: policies.count),
                                                  id: "single-runs-chart")
        let legend = HTMLPage.legend(policies.enumerated().map { index, policy in
            HTMLPage.swatch("sw \(styles[index].cssClass)", reports.labels.policy(policy))
        })
        let header = ["scenario", "policy", "pressure kills", "cold launches", "warm launches", "hot-launch ratio", "page"]
        var body: [HTMLNode] = []
        for (row, link) in zip(tableRows, links) {
            let cells: [HTMLNode] = row.map { .td(.text($0)) }
            let page: HTMLNode
            if let link {
                page = .a(href: HTMLEscaping.href(link + "/" + HTMLReport.pageName), .text(link + "/"))
            } else {
                page = .prose("no folder")
            }
            body.append(.tr(.group(cells), .td(page)))
        }
        let table: HTMLNode = .div(class: "tablewrap", .table(
            .thead(.tr(.group(header.map { .th(.text($0)) }))),
            .tbody(.group(body))
        ))
        return .section(id: "single-runs", .h2("Single runs"), .figure(.raw(chart), .figcaption(legend)), table)
    }
}

import Foundation
import Testing
@testable import SuspendSim

/// SPEC 15: every chart fits 3.5 in. The survival chart lays its panels one under the other
/// at one column, its panels' ticks never run into their neighbours', the what-if figures hold
/// every app and counter with a panel per point, and long tables break where a number does not.
@Suite struct FigureLayoutTests {
    /// Four sweep points of the study (compressor off × RAM), two apps, the five policies as series.
    static func survivalChart(width: Double) -> SurvivalChart {
        let policies = ["largest-first", "lru", "jetsam", "lmkd", "frees-most"]
        let rams = ["1024", "1536", "2048", "3072"]
        var survival: [BatchReports.PointKey: [String: BatchReports.Survival]] = [:]
        var panels: [SurvivalChart.Panel] = []
        for ram in rams {
            let keys = policies.map { BatchReports.PointKey(scenario: "s", policy: $0, settings: ["device.ram_mb=\(ram)"]) }
            for key in keys {
                survival[key] = ["com.a": BatchReports.Survival(rate: 0.5, low: 0.3, high: 0.7, runs: 20),
                                 "com.b": BatchReports.Survival(rate: 0.25, low: 0.1, high: 0.5, runs: 20)]
            }
            panels.append(SurvivalChart.Panel(title: ["no compressor", "RAM \(ram) MB"], points: keys))
        }
        var chart = SurvivalChart(apps: ["com.a", "com.b"], order: [0, 1], series: policies.enumerated().map {
            SurvivalChart.Series(label: $1, style: SeriesStyle.indexed($0))
        }, panels: panels, survival: survival)
        chart.width = width
        return chart
    }

    @Test("At one column (396 units) the survival chart's four panels stand one under the other: each title a whole setting a line, the chart's title and x axis' title once")
    func survivalStacked() throws {
        let chart = Self.survivalChart(width: 396)
        let stacked = chart.renderStacked(title: "Survival per app", id: "figure")
        let offsets = stacked.components(separatedBy: "<svg class=\"panel\" y=\"").dropFirst().map { Double($0.prefix { $0 != "\"" })! }
        #expect(offsets.count == 4 && offsets[0] == 0 && zip(offsets, offsets.dropFirst()).allSatisfy { $0 < $1 })
        let settings = Set(["no compressor"] + ["1024", "1536", "2048", "3072"].map { "RAM \($0) MB" })
        let lines = Self.tspanLines(stacked, cssClass: "ttl")
        // The chart's title, then each panel's two settings, each on a line of its own.
        #expect(lines.first == "Survival per app")
        #expect(lines.dropFirst().count == 8 && lines.dropFirst().allSatisfy(settings.contains), "\(lines)")
        #expect(stacked.components(separatedBy: "survived the run").count - 1 == 1)
        // Side by side at the same width the titles break into fragments: what stacking avoids.
        let sideBySide = Self.tspanLines(chart.render(title: "Survival per app"), cssClass: "ttl")
        #expect(!sideBySide.dropFirst().allSatisfy(settings.contains), "\(sideBySide)")
        // A chart of one panel is drawn as it is.
        var single = chart
        single.panels = [chart.panels[0]]
        #expect(single.renderStacked(title: "t", id: "x") == single.render(title: "t", id: "x"))
    }

    @Test("A survival panel's ticks: quarters from 300 units, 0-50-100 % when 50 % clears the end labels by 4 units, else the ends; the end labels lie inside the panel")
    func survivalTicks() {
        // TextMetrics' DejaVu Sans widths at 11 px (a digit 0.64 em, a space 0.32, "%" 0.95): "100 %" =
        // 3.19 × 11 = 35.09, "50 %" = 2.55 × 11 = 28.05; 50 % fits from 28.05 + 2 × 35.09 + 8 = 106.23 units.
        #expect(SurvivalChart.ticks(panelWidth: 106.2) == [0, 1])
        #expect(SurvivalChart.ticks(panelWidth: 106.3) == [0, 0.5, 1])
        #expect(SurvivalChart.ticks(panelWidth: 299) == [0, 0.5, 1])
        #expect(SurvivalChart.ticks(panelWidth: 300) == [0, 0.25, 0.5, 0.75, 1])
        let svg = Self.survivalChart(width: 792).render(title: "t")
        // Start-anchored (the default, no attribute) "0 %", end-anchored "100 %", never centred on the panel's edge.
        #expect(svg.contains("\" class=\"tm\">0 %<") && svg.contains("text-anchor=\"end\" class=\"tm\">100 %<"))
        #expect(!svg.contains("text-anchor=\"middle\" class=\"tm\">0 %<") && !svg.contains("text-anchor=\"middle\" class=\"tm\">100 %<"))
    }

    @Test("A long table's cells may break after an underscore, so that a column name in a cell does not widen the table past the page")
    func tableBreaks() {
        let rows = (0..<21).map { _ in ["background_memory_pressure", "2.966e-48"] }
        let html = HTMLPage.foldedTable(header: ["metric", "p_holm"], rows: rows, file: "paired.csv", most: 300).render()
        #expect(html.contains("<td>background_<wbr>memory_<wbr>pressure</td>") && html.contains("<td>2.966e-48</td>"))
        #expect(html.contains("<th>p_<wbr>holm</th>"))
        // A short table elsewhere (the assumptions) keeps its cells as written.
        #expect(HTMLPage.table(header: ["key"], rows: [["device.aging_s"]]).render().contains("<td>device.aging_s</td>"))
    }

    @Test("The what-if figures: every app and counter, even past the page's six charts, a panel per point titled by it")
    func whatIfGroups() {
        let header = ["key", "value", "baseline", "app", "metric", "pairs", "baseline_mean", "mean", "mean_diff", "ci_low", "ci_high", "wilcoxon_p"]
        let column = { (name: WhatIfColumn) in header.firstIndex(of: name.rawValue)! }
        var page = WhatIfCharts(), figures = WhatIfCharts()
        figures.most = WhatIfCharts.figureLimit
        for ram in ["RAM 1024 MB", "RAM 2048 MB"] {
            for app in ["com.a", "com.b", "com.c", "com.d"] {
                let cells = ["device.compressor.pool_mb", "4096", "0", app, "launch_wait_s", "20", "2.000", "1.900", "-0.100", "-0.200", "0.000", "0.05"]
                page.add(cells, column: column, context: ["s", ram], policy: "lru", showContext: true)
                figures.add(cells, column: column, context: ["s", ram], policy: "lru", showContext: true)
            }
        }
        // The page: its first six charts (four apps at 1024 MB, two at 2048 MB).
        #expect(page.charts().count == 6)
        let groups = figures.chartGroups()
        #expect(groups.map(\.subject) == ["launch wait (s) of com.a", "launch wait (s) of com.b", "launch wait (s) of com.c", "launch wait (s) of com.d"])
        #expect(groups.allSatisfy { $0.panels.map(\.title) == ["s · RAM 1024 MB", "s · RAM 2048 MB"] })
        let figure = Figure.whatIf(groups[0].panels, title: ["What if", groups[0].subject], columns: 1, legend: [])
        // A row per marker, its policy and its panel; the "no change" line once, at no panel and no x.
        #expect(figure.columns == ["label", "panel", "device.compressor.pool_mb", "mean_diff", "low", "high"])
        #expect(figure.rows.map { $0[0] + " | " + $0[1] + " | " + $0[2] } == ["lru | s · RAM 1024 MB | 0", "lru | s · RAM 1024 MB | 4096",
                                                                        "lru | s · RAM 2048 MB | 0", "lru | s · RAM 2048 MB | 4096", "no change |  | "])
        // Each row ends with its policy's style (lru: vermillion squares, SeriesStyle's table) and the axes' words.
        #expect(figure.csv().split(separator: "\n")[1] == "lru,s · RAM 1024 MB,0,0,,,#D55E00,square,solid,compressor pool (MB),change per run")
        #expect(figure.svg.components(separatedBy: "<svg class=\"panel\"").count - 1 == 2)
    }

    /// The lines of the texts of class `cssClass`: each `<tspan>`, or the text when it has none.
    static func tspanLines(_ svg: String, cssClass: String) -> [String] {
        svg.components(separatedBy: "<text ").dropFirst().flatMap { part -> [String] in
            guard let open = part.firstIndex(of: ">"), part[..<open].contains("class=\"\(cssClass)\"") else { return [] }
            let body = part[part.index(after: open)...].components(separatedBy: "</text>")[0]
                .replacingOccurrences(of: "<title>[^<]*</title>", with: "", options: .regularExpression)
            guard body.contains("<tspan") else { return [body] }
            return body.components(separatedBy: "</tspan>").compactMap { line in line.range(of: ">").map { String(line[$0.upperBound...]) } }
                .filter { !$0.isEmpty }
        }
    }
}

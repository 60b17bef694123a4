import Foundation
import Testing
@testable import SuspendSim

/// SPEC 15 "Labels, styles, legends" and SPEC 21: no series of `groups.csv` is dropped unasked.
/// A comparison of more lines than a chart tells apart becomes small multiples, a panel per
/// value of the lines' second dimension, with a shared y scale and one legend; a figure holds
/// every series, at one column and at two, and its CSV names the same ones.
@Suite struct ComparisonPanelTests {
    /// The study's shape: 5 policies (4 built-in, one of the user's) × compressor off and on ×
    /// `rams`, kills per hour rising with the policy's place and the pool.
    static func study(rams: [String] = ["1024", "2048"]) -> ComparisonReports {
        let policies = ["largest-first", "lru", "jetsam", "lmkd", "frees-most"]
        var groups: [ComparisonReports.Group] = []
        for (p, policy) in policies.enumerated() {
            for (c, pool) in ["0", "4096"].enumerated() {
                for (r, ram) in rams.enumerated() {
                    let value = Double(p * 10 + c * 100 + r)
                    groups.append(ComparisonReports.Group(values: [policy, pool, ram], runs: 3, metrics: [
                        "kills_per_hour": BatchReports.Rate(value: value, low: value - 1, high: value + 1)]))
                }
            }
        }
        var reports = ComparisonReports(keys: ["policy", "device.compressor.pool_mb", "device.ram_mb"], groups: groups)
        reports.labels = SweepValueLabels([SweepValueLabel(key: "device.compressor.pool_mb", value: "0", text: "no compressor"),
                                           SweepValueLabel(key: "device.compressor.pool_mb", value: "4096", text: "4 GB pool")])
        return reports
    }

    @Test("10 lines: a panel per compressor setting, 5 policies each, the same style per policy, one y scale")
    func panels() {
        let panels = ComparisonChart.panels(metric: ComparisonChart.metrics[0], reports: Self.study())
        #expect(panels.count == 2)
        #expect(panels.map { $0.panel?.title } == ["no compressor", "4 GB pool"])
        #expect(panels.map(\.title) == ["Pressure kills per hour: no compressor", "Pressure kills per hour: 4 GB pool"])
        for panel in panels {
            #expect(panel.lines.map(\.label) == ["largest-first", "lru", "jetsam", "lmkd", "frees-most"])
            #expect(panel.leftOut == 0 && panel.scaleLines.count == 10)
        }
        #expect(panels[1].lines.map(\.series).last == "frees-most · 4 GB pool")
        // The panel is the line style's dimension no more: every line solid, a policy's colour the same in both.
        #expect(panels.allSatisfy { $0.lines.allSatisfy { $0.style.dash == .solid } })
        #expect(panels[0].lines.map(\.style) == panels[1].lines.map(\.style))
        // The scale: the highest interval is 141 (frees-most, 4 GB pool, 2048 MB), so both panels reach the same round top.
        #expect(panels[0].yScale(0...100).domain == panels[1].yScale(0...100).domain)
        #expect(panels[0].yScale(0...100).domain.upperBound >= 141)
        // The page counts a panel per metric and pool.
        #expect(BatchPage.comparisonPanels(Self.study()) == 6)
    }

    @Test("8 lines or fewer stay on one chart; a key every line shares is said once")
    func fewLines() {
        var reports = Self.study()
        reports = ComparisonReports(keys: reports.keys, groups: reports.groups.filter { $0.values[1] == "0" })
        reports.labels = Self.study().labels
        let panels = ComparisonChart.panels(metric: ComparisonChart.metrics[0], reports: reports)
        #expect(panels.count == 1 && panels[0].panel == nil && panels[0].lines.count == 5)
        // Every line is "no compressor": the labels leave it out, the figure says it once.
        #expect(panels[0].lines.map(\.label) == ["largest-first", "lru", "jetsam", "lmkd", "frees-most"])
        #expect(panels[0].shared == ["no compressor"] && panels[0].sharedNote == "Every line: no compressor.")
        #expect(panels[0].figure().contains(">Every line: no compressor.<"))
    }

    @Test("The study's figure draws every series of its CSV, at 3.5 in and at 7 in")
    func figureHasEverySeries() throws {
        let panels = ComparisonChart.panels(metric: ComparisonChart.metrics[0], reports: Self.study(rams: ["1024", "1536", "2048", "3072"]))
        let figure = Figure.comparison(panels, title: ["Pressure kills per hour"])
        // A panel per compressor setting: a series is a row's policy (`label`) in its `panel`.
        #expect(Array(figure.columns.prefix(3)) == [Figure.labelColumn, "panel", "device.ram_mb"])
        let csvSeries = Set(figure.rows.map { $0[0] + " · " + $0[1] })
        #expect(csvSeries.count == 10 && figure.rows.count == 40)
        for width in FigureWidth.allCases {
            let svg = FigureDocument(figure: figure, width: width).text()
            let drawn = Self.markerTitles(svg)
            #expect(Set(drawn) == csvSeries, "at \(width.rawValue) in")
            // Each series' markers: one per RAM size.
            #expect(drawn.count == 10)
            // One legend: each policy once.
            #expect(svg.components(separatedBy: ">frees-most</text>").count - 1 == 1)
            let (viewWidth, _) = FigureDocument.viewBox(of: svg)
            #expect(viewWidth <= width.layoutWidth, "text prints at 7 pt or more at \(width.rawValue) in")
        }
        // figures/<metric>.svg is the one-column document.
        #expect(Set(Self.markerTitles(ComparisonFigure.document(panels, columns: 1))) == csvSeries)
    }

    /// The `<title>` of every marker path (`class="dot …"`) of a drawing: a line's markers carry its series.
    static func markerTitles(_ svg: String) -> [String] {
        svg.components(separatedBy: "<path class=\"dot ").dropFirst().compactMap { element in
            guard let close = element.firstIndex(of: ">"), element[close...].hasPrefix("><title>") else { return nil }
            let rest = element[element.index(close, offsetBy: 8)...]
            return rest.range(of: "</title>").map { String(rest[..<$0.lowerBound]) }
        }
    }
}

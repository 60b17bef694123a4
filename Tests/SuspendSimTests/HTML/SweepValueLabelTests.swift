import Foundation
import Testing
@testable import SuspendSim

/// SPEC 15 "Labels, styles, legends": a swept value's label (`labels:`, `report --label`), its
/// words when it has none, a channel per swept dimension, a figure's legend outside its plot,
/// and a figure that says which series it leaves out.
@Suite struct SweepValueLabelTests {
    @Test("--label KEY=VALUE=TEXT: KEY and VALUE hold no '=', TEXT is the rest")
    func optionParsing() throws {
        let label = try SweepValueLabel.parse("device.compressor.pool_mb=4096=4 GB pool").get()
        #expect(label == SweepValueLabel(key: "device.compressor.pool_mb", value: "4096", text: "4 GB pool"))
        #expect(try SweepValueLabel.parse("policy=lru=LRU = least recently used").get().text == "LRU = least recently used")
        let refused = ["device.ram_mb=2048", "=2048=x", "device.ram_mb==x", "device.ram_mb=2048=", "device.ram_mb=2048=  ",
                       "device.ram_mb=2048==SUM(A1)", "device.ram_mb=2048=@x", "device.ram_mb=2048=a\u{7}b"]
        for option in refused {
            guard case .failure(let problem) = SweepValueLabel.parse(option) else {
                Issue.record("\(option) was taken")
                continue
            }
            #expect(problem.description.hasPrefix("--label \(option): "))
        }
        guard case .failure(let formula) = SweepValueLabel.parse("device.ram_mb=2048==SUM(A1)") else { return }
        #expect(formula.description.hasSuffix("the label begins with '=', which a spreadsheet runs as a formula (SPEC 35)"))
        guard case .failure(let control) = SweepValueLabel.parse("device.ram_mb=2048=a\u{7}b") else { return }
        #expect(control.description.contains("holds the control character U+0007"))
    }

    @Test("A value without a label is written in words from its key table: name, value, unit")
    func wordedFallback() {
        #expect(SweepValueLabels.worded("device.compressor.pool_mb", "4096") == "compressor pool 4096 MB")
        #expect(SweepValueLabels.worded("device.ram_mb", "2048") == "RAM 2048 MB")
        #expect(SweepValueLabels.worded("app.com.x.suspended_mb", "60") == "suspended memory of com.x 60 MB")
        #expect(SweepValueLabels.worded("device.compressor.ratio", "2.5") == "compression ratio 2.5")
        #expect(SweepValueLabels.worded("policy", "lru") == "lru")
        #expect(SweepValueLabels.worded("nobody.knows_me", "3") == "knows_me 3")
        let labels = SweepValueLabels([
            SweepValueLabel(key: "device.compressor.pool_mb", value: "0", text: "compressor"),
            SweepValueLabel(key: "device.compressor.pool_mb", value: "0", text: "no compressor"),   // a later one wins
        ])
        #expect(labels.text(settings: ["device.compressor.pool_mb=0", "device.ram_mb=2048"]) == "no compressor, RAM 2048 MB")
        #expect(labels.text(setting: "device.compressor.pool_mb=4096") == "compressor pool 4096 MB")
        #expect(labels.tick("device.compressor.pool_mb", "0") == "no compressor" && labels.tick("device.compressor.pool_mb", "4096") == "4096")
        // In fewer words for a narrow margin: an app key without its app; a label as it is.
        #expect(labels.short(setting: "app.com.example.photoeditor.suspended_mb=60") == "suspended memory 60 MB")
        #expect(labels.short(setting: "device.compressor.pool_mb=0") == "no compressor")
        #expect(labels.short(setting: "device.ram_mb=2048") == "RAM 2048 MB")
    }

    @Test("A label names a swept key and one of its values (equal as a number too); else a located problem")
    func matching() throws {
        let sweeps = ["device.compressor.pool_mb": ["0", "4096"]]
        let origin = { (label: SweepValueLabel) in "--label \(label.key)=\(label.value)=\(label.text)" }
        let matched = try SweepValueLabel.matched([SweepValueLabel(key: "device.compressor.pool_mb", value: "4096.0", text: "4 GB")],
                                                  sweeps: sweeps, origin: origin).get()
        #expect(matched.map(\.value) == ["4096"])
        let unknown = SweepValueLabel.matched([SweepValueLabel(key: "device.ram_mb", value: "2048", text: "2 GB")], sweeps: sweeps, origin: origin)
        #expect(unknown == .failure(SweepValueLabel.Problem(
            "--label device.ram_mb=2048=2 GB: 'device.ram_mb' is not a swept key; expected one of device.compressor.pool_mb")))
        let notSwept = SweepValueLabel.matched([SweepValueLabel(key: "device.compressor.pool_mb", value: "2048", text: "2 GB")],
                                               sweeps: sweeps, origin: origin)
        #expect(notSwept == .failure(SweepValueLabel.Problem(
            "--label device.compressor.pool_mb=2048=2 GB: device.compressor.pool_mb is not swept at '2048'; it takes 0, 4096")))
    }

    @Test("Channels: colour for the first swept dimension, line style for the second, marker for the rest")
    func channels() {
        // policy × pool: lru vermillion (5) with its square, jetsam bluish green (2) with its triangle; pool 0 solid, 4096 dashed.
        let two = SeriesChannels.styles([["lru", "0"], ["lru", "4096"], ["jetsam", "0"], ["jetsam", "4096"]], policyFirst: true)
        #expect(two.map(\.colour) == [5, 5, 2, 2])
        #expect(two.map(\.dash) == [.solid, .dashed, .solid, .dashed])
        #expect(two.map(\.shape) == [.square, .square, .triangle, .triangle])
        // A third dimension takes the marker: circle for its first value, square for the second.
        let three = SeriesChannels.styles([["lru", "0", "a"], ["lru", "4096", "b"], ["jetsam", "4096", "a"]], policyFirst: true)
        #expect(three.map(\.colour) == [5, 5, 2] && three.map(\.dash) == [.solid, .dashed, .dashed])
        #expect(three.map(\.shape) == [.circle, .square, .circle])
        // Not a policy first: the palette's slots in order (blue 4, orange 0), shapes circle, square.
        let plain = SeriesChannels.styles([["x"], ["y"], ["x"]], policyFirst: false)
        #expect(plain.map(\.colour) == [4, 0, 4] && plain.map(\.shape) == [.circle, .square, .circle] && plain.allSatisfy { $0.dash == .solid })
        // Markers only (a survival chart): colour for the first key, the marker for the rest.
        let markers = SeriesChannels.markerStyles([["0", "2048"], ["0", "3072"], ["4096", "2048"], ["4096", "3072"]])
        #expect(markers.map(\.colour) == [4, 4, 0, 0] && markers.map(\.shape) == [.circle, .square, .circle, .square])
        #expect(SeriesStyle.Dash.dashed.attribute == "stroke-dasharray=\"6 3\"" && SeriesStyle.Dash.solid.attribute.isEmpty)
        // A legend's icon: the marker alone for a solid line, unless the legend's lines differ in style.
        let solid = SeriesStyle(colour: 5, shape: .square)
        #expect(SeriesMarker.legendIcon(solid).hasPrefix("<svg width=\"14\"") && !SeriesMarker.legendIcon(solid).contains("h28"))
        #expect(SeriesMarker.legendIcon(solid, withLine: true).contains("<path class=\"line c5\" d=\"M1 7h28\"/>"))
        #expect(SeriesMarker.legendIcon(SeriesStyle(colour: 5, shape: .square, dash: .dotted))
            .contains("d=\"M1 7h28\" stroke-dasharray=\"1.5 2.5\"/>"))
    }

    /// A comparison by policy, pool and RAM: 4 policies × 2 pools = 8 lines, or `policies` more.
    static func comparison(policies: [String] = ["largest-first", "lru", "jetsam", "lmkd"], labels: [SweepValueLabel] = [])
        -> ComparisonReports {
        let rows = policies.flatMap { policy in ["0", "4096"].flatMap { pool in ["2048", "3072"].map { [policy, pool, $0] } } }
        var reports = ComparisonReports(keys: ["policy", "device.compressor.pool_mb", "device.ram_mb"], groups: rows.enumerated().map {
            ComparisonReports.Group(values: $1, runs: 4, metrics: ["hot_launch_ratio": BatchReports.Rate(value: 0.5, low: 0.4, high: 0.6)])
        })
        reports.labels = SweepValueLabels(labels)
        return reports
    }

    @Test("Comparison lines: worded labels, pool as line style, RAM on the x axis")
    func comparisonLines() {
        let chart = ComparisonChart(metric: ComparisonChart.metrics[1],
                                    reports: Self.comparison(labels: [SweepValueLabel(key: "device.compressor.pool_mb", value: "0", text: "no compressor")]))
        #expect(chart.key == "device.ram_mb" && chart.lines.count == 8 && chart.leftOut == 0 && chart.leftOutNote == nil)
        #expect(chart.lines.prefix(2).map(\.label) == ["largest-first · no compressor", "largest-first · compressor pool 4096 MB"])
        #expect(chart.lines.map(\.style.dash) == Array(repeating: [SeriesStyle.Dash.solid, .dashed], count: 4).flatMap { $0 })
        let svg = chart.figure()
        #expect(svg.contains("stroke-dasharray=\"6 3\"") && !svg.contains("pool_mb=") && svg.contains("no compressor"))
    }

    @Test("The figure's legend sits under the plot and its x title, and the plot keeps its height")
    func legendOutsidePlot() {
        let few = ComparisonChart(metric: ComparisonChart.metrics[1], reports: Self.comparison(policies: ["lru"])).figureLayout()
        let many = ComparisonChart(metric: ComparisonChart.metrics[1], reports: Self.comparison()).figureLayout()
        // The plot: 14 to 252 - 44 = 208 units, whatever the legend.
        #expect(few.plotTop == 14 && few.plotBottom == 208 && many.plotTop == 14 && many.plotBottom == 208)
        // The x title's baseline is 208 + 35 = 243; the first legend row's at 252 + 8 = 260, its
        // tallest glyph (11 units, ascent 0.93) reaching up to about 250: below the title.
        #expect(many.legend.first?.baseline == 260 && many.legend.count > 1)
        for row in many.legend { #expect(row.baseline - 11 > 243) }
        #expect(many.legend.flatMap(\.items).count == 8)
        #expect(many.height >= (many.legend.last?.baseline ?? 0) + 2 && many.height > few.height)
    }

    @Test("A figure the user caps (--figure-series 8) says which series it leaves out, in the figure and in the chart")
    func leftOutNote() {
        let policies = ["largest-first", "lru", "jetsam", "lmkd", "p5"]
        let chart = ComparisonChart(metric: ComparisonChart.metrics[1], reports: Self.comparison(policies: policies), cap: 8)
        // 5 policies × 2 pools = 10 lines: the last two (p5 at both pools) are left out.
        #expect(chart.lines.count == 8 && chart.leftOut == 2)
        #expect(chart.leftOutNote == "2 series left out (--figure-series 8): p5 · compressor pool 0 MB; p5 · compressor pool 4096 MB")
        let layout = chart.figureLayout()
        #expect(layout.noteBaseline == (layout.legend.last?.baseline ?? 0) + 15)
        // 370 units do not hold the note's 90 characters: two lines, whole, the figure 15 units a line taller.
        #expect(layout.note.count == 2 && layout.note.joined(separator: " ") == chart.leftOutNote)
        #expect(layout.height == (layout.noteBaseline ?? 0) + 2 * 15 - 6)
        #expect(chart.figure().contains(">2 series left out (--figure-series 8): "))
        // The page's chart, 586 units wide, holds it on one line: 240 + 15 units high.
        #expect(chart.noteLines(width: 586).lines == [chart.leftOutNote!])
        #expect(chart.render(id: "c").contains(">2 series left out (--figure-series 8): "))
        #expect(chart.render(id: "c").contains("height=\"255\""))
    }

    @Test("A labelled axis is ticked with the labels at the values' places")
    func labelledTicks() {
        let axis = SweepChartAxis(key: "device.compressor.pool_mb", values: ["0", "4096"], range: 100...500,
                                  names: ["no compressor", "4 GB pool"])
        #expect(axis.ticks(within: 0...600).map(\.text) == ["no compressor", "4 GB pool"])
        #expect(axis.ticks(within: 0...600).map(\.x) == [100, 500])
        let plain = SweepChartAxis(key: "device.ram_mb", values: ["2048", "3072"], range: 100...500, names: ["2048", "3072"])
        #expect(plain.names == nil)
    }

    @Test("A point chart's margin grows to hold its labels, in fewer words when the whole is too long")
    func pointChartMargin() {
        let point = BatchReports.Point(key: BatchReports.PointKey(scenario: "s", policy: "lru", settings: []), runs: 1)
        let labels = SweepValueLabels()
        let settings = ["app.com.example.photoeditor.suspended_mb=60", "app.com.example.photoeditor.background_mb=200"]
        let row = PointChart.Row(parts: ["lru"] + settings.map { labels.text(setting: $0) }, style: SeriesStyle.indexed(0), point: point,
                                 shortParts: ["lru"] + settings.map { labels.short(setting: $0) })
        let chart = PointChart(rows: [row])
        // The whole label (about 100 characters) is wider than 480: the short one decides the margin.
        let short = "lru · suspended memory 60 MB · background memory 200 MB"
        #expect(TextMetrics.width(row.label, size: 11) + 14 > PointChart.maxLeft)
        #expect(chart.left == (TextMetrics.width(short, size: 11) + 14).rounded(.up) && chart.left > PointChart.left)
        #expect(chart.render(title: "t").contains("<title>\(row.label)</title>\(short)</text>"))
    }
}

import Foundation
import Testing
@testable import SuspendSim

/// SPEC 15 and 19 at one column (3.5 in, laid out 396 units wide): the per-point chart's row
/// labels keep every part that tells one point from another, and a sweep chart's reference
/// label ("no change") stays off the data (docs/reports.md, "Figures as files").
@Suite struct FigureLabelPlacementTests {
    /// A point with 2 runs, 3 pressure kills in all, and 10 launches, 4 of them warm.
    static func point(_ policy: String) -> BatchReports.Point {
        var point = BatchReports.Point(key: BatchReports.PointKey(scenario: "s", policy: policy, settings: []), runs: 2)
        point.pressureKills = 3
        point.maxPressureKills = 2
        point.warmLaunches = 4
        point.coldLaunches = 6
        return point
    }

    /// The study's rows: a policy, a compressor setting and a RAM size each.
    static let rows = ["largest-first", "frees-most"].flatMap { policy in
        ["no compressor", "4 GB pool"].map { pool in
            PointChart.Row(parts: [policy, pool, "RAM 1024 MB"], style: SeriesStyle.indexed(0), point: point(policy))
        }
    }

    @Test("At 3.5 in the per-point chart's labels stand whole on lines of their own above their bars; on the page they stay in the margin")
    func pointLabelsAbove() throws {
        let width = FigureWidth.oneColumn.layoutWidth
        #expect(width == 396)
        var chart = PointChart(rows: Self.rows)
        chart.width = width
        // The margin may take 40 % of 396 = 158 units; "frees-most · no compressor · RAM 1024 MB"
        // is about 36 characters of 6 to 7 units at 11 px, over 200: too wide for it.
        #expect(chart.left == 158)
        #expect(TextMetrics.width(Self.rows[1].label, size: 11) > chart.left - 14)
        #expect(chart.labelsAbove)
        let svg = chart.render(title: "t")
        let labels = textElements(withClass: "lbl halo", in: svg)
        #expect(labels.map(\.text) == Self.rows.map(\.label), "every label whole, in row order")
        #expect(labels.allSatisfy { $0.title == nil && !$0.text.contains("…") })
        // Each label's line lies between the previous row's bars and its own: its box (ascent
        // 0.93 em, descent 0.24 em at 11 px) clear of both.
        let slots = chart.slots(top: 48)
        for (index, slot) in slots.enumerated() {
            #expect(slot.lines.count == 1)
            #expect(slot.labelY + 0.24 * 11 < slot.barY, "row \(index): the label above its bar")
            if index > 0 { #expect(slots[index - 1].barY + 14 < slot.labelY - 0.93 * 11, "row \(index): below the previous bar") }
        }
        // On the page (1180 wide) the margin holds every label: no label line of its own.
        let page = PointChart(rows: Self.rows)
        #expect(!page.labelsAbove)
        #expect(textElements(withClass: "lbl", in: page.render(title: "t")).map(\.text) == Self.rows.map(\.label))
    }

    /// A sweep chart of `lines` (each a value and an interval at the values 1, 2, 3) with a
    /// reference line at 0, 396 units wide.
    static func chart(_ lines: [[(Double, Double, Double)]]) -> SweepChart {
        var chart = SweepChart(title: "t", subtitle: "s", key: "device.ram_mb", values: ["1", "2", "3"],
                               lines: lines.enumerated().map { index, values in
                                   SweepChart.Line(label: "p\(index)", style: SeriesStyle.indexed(index),
                                                   values: values.map { BatchReports.Rate(value: $0.0, low: $0.1, high: $0.2) })
                               }, yAxis: .difference, reference: (0, "no change"))
        chart.width = 396
        return chart
    }

    /// The `x`, `y` and `text-anchor` of the first `<text>` that draws `label`.
    static func place(of label: String, in svg: String) throws -> (x: String, y: String, anchor: String?, cssClass: String) {
        let part = try #require(svg.components(separatedBy: "<text ").first { $0.contains(">\(label)</text>") })
        func attribute(_ name: String) -> String? {
            guard let start = part.range(of: "\(name)=\"") else { return nil }
            return String(part[start.upperBound...].prefix { $0 != "\"" })
        }
        return (try #require(attribute("x")), try #require(attribute("y")), attribute("text-anchor"), try #require(attribute("class")))
    }

    @Test("The reference label goes above its line at the right end when that is clear, else to the first clear place")
    func referenceLabelClear() throws {
        // One line falling from 0 to -1: the axis runs from -1.5 (a round value below 1.12) to
        // 0, so 0 is the plot's top (y 46) and nothing may go above it; under its right end the
        // line is 150 px lower: the label goes there, right-aligned, 13 px under the line.
        let falling = Self.chart([[(0, 0, 0), (-0.5, -0.5, -0.5), (-1, -1, -1)]])
        let label = try Self.place(of: "no change", in: falling.render(id: "f"))
        #expect(label.anchor == "end" && label.y == "59" && label.cssClass == "tm halo")
        // Rising from 0 to 1: 0 is the plot's bottom; above the line at the right end the line
        // is at 1, the top: clear; the label 4 px above the line (46 + 150 - 4).
        let rising = Self.chart([[(0, 0, 0), (0.5, 0.5, 0.5), (1, 1, 1)]])
        let above = try Self.place(of: "no change", in: rising.render(id: "r"))
        #expect(above.anchor == "end" && above.y == "192")
    }

    @Test("A reference line the data cover at every place gets a key under the plot, on the x axis title's line")
    func referenceLabelKey() throws {
        // A line at 0 whose interval spans -0.3 to 0.3 at each of the three values (left,
        // middle, right): every place above or below the line covers an interval.
        let covered = Self.chart([[(0, -0.3, 0.3), (0, -0.3, 0.3), (0, -0.3, 0.3)]])
        let svg = covered.render(id: "c")
        let label = try Self.place(of: "no change", in: svg)
        let axisTitle = try Self.place(of: "RAM (MB)", in: svg)
        #expect(label.cssClass == "tm" && label.anchor == nil)
        #expect(label.y == axisTitle.y, "on the axis title's line (the plot's bottom + 35)")
        #expect(svg.components(separatedBy: "<line class=\"ref\"").count - 1 == 2, "the line across the plot and the key's stroke")
    }
}

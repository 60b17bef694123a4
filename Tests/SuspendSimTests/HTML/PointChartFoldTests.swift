import Foundation
import Testing
@testable import SuspendSim

/// SPEC 35 "nothing grows faster than linearly in sweep points" and SPEC 15 (legible): the
/// per-point chart draws a bar each for at most `PointChart.maxRows` points; past that it is a
/// summary of fixed size (docs/reports.md, "Pressure kills per run").
@Suite struct PointChartFoldTests {
    /// `count` rows `p0`, `p1`, ...: row i has 2 runs with i pressure kills in all (a mean of
    /// i / 2 per run), and 100 launches, i mod 101 of them warm (a hot-launch ratio of that %).
    static func rows(_ count: Int) -> [PointChart.Row] {
        (0..<count).map { index in
            var point = BatchReports.Point(key: BatchReports.PointKey(scenario: "s", policy: "lru", settings: ["k=\(index)"]), runs: 2)
            point.pressureKills = Double(index)
            point.minPressureKills = 0
            point.maxPressureKills = Double(index)
            point.warmLaunches = Double(index % 101)
            point.coldLaunches = Double(100 - index % 101)
            return PointChart.Row(parts: ["p\(index)"], style: SeriesStyle.indexed(0), point: point)
        }
    }

    @Test("100 points: a bar each (two a point: kills and hot-launch ratio)")
    func drawnUpToTheCap() {
        let svg = PointChart(rows: Self.rows(100)).render(title: "t")
        #expect(svg.components(separatedBy: "pressure kills per run over 2 runs").count - 1 == 100)
        // Row 0 has no warm launch but 100 cold ones: a bar of 0 %, so every row has a ratio bar.
        #expect(svg.components(separatedBy: ": hot-launch ratio ").count - 1 == 100)
        #expect(!svg.contains("no bar each"))
    }

    @Test("101 points: folded into a summary, its figures derived by hand")
    func foldedPastTheCap() {
        let svg = PointChart(rows: Self.rows(101)).render(title: "t")
        #expect(!svg.contains("<rect"))
        #expect(svg.contains("101 points, more than 100: no bar each; every point has its row in summary.csv (linked above)."))
        // Kills: 0 + 1 + ... + 100 = 5050 over 101 × 2 = 202 runs, 25 a run; the means run from
        // 0 (p0) to 100 / 2 = 50 (p100).
        #expect(svg.contains("Pressure kills per run: 25 over all 202 runs; fewest 0 at p0; most 50 at p100."), "\(svg)")
        // Launches: 5050 warm of 101 × 100 = 10100, 50 %; the ratios run from 0 % to 100 %.
        #expect(svg.contains("Hot-launch ratio (warm / all launches): 50.0 % pooled over every launch; lowest 0.0 % at p0; highest 100.0 % at p100."),
                "\(svg)")
    }

    @Test("The folded chart's size does not grow with its points: 10^3 and 10^4 rows alike but for their labels' digits")
    func foldedSizeIsFixed() {
        let thousand = PointChart(rows: Self.rows(1_000)).render(title: "t")
        let tenThousand = PointChart(rows: Self.rows(10_000)).render(title: "t")
        // "1000" → "10000" and "p999" → "p9999" in the text: a few bytes, never a row's worth.
        #expect(tenThousand.utf8.count - thousand.utf8.count < 20)
        #expect(tenThousand.utf8.count < 2_000)
    }

    @Test("Folded points without a launch say so")
    func foldedWithoutLaunches() {
        let rows = Self.rows(150).map { row in
            var row = row
            row.point.warmLaunches = 0
            row.point.coldLaunches = 0
            return row
        }
        #expect(PointChart(rows: rows).render(title: "t").contains("Hot-launch ratio: no launch at any point."))
    }
}

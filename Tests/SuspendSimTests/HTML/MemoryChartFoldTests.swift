import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim

/// The memory chart's stack folded past `foldAbove` apps (SPEC 35: linear in apps): the largest
/// apps keep a layer, the rest are one "other apps" layer; with no more apps than that, the
/// chart is as it was.
@Suite struct MemoryChartFoldTests {
    /// Four apps whose highest memory (their active size) orders them b > a > d > c.
    static let fourApps = """
        name: fold
        device: { ram_mb: 4096, reserved_mb: 256, system_mb: 300 }
        apps:
          - { id: com.a, active_mb: 300, suspended_mb: 100 }
          - { id: com.b, active_mb: 400, suspended_mb: 150 }
          - { id: com.c, active_mb: 100, suspended_mb: 40 }
          - { id: com.d, active_mb: 200, suspended_mb: 80 }
        events:
          - { at: 0, open: com.a }
          - { at: 10, open: com.b }
          - { at: 20, open: com.c }
          - { at: 30, open: com.d }

        """

    @Test("Past foldAbove apps the largest keep a layer each, in scenario order, and the rest are one 'other apps' layer whose top is the whole stack's")
    func foldedStack() throws {
        try withTemporaryFolder { folder in
            let run = try RunPageTests.run(Self.fourApps, named: "fold", in: folder)
            let reports = try RunReports(folder: run)
            let geometry = RunChartGeometry(endTime: reports.endTime)
            // Peaks 300, 400, 100, 200: the three largest are a, b, d; the two largest a, b.
            #expect(MemoryChart.keptApps(reports, foldAbove: 3) == [0, 1, 3])
            #expect(MemoryChart.keptApps(reports, foldAbove: 4) == nil, "4 apps are not past 4")
            let whole = MemoryChart(reports: reports, geometry: geometry, foldAbove: 4)
            let folded = MemoryChart(reports: reports, geometry: geometry, foldAbove: 2)
            #expect(folded.stackLayers == [.band, .app(0), .app(1), .otherApps(2)])
            let all = whole.stackTops(columns: geometry.columns)
            let tops = folded.stackTops(columns: geometry.columns)
            #expect(all.count == 5 && tops.count == 4)
            // Band, a and b are the same layers; c and d are stacked as one on them, so the
            // folded top is the whole stack's top (the values are whole MB: exact sums).
            #expect(Array(all[0...2]) == Array(tops[0...2]))
            #expect(all[4] == tops[3])
            // At 35 s, with d opened at 30 s, the folded layer is c's and d's memory together.
            let column = geometry.column(35)
            #expect(tops[3][column] - tops[2][column] == (all[3][column] - all[2][column]) + (all[4][column] - all[3][column]))
            #expect(tops[3][column] - tops[2][column] > 200, "d active (200 MB) and c kept")
            let svg = folded.render().svg
            for app in ["com.a", "com.b"] { #expect(svg.contains("<title>\(app)</title>")) }
            for app in ["com.c", "com.d"] { #expect(!svg.contains("<title>\(app)</title>"), "\(app) is folded") }
            #expect(paths(withClassPrefix: "area oth", in: svg).count == 1)
            #expect(svg.contains("<title>other apps (2 smaller, stacked as one)</title>"))
        }
    }

    @Test("With no more apps than foldAbove the chart is the unfolded one, byte for byte, and the page's legend has no 'other apps'")
    func underThresholdUnchanged() throws {
        try withTemporaryFolder { folder in
            let run = try RunPageTests.run(Self.fourApps, named: "fold", in: folder)
            let reports = try RunReports(folder: run)
            let geometry = RunChartGeometry(endTime: reports.endTime)
            let chart = MemoryChart(reports: reports, geometry: geometry, foldAbove: 4)
            #expect(chart.stackLayers == [.band, .app(0), .app(1), .app(2), .app(3)])
            #expect(chart.render().svg == MemoryChart(reports: reports, geometry: geometry).render().svg)
            let html = try HTMLReport.runPage(folder: run)
            #expect(!html.contains(MemoryChart.otherAppsName) && !html.contains("area oth"))
        }
    }
}

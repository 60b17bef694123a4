import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// The run page and the freezer (SPEC 37): the stack counts physical memory (flash left out),
/// the timeline marks frozen spans, and the freezer's start is drawn among the thresholds.
@Suite struct FreezerPageTests {
    @Test("The stack leaves memory on flash out, so that it and free memory add up to RAM; frozen spans and the freezer's start are drawn")
    func page() throws {
        try withTemporaryFolder { folder in
            // FreezerReportTests' run: a on flash 3-10 s and 20-25 s (frozen 3-25 s, its death),
            // b on flash from 25 s.
            let run = try RunPageTests.run(FreezerReportTests.text, named: "flash", in: folder)
            let reports = try RunReports(folder: run)
            #expect(reports.frozenSpans.map { "\(reports.apps[$0.app]) \($0.start) \($0.end.map { "\($0)" } ?? "-")" }
                == ["com.a 3.0 25.0", "com.b 25.0 -"])
            let geometry = RunChartGeometry(endTime: reports.endTime)
            let chart = MemoryChart(reports: reports, geometry: geometry)
            let layers = chart.stackTops(columns: geometry.columns)
            let free = chart.freeByColumn(columns: geometry.columns)
            // At 5 s a (50 MB) is on flash and b (100 MB) frontmost: 100 MB used, 1948 free.
            let column = geometry.column(5)
            #expect(abs(layers[layers.count - 1][column] - 100) < 0.01)
            #expect(abs(layers[layers.count - 1][column] + (free[column]?.close ?? 0) - 2048) < 0.01)
            #expect(abs(layers[1][column] - layers[0][column]) < 0.01, "a takes no RAM on flash")
            let html = try HTMLReport.runPage(folder: run)
            #expect(html.contains("class=\"frozen-span\""))
            #expect(html.contains("freezer 2000"))
            // Without the freezer, no span and no freezer line.
            let none = FreezerReportTests.text.replacingOccurrences(
                of: ", freezer: { start_free_mb: 2000, min_suspended: 0, max_frozen: 1, interval_s: 0, refreeze_min_thawed: 1 }", with: "")
            let plain = try HTMLReport.runPage(folder: try RunPageTests.run(none, named: "plain", in: folder))
            #expect(!plain.contains("frozen-span") && !plain.contains("freezer 2000"))
        }
    }
}

import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// SPEC 15: the run page's memory chart stacks the system and reserved memory under the apps
/// (stack + free = RAM), and both run charts end at the run's end (`end_s` when given).
@Suite struct RunPageTests {
    /// Two apps on a 2048 MB phone with 256 MB reserved and 300 MB of system memory; the OS
    /// takes 500 MB more at 20 s and gives 200 MB back at 30 s.
    static let systemAllocate = """
        name: sysalloc
        device: { ram_mb: 2048, reserved_mb: 256, system_mb: 300 }
        apps:
          - { id: com.a, active_mb: 300, suspended_mb: 100 }
          - { id: com.b, active_mb: 400, suspended_mb: 150 }
        events:
          - { at: 0, open: com.a }
          - { at: 10, open: com.b }
          - { at: 20, system_allocate: { mb: 500 } }
          - { at: 30, system_allocate: { mb: -200 } }
          - { at: 40, open: com.a }

        """

    /// `text` parsed as a scenario and run into `folder/name`; the run folder's path.
    static func run(_ text: String, named name: String, in folder: URL) throws -> String {
        let scenario = try ScenarioLoader.parse(text, path: name + ".yaml")
        let run = folder.appendingPathComponent(name)
        try Simulation.run(scenario, writingReportTo: run)
        return run.path
    }

    /// The bundled scenario `file` run into `folder`; the run folder's path.
    static func bundled(_ file: String, in folder: URL) throws -> String {
        let scenario = try ScenarioLoader.load(path: packageFile("Scenarios/" + file))
        let run = folder.appendingPathComponent(scenario.name)
        try Simulation.run(scenario, writingReportTo: run)
        return run.path
    }

    /// The x of the dotted "end" line of `chart`.
    static func endLineX(in chart: String) -> Int? {
        guard let start = chart.range(of: "<line class=\"endline\" x1=\""),
              let end = chart[start.upperBound...].firstIndex(of: "\"") else { return nil }
        return Int(chart[start.upperBound..<end])
    }

    /// The page's timeline chart, after checking that both charts draw their end line at the
    /// plot's right edge.
    static func timelineEndingAtRightEdge(in html: String) throws -> String {
        let memory = try #require(svg("memory-chart", in: html))
        let timeline = try #require(svg("timeline-chart", in: html))
        let right = RunChartGeometry.width - RunChartGeometry.right
        #expect(endLineX(in: memory) == right)
        #expect(endLineX(in: timeline) == right)
        return timeline
    }

    /// The time-axis tick labels of the state timeline (its only numeric `tm` texts).
    static func timeTicks(in timeline: String) -> [Double] {
        texts(withClass: "tm", in: timeline).compactMap(Double.init)
    }

    @Test("The memory chart's grey band is system + reserved memory as system_allocate changes it: its top plus free memory is RAM; system memory is labelled with its source, reserved drawn apart (SPEC 30)")
    func systemBand() throws {
        try withTemporaryFolder { folder in
            let run = try Self.run(Self.systemAllocate, named: "sysalloc", in: folder)
            let reports = try RunReports(folder: run)
            let geometry = RunChartGeometry(endTime: reports.endTime)
            let chart = MemoryChart(reports: reports, geometry: geometry)
            let layers = chart.stackTops(columns: geometry.columns)
            let free = chart.freeByColumn(columns: geometry.columns)
            #expect(layers.count == reports.apps.count + 1)
            // Reserved + system: 256 + 300 at first, + 500 from 20 s, - 200 from 30 s.
            for (time, band) in [(5.0, 556.0), (15, 556), (25, 1056), (35, 856)] {
                let column = geometry.column(time)
                #expect(abs(layers[0][column] - band) < 1e-6, "the band at \(time) s")
                let close = try #require(free[column]?.close)
                #expect(abs(layers[layers.count - 1][column] + close - 2048) < 1e-6, "stack + free = RAM at \(time) s")
            }
            let html = try HTMLReport.runPage(folder: run)
            let memory = try #require(svg("memory-chart", in: html))
            let bands = paths(withClassPrefix: "area sys", in: memory)
            #expect(bands.count == 1)
            // SPEC 30: the file sets system_mb, so its source is set; reserved_mb 256 has a band
            // of its own over the bottom of it, at 256 MB.
            #expect(memory.contains("<title>system memory (set)</title>"))
            #expect(html.contains("system memory (set)</li>"), "the band is in the legend, with its source")
            let reserved = paths(withClassPrefix: "area res", in: memory)
            #expect(reserved.count == 1 && memory.contains("<title>\(MemoryChart.reservedName)</title>"))
            #expect(html.contains(MemoryChart.reservedName + "</li>"))
            // The band is drawn at its height: 1056 MB from 20 s to 30 s, on the chart's y axis.
            let top = ChartScale.niceCeiling(max(layers.last!.max()!, 307.2) * 1.04)
            let y = ChartScale(domain: 0...top, range: 22...342, inverted: true)
            #expect(bands[0].d.contains("V\(ChartNumber.px(y.pixel(1056)))"))
            #expect(reserved[0].d.contains("V\(ChartNumber.px(y.pixel(256)))"))
        }
    }

    /// Four apps of 300 MB active, 250 MB suspended, opened one after another on a 1024 MB
    /// phone with a compressor (SPEC 22): the suspended ones are compressed as free runs low.
    static let compressor = """
        name: squeeze
        device: { ram_mb: 1024, compressor: {} }
        apps:
          - { id: com.a, active_mb: 300, suspended_mb: 250 }
          - { id: com.b, active_mb: 300, suspended_mb: 250 }
          - { id: com.c, active_mb: 300, suspended_mb: 250 }
          - { id: com.d, active_mb: 300, suspended_mb: 250 }
        events:
          - { at: 0, open: com.a }
          - { at: 10, open: com.b }
          - { at: 20, open: com.c }
          - { at: 30, open: com.d }
          - { at: 40, open: com.a }

        """

    @Test("With a compressor the apps stack at footprint less compressed, the compressor's band on top: stack + free = RAM; each compression is marked (SPEC 22)")
    func compressorBand() throws {
        try withTemporaryFolder { folder in
            let run = try Self.run(Self.compressor, named: "squeeze", in: folder)
            let reports = try RunReports(folder: run)
            #expect(reports.hasCompressor)
            #expect(!reports.compressions.isEmpty)
            let geometry = RunChartGeometry(endTime: reports.endTime)
            let chart = MemoryChart(reports: reports, geometry: geometry)
            let layers = chart.stackTops(columns: geometry.columns)
            let free = chart.freeByColumn(columns: geometry.columns)
            #expect(layers.count == reports.apps.count + 2)
            let ram = try #require(reports.threshold(.ramMB))
            // Between events (a column's tops are the highest it reaches, so not at an event's
            // column): com.a and com.b compressed at 30 s, 500 MB held in 178.572 MB.
            for (time, compressor) in [(5.0, 0.0), (15, 0), (25, 0), (35, 178.572)] {
                let column = geometry.column(time)
                let close = try #require(free[column]?.close)
                #expect(abs(layers[layers.count - 1][column] + close - ram) < 0.01, "stack + free = RAM at \(time) s")
                #expect(abs(layers[layers.count - 1][column] - layers[layers.count - 2][column] - compressor) < 0.01, "the band at \(time) s")
            }
            // At 35 s: system + reserved, com.a and com.b at 0 (all compressed), com.c 250, com.d 300.
            let column = geometry.column(35)
            #expect(abs(layers[2][column] - layers[0][column]) < 0.01)
            #expect(abs(layers[4][column] - layers[2][column] - 550) < 0.01)
            #expect(reports.compressions.map { reports.apps[$0.app] } == ["com.a", "com.b", "com.c"])
            let html = try HTMLReport.runPage(folder: run)
            let memory = try #require(svg("memory-chart", in: html))
            #expect(paths(withClassPrefix: "area cmp", in: memory).count == 1)
            #expect(memory.contains("<title>\(MemoryChart.compressorName)</title>"))
            #expect(html.contains(MemoryChart.compressorSwatchStyle), "the band is in the legend")
            let timeline = try #require(svg("timeline-chart", in: html))
            let marks = paths(withClassPrefix: "fgmark cmpmark", in: timeline)
            #expect(!marks.isEmpty && marks.allSatisfy { !$0.d.isEmpty })
            #expect(html.contains("compression (SPEC 22)"))
        }
    }

    @Test("Without a compressor, or from a folder without its columns, no compressor band, marker or legend entry")
    func noCompressorBand() throws {
        try withTemporaryFolder { folder in
            let run = try Self.run(Self.compressor.replacingOccurrences(of: ", compressor: {}", with: ""), named: "plain", in: folder)
            // An older folder: memory.csv and pressure.csv without the SPEC 22 columns (nor
            // SPEC 37's `flash_mb`, after them).
            let old = try Self.run(Self.compressor, named: "old", in: folder)
            for (file, columns) in [(RunReportFile.memory, 2), (RunReportFile.pressure, 3)] {
                let path = file.path(in: old)
                let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
                let cut = lines.map { $0.split(separator: ",", omittingEmptySubsequences: false).dropLast(columns).joined(separator: ",") }
                try (cut.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
            }
            for folder in [run, old] {
                let reports = try RunReports(folder: folder)
                #expect(!reports.hasCompressor && reports.compressions.isEmpty)
                let geometry = RunChartGeometry(endTime: reports.endTime)
                #expect(MemoryChart(reports: reports, geometry: geometry).stackTops(columns: geometry.columns).count == reports.apps.count + 1)
                let html = try HTMLReport.runPage(folder: folder)
                #expect(!html.contains("area cmp") && !html.contains("cmpmark") && !html.contains(MemoryChart.compressorSwatchStyle))
            }
        }
    }

    @Test("Without system memory moving, the band is reserved + system_mb throughout")
    func constantBand() throws {
        try withTemporaryFolder { folder in
            let run = try HTMLReportTests.memoryPressureRun(in: folder)
            let reports = try RunReports(folder: run)
            let geometry = RunChartGeometry(endTime: reports.endTime)
            let layers = MemoryChart(reports: reports, geometry: geometry).stackTops(columns: geometry.columns)
            let expected = try #require(reports.threshold(.reservedMB)) + (reports.threshold(.systemMB) ?? 0)
            #expect(expected > 0)
            #expect(layers[0].allSatisfy { abs($0 - expected) < 1e-6 })
        }
    }

    @Test("Both charts end at end_s when the file gives one (iphone-11-ios18: 900 s, its last change at 650 s)")
    func axisEndsAtEndS() throws {
        try withTemporaryFolder { folder in
            let run = try Self.bundled("iphone-11-ios18.yaml", in: folder)
            #expect(try RunReports.device(folder: run)["end_s"] == "900.000")
            let html = try HTMLReport.runPage(folder: run)
            let timeline = try Self.timelineEndingAtRightEdge(in: html)
            // Not past it (no 1000 s tick) and not short of it: the last tick is 900 s, at the right edge.
            #expect(Self.timeTicks(in: timeline).last == 900)
            #expect(RunChartGeometry(endTime: try RunReports(folder: run).endTime).end == 900)
        }
    }

    @Test("end_s beyond the last event ends the axis there even when no app is resident at the end")
    func axisEndsAtEndSWithNoSurvivor() throws {
        try withTemporaryFolder { folder in
            let run = try Self.run("""
                name: early-quit
                device: { ram_mb: 2048 }
                apps:
                  - { id: com.a, active_mb: 300 }
                end_s: 120
                events:
                  - { at: 0, open: com.a }
                  - { at: 30, force_quit: com.a }

                """, named: "early-quit", in: folder)
            let reports = try RunReports(folder: run)
            #expect(reports.endTime == 120 && reports.endGiven)
            let html = try HTMLReport.runPage(folder: run)
            let timeline = try #require(svg("timeline-chart", in: html))
            #expect(Self.timeTicks(in: timeline).last == 120)
            #expect(html.contains("1 app · 120 s ·"))
        }
    }

    @Test("Without end_s both charts end at the run's last event (memory-pressure: 90 s)")
    func axisEndsAtLastEvent() throws {
        try withTemporaryFolder { folder in
            let run = try HTMLReportTests.memoryPressureRun(in: folder)
            let reports = try RunReports(folder: run)
            #expect(reports.device?["end_s"] == "")
            #expect(!reports.endGiven && reports.endTime == 90)
            let html = try HTMLReport.runPage(folder: run)
            let timeline = try Self.timelineEndingAtRightEdge(in: html)
            #expect(Self.timeTicks(in: timeline).last == 90)
            // The game, opened last and never killed, is active in the last column.
            let geometry = RunChartGeometry(endTime: reports.endTime)
            let lanes = StateTimeline(reports: reports, geometry: geometry).columnsByLane(columns: geometry.columns)
            let game = try #require(reports.apps.firstIndex(of: "com.example.game"))
            #expect(lanes.states[game][geometry.columns - 1] == UInt8(ChartPalette.stateIndex("active")!))
        }
    }
}

import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// SPEC 15: the HTML report's structure, its label cap, its determinism, and the batch page.
@Suite struct HTMLReportTests {
    /// `Scenarios/memory-pressure.yaml` run into `folder/run`: six apps opened one by one, five
    /// of them killed for memory pressure (social at 70 s, news at 80 s, then photos, notes and
    /// music at 90 s), the game surviving.
    static func memoryPressureRun(in folder: URL) throws -> String {
        let scenario = try ScenarioLoader.load(path: packageFile("Scenarios/memory-pressure.yaml"))
        let run = folder.appendingPathComponent("memory-pressure")
        try Simulation.run(scenario, writingReportTo: run)
        return run.path
    }

    @Test("The run page counts pressure kills as SPEC 5 and 11 do: the reaper's long-idle-exit is one")
    func reaperKillsArePressureKills() throws {
        try withTemporaryFolder { folder in
            let scenario = try ScenarioLoader.load(path: packageFile("Scenarios/iphone-11-ios18.yaml"))
            let run = folder.appendingPathComponent("iphone-11-ios18")
            try Simulation.run(scenario, writingReportTo: run)
            try HTMLReport.write(folder: run.path)
            let html = try String(contentsOfFile: run.path + "/index.html", encoding: .utf8)
            // The reaper's one kill (social at 600 s); news, frozen at 130 s (SPEC 37), is not reaped.
            #expect(html.contains("1 termination (1 pressure kill)"))
        }
    }

    @Test("Apps resident from time 0 (initial:, SPEC 12) that never change state get their lane, from memory.csv's first row")
    func initialAppsInTheTimeline() throws {
        try withTemporaryFolder { folder in
            let scenario = try ScenarioLoader.parse("""
                name: found
                device: { ram_mb: 2048 }
                apps:
                  - { id: com.a, active_mb: 100 }
                  - { id: com.b, active_mb: 100, background_modes: [audio] }
                  - { id: com.c, active_mb: 100 }
                initial:
                  - { app: com.a, state: suspended }
                  - { app: com.b, state: background, modes: [audio] }

                """, path: "found.yaml")
            let run = folder.appendingPathComponent("found")
            try Simulation.run(scenario, writingReportTo: run)
            let reports = try RunReports(folder: run.path)
            let suspended = ChartPalette.stateIndex("suspended"), background = ChartPalette.stateIndex("background")
            #expect(reports.transitions.isEmpty)
            #expect(reports.initialStates == [suspended, background, nil])
            try HTMLReport.write(folder: run.path)
            let html = try String(contentsOfFile: run.path + "/index.html", encoding: .utf8)
            let timeline = try #require(svg("timeline-chart", in: html))
            // com.c alone was never resident.
            #expect(timeline.components(separatedBy: "never resident").count - 1 == 1)
        }
    }

    @Test("A run page's duration is the run's end: end_s, told by resident_s of the apps resident at the end (SPEC 14), past the last instant in the CSVs")
    func runEndsAtEndS() throws {
        try withTemporaryFolder { folder in
            let scenario = try ScenarioLoader.load(path: packageFile("Scenarios/iphone-11-ios18.yaml"))
            #expect(scenario.endMs == .seconds(900))
            let run = folder.appendingPathComponent("iphone-11-ios18")
            try Simulation.run(scenario, writingReportTo: run)
            let transitions = try String(contentsOfFile: run.path + "/transitions.csv", encoding: .utf8)
            #expect(transitions.split(separator: "\n").last?.hasPrefix("650.000,") == true, "the last change is at 650 s")
            #expect(try RunReports(folder: run.path).endTime == 900)
            try HTMLReport.write(folder: run.path)
            let html = try String(contentsOfFile: run.path + "/index.html", encoding: .utf8)
            #expect(html.contains("5 apps · 900 s ·"))
            // Without end_s the end is the last instant, as before.
            let memoryPressure = try Self.memoryPressureRun(in: folder)
            #expect(try RunReports(folder: memoryPressure).endTime == 90)
        }
    }

    @Test("A run page has the memory chart with a layer per app, free memory, thresholds, and a marker and a label per eviction")
    func runPageMemoryChart() throws {
        try withTemporaryFolder { folder in
            let run = try Self.memoryPressureRun(in: folder)
            let pages = try HTMLReport.write(folder: run)
            #expect(pages == [run + "/index.html"])
            let html = try String(contentsOfFile: run + "/index.html", encoding: .utf8)
            #expect(html.hasPrefix("<!DOCTYPE html>"))
            #expect(html.contains("<h1>memory-pressure</h1>"))
            #expect(html.contains("policy largest-first · device 2048 MB RAM (512 MB reserved)"))
            #expect(!html.contains("<script"), "no script")
            let external = html.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "")
            #expect(!external.contains("http://") && !external.contains("https://"), "nothing fetched")

            let memory = try #require(svg("memory-chart", in: html))
            let apps = ["com.example.news", "com.example.social", "com.example.photos", "com.example.notes",
                        "com.example.music", "com.example.game"]
            // One stacked area per app, in the app's colour (its place in the scenario).
            for (index, app) in apps.enumerated() {
                #expect(memory.contains("<path class=\"area c\(index)\""), "no area for \(app)")
                #expect(memory.contains("<title>\(app)</title>"))
            }
            #expect(paths(withClassPrefix: "free", in: memory).count == 1)
            // Thresholds from device.csv: warning 15 %, idle 10 %, critical 5 % of 2048 MB.
            #expect(memory.contains("thr thr-warning") && memory.contains(">warning 307.2 MB<"))
            #expect(memory.contains("thr thr-idle") && memory.contains(">idle 204.8 MB<"))
            #expect(memory.contains("thr thr-critical") && memory.contains(">critical 102.4 MB<"))
            // Five evictions: five ticks (three apps at the same instant keep their own), five labels.
            let ticks = paths(withClassPrefix: "mark ", in: memory).map { $0.d.components(separatedBy: "v16").count - 1 }
            #expect(ticks.reduce(0, +) == 5)
            #expect(texts(withClass: "lbl halo evl", in: memory) == [
                "com.example.social, memory-pressure", "com.example.news, memory-pressure",
                "com.example.photos, memory-pressure", "com.example.notes, memory-pressure",
                "com.example.music, memory-pressure",
            ])
            #expect(html.contains("Every eviction is labelled (app, reason)."))
        }
    }

    @Test("The state timeline has a lane per app, with its launches and kills marked")
    func runPageTimeline() throws {
        try withTemporaryFolder { folder in
            let run = try Self.memoryPressureRun(in: folder)
            let html = try HTMLReport.runPage(folder: run)
            let timeline = try #require(svg("timeline-chart", in: html))
            #expect(texts(withClass: "lbl lane-name", in: timeline) == [
                "com.example.news", "com.example.social", "com.example.photos", "com.example.notes",
                "com.example.music", "com.example.game",
            ])
            // Each app launched once (six lanes, six launches); five killed.
            let launches = paths(withClassPrefix: "fgmark mk-launch", in: timeline).map { $0.d.filter { $0 == "M" }.count }
            let kills = paths(withClassPrefix: "fgmark mk-kill", in: timeline).map { $0.d.filter { $0 == "M" }.count }
            #expect(launches.reduce(0, +) == 6)
            #expect(kills.reduce(0, +) == 5)
            // Every app was active, then suspended (the music app kept playing in the background).
            #expect(paths(withClassPrefix: "lane-bar st-active", in: timeline).count == 6)
            #expect(paths(withClassPrefix: "lane-bar st-suspended", in: timeline).count == 4)
            #expect(paths(withClassPrefix: "lane-bar st-background", in: timeline).count == 1)
            #expect(!timeline.contains("never resident"))
            // The survivors table: a row per app, with the survivor.
            let survivors = try #require(html.components(separatedBy: "id=\"survivors\"").last?.components(separatedBy: "id=\"assumptions\"").first)
            #expect(survivors.components(separatedBy: "<tr>").count - 1 == 7)
            // Apps kept after each launch (SPEC 33): a header and a row per launch, six.
            let kept = try #require(html.components(separatedBy: "id=\"kept\"").dropFirst().first)
            #expect(kept.components(separatedBy: "id=\"survivors\"")[0].components(separatedBy: "<tr>").count - 1 == 7)
            #expect(html.contains("com.example.game</td><td>true</td><td>active</td>"))
        }
    }

    @Test("A folder without device.csv (an older or merged run) gets no threshold lines")
    func noDeviceNoThresholds() throws {
        try withTemporaryFolder { folder in
            let run = try Self.memoryPressureRun(in: folder)
            try FileManager.default.removeItem(atPath: run + "/device.csv")
            let html = try HTMLReport.runPage(folder: run)
            let memory = try #require(svg("memory-chart", in: html))
            #expect(!memory.contains("thr-"))
            #expect(!memory.contains("307.2 MB"))
            #expect(html.contains("no thresholds: the folder has no device.csv"))
            #expect(html.contains("device not recorded (no device.csv)"))
            // Everything else is still drawn.
            #expect(texts(withClass: "lbl halo evl", in: memory).count == 5)
        }
    }

    @Test("Columns are read by name: extra and reordered columns draw the same charts")
    func columnsByName() throws {
        try withTemporaryFolder { folder in
            let run = try Self.memoryPressureRun(in: folder)
            let before = try HTMLReport.runPage(folder: run)
            for file in ["memory.csv", "pressure.csv", "evictions.csv", "transitions.csv", "callbacks.csv", "device.csv"] {
                let path = run + "/" + file
                let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
                // A new first column, and the last two columns swapped.
                let changed = lines.map { line -> String in
                    guard !line.isEmpty else { return "" }
                    var fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                    fields.swapAt(fields.count - 1, fields.count - 2)
                    return ([line == lines[0] ? "extra" : "x"] + fields).joined(separator: ",")
                }
                try changed.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
            }
            #expect(try HTMLReport.runPage(folder: run) == before)
        }
    }

    @Test("At most 30 evictions are labelled per chart; the others are marked, and counted")
    func labelCap() throws {
        try withTemporaryFolder { folder in
            // 45 apps of 300 MB on a 1 GiB phone, opened one a second: from the fourth on,
            // each open pushes out a suspended app.
            let apps = (0..<45).map { AppProfile(id: "com.example.app\($0)", activeMB: 300) }
            var scenario = Scenario(name: "crowd", device: Device(ramMB: 1024), apps: apps)
            for index in 0..<45 { try scenario.append(at: Double(index), .open(try scenario.app("com.example.app\(index)"))) }
            let run = folder.appendingPathComponent("crowd")
            try Simulation.run(scenario, writingReportTo: run)
            let evictions = try String(contentsOf: run.appendingPathComponent("evictions.csv"), encoding: .utf8)
                .split(separator: "\n").count - 1
            #expect(evictions > 30)
            let html = try HTMLReport.runPage(folder: run.path)
            let memory = try #require(svg("memory-chart", in: html))
            #expect(texts(withClass: "lbl halo evl", in: memory).count == 30)
            let ticks = paths(withClassPrefix: "mark ", in: memory).map { $0.d.components(separatedBy: "v16").count - 1 }
            #expect(ticks.reduce(0, +) == evictions, "one marker per eviction (one a second, each in its own column)")
            #expect(html.contains("\(evictions) evictions: 30 are labelled (app, reason), spread over the run; the other \(evictions - 30) are marked only."))
        }
    }

    @Test("Placed labels never overlap in a row, and a leader line never crosses a label below it when there is room")
    func labelPlacement() {
        // 30 markers in a cluster and spread out, near both edges.
        let xs: [Double] = (0..<12).map { _ in 700.0 } + (0..<10).map { 210 + Double($0) * 90 } + (0..<8).map { 1170 - Double($0) }
        let labels = EvictionLabels(xs.enumerated().map { (text: "com.example.app\($0.offset), memory-pressure", x: $0.element, app: $0.offset) },
                                    minX: 200, maxX: 1176)
        #expect(labels.placements.count == 30)
        func span(_ p: EvictionLabels.Placement) -> ClosedRange<Double> {
            p.textX...(p.textX + EvictionLabels.width(p.text))
        }
        for (i, a) in labels.placements.enumerated() {
            #expect(span(a).lowerBound >= 200 && span(a).upperBound <= 1176)
            for b in labels.placements[(i + 1)...] where a.row == b.row {
                #expect(!span(a).overlaps(span(b)), "\(a.text) and \(b.text) overlap in row \(a.row)")
            }
        }
        // Markers in time order as memory-pressure.yaml has them (70 s, 80 s, three at 90 s): no
        // leader crosses a label in a row below its own.
        let run = EvictionLabels([883.0, 981, 1079, 1079, 1079].enumerated().map { (text: "com.example.app\($0.offset), memory-pressure", x: $0.element, app: $0.offset) },
                                 minX: 200, maxX: 1176)
        for a in run.placements {
            for b in run.placements where b.row > a.row {
                #expect(!span(a).contains(b.markerX), "the leader of \(b.text) crosses \(a.text)")
            }
        }
        // The 12 labels at one instant stack in 12 rows, each clear of the leaders above it.
        let cluster = labels.placements.prefix(12)
        #expect(Set(cluster.map(\.row)).count == 12)
        // More than the cap: the first of each of 30 slices, so a late eviction is labelled too.
        let chosen = EvictionLabels.chooseLabelled((0..<100).map { 200 + Double($0) * 9.7 }, minX: 200, maxX: 1176)
        #expect(chosen.count == 30)
        #expect(chosen.last! > 90)
    }

    @Test("Two renders of the same reports give the same bytes, whatever the number of threads")
    func determinism() throws {
        try withTemporaryFolder { folder in
            let run = try Self.memoryPressureRun(in: folder)
            try HTMLReport.write(folder: run)
            let first = try Data(contentsOf: URL(fileURLWithPath: run + "/index.html"))
            try HTMLReport.write(folder: run)
            #expect(try Data(contentsOf: URL(fileURLWithPath: run + "/index.html")) == first)

            let batch = try Self.writeBatchFolder(in: folder)
            try FileManager.default.createDirectory(atPath: batch + "/day", withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: run, toPath: batch + "/day/replicate-0")
            try FileManager.default.copyItem(atPath: run, toPath: batch + "/day/replicate-1")
            let pages1 = try HTMLReport.write(folder: batch, jobs: 1)
            let bytes1 = try pages1.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
            let pages3 = try HTMLReport.write(folder: batch, jobs: 3)
            #expect(pages3 == pages1)
            #expect(try pages3.map { try Data(contentsOf: URL(fileURLWithPath: $0)) } == bytes1)
        }
    }

    /// A batch folder written by hand: scenario `day` under `lru` at two RAM sizes, two runs
    /// each. com.b always survives; com.a never at 2048 MB and half the time at 3072 MB.
    static func writeBatchFolder(in folder: URL) throws -> String {
        let batch = folder.appendingPathComponent("batch").path
        try FileManager.default.createDirectory(atPath: batch, withIntermediateDirectories: true)
        try """
            scenario,policy,seed,replicate,apps,events,cold_launches,warm_launches,hot_launch_ratio,pressure_kills,state_losses,min_free_mb,device.ram_mb
            day,lru,11,0,2,10,3,1,0.250,2,0,10.000,2048
            day,lru,12,1,2,10,2,2,0.500,4,0,10.000,2048
            day,lru,13,0,2,10,1,3,0.750,0,0,10.000,3072
            day,lru,14,1,2,10,1,1,0.500,1,0,10.000,3072

            """.write(toFile: batch + "/summary.csv", atomically: true, encoding: .utf8)
        try """
            scenario,policy,app,runs,survived,survival_rate,ci_low,ci_high,never_killed,never_killed_rate,never_killed_ci_low,never_killed_ci_high,mean_pressure_kills,mean_cold_launches,mean_warm_launches,device.ram_mb
            day,lru,com.a,2,0,0.000,0.000,0.658,0,0.000,0.000,0.658,1.500,1.000,1.000,2048
            day,lru,com.b,2,2,1.000,0.342,1.000,2,1.000,0.342,1.000,1.500,1.500,0.500,2048
            day,lru,com.a,2,1,0.500,0.095,0.905,1,0.500,0.095,0.905,0.500,0.500,1.000,3072
            day,lru,com.b,2,2,1.000,0.342,1.000,2,1.000,0.342,1.000,0.000,0.500,1.000,3072

            """.write(toFile: batch + "/survival.csv", atomically: true, encoding: .utf8)
        return batch
    }

    @Test("A batch page draws survival per app with Wilson whiskers, one series per sweep point, apps by survival")
    func batchPage() throws {
        try withTemporaryFolder { folder in
            let batch = try Self.writeBatchFolder(in: folder)
            let pages = try HTMLReport.write(folder: batch)
            #expect(pages == [batch + "/index.html"])
            let html = try String(contentsOfFile: batch + "/index.html", encoding: .utf8)
            let chart = try #require(svg("s1-survival-1", in: html))
            // com.b (always survived) above com.a, though com.a comes first in the scenario; each
            // keeps its scenario colour.
            #expect(texts(withClass: "lbl app-name", in: chart) == ["com.b", "com.a"])
            // Two series (2048, 3072), each with its whiskers and markers.
            let whiskers = paths(withClassPrefix: "whisker", in: chart)
            #expect(whiskers.count == 2)
            #expect(paths(withClassPrefix: "dot", in: chart).count == 2)
            // Whisker lengths are the intervals' widths on a 930-pixel axis (0 to 100 %).
            func widths(_ d: String) -> [Int] {
                d.split(separator: "M").compactMap { part -> Int? in
                    guard let h = part.firstIndex(of: "H") else { return nil }
                    let start = Int(part[..<part.firstIndex(of: " ")!])!
                    return Int(part[part.index(after: h)...])! - start
                }
            }
            #expect(widths(whiskers[0].d).sorted() == [612, 612], "2048: com.b [0.342, 1], com.a [0, 0.658]")
            #expect(widths(whiskers[1].d).sorted() == [612, 754], "3072: com.b [0.342, 1], com.a [0.095, 0.905]")
            #expect(html.contains(">RAM 2048 MB<") && html.contains(">RAM 3072 MB<"), "the legend names the series in words")
            // Pressure kills per point: the mean of 2 and 4, and of 0 and 1; pooled hot-launch ratios 3/8 and 4/6.
            let points = try #require(svg("s1-points", in: html))
            #expect(points.contains("lru · RAM 2048 MB: 3 pressure kills per run over 2 runs"))
            #expect(points.contains("lru · RAM 3072 MB: 0.5 pressure kills per run over 2 runs"))
            #expect(points.contains(">38 %<") && points.contains(">67 %<"))
            #expect(html.contains("run with --details to get a page per run"))
            // The header links the batch's files that are there: no comparison.csv without
            // --policy all.
            #expect(html.contains("href=\"summary.csv\"") && html.contains("href=\"survival.csv\""))
            #expect(!html.contains("comparison.csv"))
        }
    }

    @Test("A batch page links to a page for each run folder, which knows its seed and links back")
    func batchRunPages() throws {
        try withTemporaryFolder { folder in
            let batch = try Self.writeBatchFolder(in: folder)
            let run = try Self.memoryPressureRun(in: folder)
            // The run folders a --details run writes: <scenario>/<key>=<value>/replicate-<k>/.
            for (ram, replicate) in [("2048", 0), ("2048", 1), ("3072", 0)] {
                let target = batch + "/day/device.ram_mb=\(ram)/replicate-\(replicate)"
                try FileManager.default.createDirectory(atPath: batch + "/day/device.ram_mb=\(ram)", withIntermediateDirectories: true)
                try FileManager.default.copyItem(atPath: run, toPath: target)
                // The copied run names its policy lru, as the batch's runs do.
                let device = try String(contentsOfFile: target + "/device.csv", encoding: .utf8)
                try device.replacingOccurrences(of: "policy,largest-first", with: "policy,lru")
                    .write(toFile: target + "/device.csv", atomically: true, encoding: .utf8)
            }
            let pages = try HTMLReport.write(folder: batch)
            #expect(pages.count == 4)
            let html = try String(contentsOfFile: batch + "/index.html", encoding: .utf8)
            #expect(html.contains("href=\"day/device.ram_mb=2048/replicate-1/index.html\""))
            #expect(html.contains("href=\"day/device.ram_mb=3072/replicate-0/index.html\""))
            let page = try String(contentsOfFile: batch + "/day/device.ram_mb=2048/replicate-1/index.html", encoding: .utf8)
            #expect(page.contains("<h1>day</h1>"))
            #expect(page.contains("seed 12"), "replicate 1 at 2048 MB ran with seed 12 (summary.csv)")
            #expect(page.contains("href=\"../../../index.html\""))
        }
    }

    @Test("A folder that is not a report folder is refused, naming what is missing")
    func notAReportFolder() throws {
        try withTemporaryFolder { folder in
            #expect(throws: HTMLReport.Error.self) { try HTMLReport.write(folder: folder.path) }
            try "app\n".write(to: folder.appendingPathComponent("survivors.csv"), atomically: true, encoding: .utf8)
            do {
                try HTMLReport.write(folder: folder.path)
                Issue.record("a folder with only survivors.csv was accepted")
            } catch let error as HTMLReport.Error {
                #expect(error.description.contains("memory.csv, pressure.csv, evictions.csv, transitions.csv, callbacks.csv missing"))
            }
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("index.html").path))
        }
    }

    @Test("Report text is escaped: an app id with quotes, a comma and markup stays text")
    func escaping() throws {
        try withTemporaryFolder { folder in
            let run = folder.appendingPathComponent("golden")
            try Simulation.run(goldenScenario(), writingReportTo: run)
            let html = try HTMLReport.runPage(folder: run.path)
            #expect(html.contains("com.example.&quot;b&quot;,2"))
            #expect(!html.contains("com.example.\"b\",2"))
            #expect(HTMLEscaping.escape("<a href='x'>&amp;</a>") == "&lt;a href=&#39;x&#39;&gt;&amp;amp;&lt;/a&gt;")
            #expect(HTMLEscaping.href("day/device.ram_mb=2048/a b#c/index.html") == "day/device.ram_mb=2048/a%20b%23c/index.html")
        }
    }
}

import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim

/// The run page past `MemoryChart.defaultFoldAbove` apps (SPEC 35: nothing grows faster than
/// linearly, and the page not without bound): the state timeline keeps a lane for each app the
/// memory chart keeps and one "other apps" lane; the survivors and kept-apps tables show 20
/// rows and the next 200 in a `<details>`; the eviction ticks of the folded apps are one path.
/// The counts asserted are the page's elements, so a page that grows with the apps fails
/// whatever the machine's speed.
@Suite struct RunPageFoldTests {
    /// `apps` apps of 50-99 MB active and 10-40 MB suspended on an 8 GB phone, each opened
    /// once, one a second: the memory fills and the older apps are killed as it does.
    static func manyApps(_ apps: Int) -> String {
        var text = "name: many\ndevice: { ram_mb: 8192, reserved_mb: 256, system_mb: 300 }\napps:\n"
        for app in 0..<apps { text += "  - { id: com.app\(app), active_mb: \(50 + app % 50), suspended_mb: \(10 + app % 31) }\n" }
        text += "events:\n"
        for app in 0..<apps { text += "  - { at: \(app), open: com.app\(app) }\n" }
        return text
    }

    /// How often `needle` occurs in `text`.
    static func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    /// The body rows of the table in the page's section `id` (the ones in its `<details>` too).
    static func tableRows(section id: String, in html: String) throws -> Int {
        let section = try #require(html.components(separatedBy: "<section id=\"\(id)\"").dropFirst().first)
        let body = section.components(separatedBy: "</section>")[0]
        return count("<tr>", in: body) - count("<thead>", in: body)
    }

    @Test("Past 200 apps: 201 timeline lanes, 220 rows in each table, at most 201 tick paths, whether 300 apps or 1,200; the page barely grows")
    func pageBoundedInApps() throws {
        try withTemporaryFolder { folder in
            var sizes: [Int] = []
            for apps in [300, 1_200] {
                let run = try RunPageTests.run(Self.manyApps(apps), named: "many\(apps)", in: folder)
                let html = try HTMLReport.runPage(folder: run)
                sizes.append(html.utf8.count)
                // 200 kept apps and the rest in one lane, named with their count.
                #expect(Self.count("class=\"lbl lane-name\"", in: html) == 201, "\(apps) apps")
                #expect(html.contains(">other apps (\(apps - 200))</text>"), "\(apps) apps")
                // Every app launched once at its own second: a kept-apps row per app, as the
                // survivors table has; each table shows 20 rows and the next 200.
                #expect(try Self.tableRows(section: "survivors", in: html) == 220, "\(apps) apps")
                #expect(try Self.tableRows(section: "kept", in: html) == 220, "\(apps) apps")
                #expect(html.contains("\(apps - 20) more rows, the next 200 here; survivors.csv has them all"))
                #expect(html.contains("\(apps - 20) more rows, the next 200 here; they follow from transitions.csv"))
                let memory = try #require(html.components(separatedBy: "id=\"memory-chart\"").dropFirst().first)
                #expect(Self.count("<path class=\"mark ", in: memory) <= 201, "a tick path per kept app and one for the rest")
                #expect(Self.count("<path class=\"mark oth\"", in: memory) == 1)
            }
            // Four times the apps: the same elements, a few more digits in the names and
            // times, more columns with a folded app's tick (at most one each); a page with a
            // lane, a row and a tick path per app grows about 4 times.
            #expect(Double(sizes[1]) < 1.5 * Double(sizes[0]), "\(sizes)")
        }
    }

    @Test("The folded lane holds, per column, the most awake state of the apps it holds and every mark any of them had")
    func foldedLaneMergesItsApps() throws {
        try withTemporaryFolder { folder in
            let run = try RunPageTests.run(MemoryChartFoldTests.fourApps, named: "fold", in: folder)
            let reports = try RunReports(folder: run)
            let geometry = RunChartGeometry(endTime: reports.endTime)
            let whole = StateTimeline(reports: reports, geometry: geometry)
            let folded = StateTimeline(reports: reports, geometry: geometry, kept: [0, 1])
            #expect(whole.lanes == [.app(0), .app(1), .app(2), .app(3)])
            #expect(folded.lanes == [.app(0), .app(1), .otherApps(2)])
            let all = whole.columnsByLane(columns: geometry.columns)
            let lanes = folded.columnsByLane(columns: geometry.columns)
            #expect(Array(all.states[0...1]) == Array(lanes.states[0...1]))
            // The state index orders states from the most awake; 255 (none) is above them all.
            for column in 0..<geometry.columns {
                #expect(lanes.states[2][column] == min(all.states[2][column], all.states[3][column]), "column \(column)")
                #expect(lanes.marks[2][column] == all.marks[2][column] | all.marks[3][column], "column \(column)")
            }
            // c opened at 20 s and d at 30 s: both launches are marks of the folded lane.
            let launch = UInt8(1 << RunReports.Mark.launch.rawValue)
            #expect(lanes.marks[2][geometry.column(20)] & launch != 0 && lanes.marks[2][geometry.column(30)] & launch != 0)
            let svg = folded.render()
            #expect(svg.contains(">other apps (2)</text>") && !svg.contains(">com.c</text>") && !svg.contains(">com.d</text>"))
        }
    }

    @Test("Kept-apps rows, counted as the states change, equal a count over every app at each launch")
    func keptRowsEqualAFullCount() throws {
        try withTemporaryFolder { folder in
            let run = try RunPageTests.bundled("day-on-a-3gb-phone.yaml", in: folder)
            let reports = try RunReports(folder: run)
            let foreground = Set(["active", "inactive"].compactMap(ChartPalette.stateIndex))
            let suspended = ChartPalette.stateIndex("suspended")
            // The rows the definition gives: after every change of a launch's instant, every
            // resident app not in the foreground, and of them the suspended ones.
            let rows = KeptAppsTable.rows(reports)
            let launchedAt = Dictionary(rows.map { ($0.time, $0.launched) }, uniquingKeysWith: { first, _ in first })
            var states = reports.initialStates
            var expected: [KeptAppsTable.Row] = []
            for (index, change) in reports.transitions.enumerated() {
                states[change.app] = change.toState
                let last = index + 1 == reports.transitions.count || reports.transitions[index + 1].time != change.time
                guard last, let launched = launchedAt[change.time] else { continue }
                let kept = states.compactMap { $0 }.filter { !foreground.contains($0) }
                expected.append(KeptAppsTable.Row(time: change.time, launched: launched, kept: kept.count,
                                                  suspended: kept.filter { $0 == suspended }.count))
            }
            #expect(expected.count > 20, "a day has many launches")
            #expect(rows == expected)
        }
    }
}

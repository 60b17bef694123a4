import Foundation
import Testing
@testable import SuspendSim

/// SPEC 19: the batch page of a sweep over one key: a never-killed chart per focus app, one
/// line per policy; the calibration picture; the cap on panels; the same bytes every time.
@Suite struct SweepChartTests {
    static let key = "app.com.example.long.suspended_mb"
    static let values = ["40", "60", "80", "100", "120", "140", "160", "180"]
    static let apps = (0..<8).map { "com.app\($0)" }
    /// Each app's fall in never-killed rate per swept value: across the 8 values app k changes
    /// by 7 × slope: 0, 0.14, 0.7, 0.35, 0, 0.49, 0.14, 0.21.
    static let slopes = [0, 0.02, 0.1, 0.05, 0, 0.07, 0.02, 0.03]

    /// A sweep of `key` over 8 values under lru and jetsam; jetsam has no point at 100.
    static func sweep(counters: [(name: String, observed: Double, mean: (Int, Int) -> Double)] = []) -> SweepBatchFixture {
        SweepBatchFixture(keys: [key], points: values.map { [$0] }, policies: ["lru", "jetsam"], apps: apps,
                          rate: { policy, point, app in
                              policy == 1 && point == 3 ? nil : 0.9 - Double(point) * slopes[app] - Double(policy) * 0.05
                          }, counters: counters)
    }

    @Test("A sweep of one key draws a chart per focus app: a line per policy, a marker per swept value it has")
    func neverKilledCharts() throws {
        try withTemporaryFolder { folder in
            let batch = try Self.sweep().write(in: folder)
            try HTMLReport.write(folder: batch)
            let html = try String(contentsOfFile: batch + "/index.html", encoding: .utf8)
            let charts = chartSVGs(withIDPrefix: "s1-sweep-", in: html)
            #expect(charts.count == FocusApps.count)
            let chart = try #require(charts.first).svg
            // Two policies: two lines, two marker paths, each in its policy's colour (lru vermillion,
            // jetsam bluish green: `SeriesStyle`).
            #expect(pathData(withClass: "line c5", in: chart).count == 1)
            #expect(pathData(withClass: "line c2", in: chart).count == 1)
            let lru = try #require(pathData(withClass: "dot c5", in: chart).first)
            let jetsam = try #require(pathData(withClass: "dot c2", in: chart).first)
            #expect(markerCount(lru) == 8)
            #expect(markerCount(jetsam) == 7, "jetsam has no point at 100")
            // jetsam's line breaks where it has no point: two pieces.
            #expect(pathData(withClass: "line c2", in: chart)[0].filter { $0 == "M" }.count == 2)
            // Bands: the Wilson intervals of neighbouring points.
            #expect(!pathData(withClass: "bandfill c5", in: chart).isEmpty)
            // Numbers: placed by value, the axis named after the key in words, ticks at round values.
            #expect(textElements(withClass: "tm", in: chart).contains { $0.text == "suspended memory of com.example.long (MB)" })
            #expect(textElements(withClass: "tm", in: chart).contains { $0.text == "100" })
            // A long sweep draws no per-point survival panel: the charts answer.
            #expect(!html.contains("id=\"s1-survival-1\""))
            #expect(html.contains("id=\"s1-per-point-1\"") && html.contains("id=\"s1-per-point-2\""))
        }
    }

    @Test("Without apps given, the focus apps are the 6 whose never-killed rate changes most, ties in scenario order")
    func changeRule() throws {
        let fixture = Self.sweep()
        let changes = Self.apps.indices.map { app in
            FocusApps.change((0..<2).map { policy in (0..<8).map { fixture.rate(policy, $0, app) } })
        }
        let chosen = FocusApps.select(given: nil, apps: Self.apps) { changes[Self.apps.firstIndex(of: $0)!] }
        #expect(chosen.rule == .changesMost)
        #expect(chosen.apps == ["com.app2", "com.app5", "com.app3", "com.app7", "com.app1", "com.app6"])
        try withTemporaryFolder { folder in
            let batch = try fixture.write(in: folder)
            try HTMLReport.write(folder: batch)
            let html = try String(contentsOfFile: batch + "/index.html", encoding: .utf8)
            let titles = chartSVGs(withIDPrefix: "s1-sweep-", in: html).map { textElements(withClass: "ttl", in: $0.svg).first?.text }
            #expect(titles == chosen.apps)
            #expect(html.contains("The 6 apps whose never-killed rate changes most across the sweep"))
        }
    }

    @Test("Apps given (report --app) are drawn in the order given; ids not in the scenario are skipped")
    func givenApps() throws {
        try withTemporaryFolder { folder in
            let batch = try Self.sweep().write(in: folder)
            try HTMLReport.write(folder: batch, focusApps: ["com.app4", "com.elsewhere", "com.app0", "com.app4"])
            let html = try String(contentsOfFile: batch + "/index.html", encoding: .utf8)
            let titles = chartSVGs(withIDPrefix: "s1-sweep-", in: html).map { textElements(withClass: "ttl", in: $0.svg).first?.text }
            #expect(titles == ["com.app4", "com.app0"])
            #expect(html.contains("The apps given (report --app"))
            // None of them in the scenario: the change rule, said so.
            try HTMLReport.write(folder: batch, focusApps: ["com.elsewhere"])
            let fallback = try String(contentsOfFile: batch + "/index.html", encoding: .utf8)
            #expect(chartSVGs(withIDPrefix: "s1-sweep-", in: fallback).count == 6)
            #expect(fallback.contains("none of the apps given is in this scenario"))
        }
    }

    @Test("observed.csv gives a calibration chart per counter: the simulated mean with its band, the observed as a line")
    func calibration() throws {
        let fixture = Self.sweep(counters: [
            (name: "background_memory_pressure", observed: 0.8, mean: { policy, point in 2.0 - Double(point) * 0.2 + Double(policy) }),
            (name: "resumes", observed: 4.9, mean: { _, point in Double(point) }),
        ])
        try withTemporaryFolder { folder in
            let batch = try fixture.write(in: folder)
            try HTMLReport.write(folder: batch)
            let html = try String(contentsOfFile: batch + "/index.html", encoding: .utf8)
            let charts = chartSVGs(withIDPrefix: "s1-calibration-", in: html)
            #expect(charts.map { textElements(withClass: "ttl", in: $0.svg).first?.text } == ["background_memory_pressure", "resumes"])
            let chart = charts[0].svg
            #expect(markerCount(try #require(pathData(withClass: "dot c5", in: chart).first)) == 8)
            #expect(!pathData(withClass: "bandfill c2", in: chart).isEmpty)
            // The observed value as a dashed line at its height, labelled.
            let reference = try #require(chart.components(separatedBy: "<line class=\"ref\"").dropFirst().first)
            // The y axis runs from 0 to 4 (a round value above the highest interval, 3.2) over
            // the plot's 150 pixels from y = 46: 0.8 is at 46 + 150 × (1 − 0.8 / 4) = 166.
            let y = 166
            #expect(reference.contains("y1=\"\(y)\"") && reference.contains("y2=\"\(y)\""))
            #expect(textElements(withClass: "tm halo", in: chart).map(\.text) == ["observed 0.8"])
            #expect(textElements(withClass: "tm halo", in: charts[1].svg).map(\.text) == ["observed 4.9"])
            #expect(html.contains("href=\"observed.csv\""))
        }
    }

    @Test("A counter that is 0 in the field and in every run is not drawn: one line names it; a counter 0 in the field only is drawn")
    func zeroCountersFolded() throws {
        let fixture = Self.sweep(counters: [
            (name: "foreground_memory_resource_limit", observed: 0, mean: { _, _ in 0 }),
            (name: "background_memory_pressure", observed: 0, mean: { _, point in Double(point) / 10 }),
            (name: "background_normal", observed: 0, mean: { _, _ in 0 }),
        ])
        try withTemporaryFolder { folder in
            let batch = try fixture.write(in: folder)
            try HTMLReport.write(folder: batch)
            let html = try String(contentsOfFile: batch + "/index.html", encoding: .utf8)
            let charts = chartSVGs(withIDPrefix: "s1-calibration-", in: html)
            #expect(charts.map { textElements(withClass: "ttl", in: $0.svg).first?.text } == ["background_memory_pressure"])
            #expect(html.contains("0 in the field and in every run at every point, so not drawn: foreground_memory_resource_limit, background_normal."))
        }
    }

    @Test("A batch scenario draws at most 24 panels, and says how many were left out and where they are")
    func panelCap() throws {
        // Two keys swept together, 6 × 5 points, two policies: a survival panel per point.
        let points = (0..<30).map { ["\(1000 + 100 * ($0 / 5))", "\(10 * ($0 % 5))"] }
        let fixture = SweepBatchFixture(keys: ["device.ram_mb", "workload.gap_s"], points: points, policies: ["lru", "jetsam"],
                                        apps: ["com.a", "com.b", "com.c"],
                                        rate: { _, point, app in app == 0 ? (point < 8 ? 1 : 0) : 0.5 })
        try withTemporaryFolder { folder in
            let batch = try fixture.write(in: folder)
            try HTMLReport.write(folder: batch)
            let html = try String(contentsOfFile: batch + "/index.html", encoding: .utf8)
            let charts = chartSVGs(withIDPrefix: "s1-survival-", in: html)
            #expect(charts.count == 6, "24 panels, 4 to a chart")
            let panelTitles = charts.reduce(0) { $0 + textElements(withClass: "ttl", in: $1.svg).count - 1 }
            #expect(panelTitles == 24)
            #expect(html.contains("24 panels drawn, 6 left out: the page draws at most 24 per scenario; survival.csv has them all."))
            // One app order for the scenario: com.a leads on the first panels and trails on the
            // last, but every chart lists the apps the same way.
            let orders = charts.map { textElements(withClass: "lbl app-name", in: $0.svg).map(\.text) }
            #expect(Set(orders.map { $0.joined(separator: ",") }).count == 1)
            #expect(orders[0] == ["com.b", "com.c", "com.a"])
        }
    }

    @Test("The same reports give the same bytes, with apps given or not, at any number of threads")
    func sameBytes() throws {
        let fixture = Self.sweep(counters: [(name: "resumes", observed: 4.9, mean: { _, point in Double(point) })])
        try withTemporaryFolder { folder in
            let batch = try fixture.write(in: folder)
            let page = URL(fileURLWithPath: batch + "/index.html")
            try HTMLReport.write(folder: batch, jobs: 1)
            let first = try Data(contentsOf: page)
            try HTMLReport.write(folder: batch, jobs: 3)
            #expect(try Data(contentsOf: page) == first)
            try HTMLReport.write(folder: batch, focusApps: ["com.app1"])
            let given = try Data(contentsOf: page)
            #expect(given != first)
            try HTMLReport.write(folder: batch, focusApps: ["com.app1"])
            #expect(try Data(contentsOf: page) == given)
            let html = String(decoding: first, as: UTF8.self)
            // One file: no script, nothing fetched.
            #expect(!html.contains("<script") && !html.contains("src=") && !html.contains("href=\"http"))
        }
    }
}

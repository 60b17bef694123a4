import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// SPEC 19: no two labels of a chart overlap and none is cut off; a long label is shortened
/// with the whole label in an SVG `<title>`, tick labels are thinned. (`scripts/browser-check.sh`
/// measures the same in a browser; these check the rules the page is written by.)
@Suite struct HTMLLabelTests {
    /// A 60-character app id.
    static let longID = "com.example.averyveryverylongvendorname.photoeditor.pro.2025"

    @Test("A label too long for its room is shortened to fit, with an ellipsis, and the whole label as its <title>")
    func shortenedLabelHasTitle() {
        #expect(Self.longID.count == 60)
        let middle = TextMetrics.fit(Self.longID, width: 200, size: 11, keep: .middle)
        #expect(middle.shortened)
        #expect(TextMetrics.width(middle.text, size: 11) <= 200)
        #expect(middle.text.hasPrefix("com.example.") && middle.text.hasSuffix(".2025") && middle.text.contains("…"))
        let end = TextMetrics.fit("app.com.example.photoeditor.suspended_mb=55", width: 170, size: 13, bold: true, keep: .end)
        #expect(end.text.hasPrefix("…") && end.text.hasSuffix("suspended_mb=55"))
        #expect(TextMetrics.fit("com.a", width: 200, size: 11) == (text: "com.a", shortened: false))

        var svg = SVGWriter(width: 300, height: 40, label: "test")
        svg.fittedLabel(Self.longID, x: 2, y: 20, width: 200, size: 11, class: "lbl")
        svg.fittedLabel("com.a", x: 2, y: 36, width: 200, size: 11, class: "lbl")
        let texts = textElements(withClass: "lbl", in: svg.finish())
        #expect(texts.map(\.title) == [Self.longID, nil])
        #expect(texts[0].text == middle.text)
    }

    @Test("App ids of 60 characters: survival rows and timeline lanes shortened with a <title>, never cut")
    func longAppIDs() throws {
        let apps = [Self.longID, "com.b", String(Self.longID.dropLast(4)) + "2026"]
        let fixture = SweepBatchFixture(keys: ["device.ram_mb"], points: [["2048"], ["3072"]], policies: ["lru", "jetsam"],
                                        apps: apps, rate: { _, _, app in Double(app) / 4 })
        try withTemporaryFolder { folder in
            let batch = try fixture.write(in: folder)
            try HTMLReport.write(folder: batch)
            let html = try String(contentsOfFile: batch + "/index.html", encoding: .utf8)
            let chart = try #require(chartSVGs(withIDPrefix: "s1-survival-1", in: html).first).svg
            let names = textElements(withClass: "lbl app-name", in: chart)
            // The two long ids differ only at their end, and stay told apart.
            let long = names.filter { $0.title != nil }
            #expect(Set(long.compactMap(\.title)) == [apps[0], apps[2]])
            #expect(Set(long.map(\.text)).count == 2)
            for name in long { #expect(name.text.contains("…") && TextMetrics.width(name.text, size: 11) <= SurvivalChart.maxLeft - SurvivalChart.nameMargin) }
            #expect(names.contains { $0.text == "com.b" && $0.title == nil })
        }
        // The run page's timeline lane.
        try withTemporaryFolder { folder in
            var scenario = Scenario(name: "long", device: Device(ramMB: 2048), apps: [AppProfile(id: Self.longID, activeMB: 100)])
            try scenario.append(at: 0, .open(try scenario.app(Self.longID)))
            let run = folder.appendingPathComponent("long")
            try Simulation.run(scenario, writingReportTo: run)
            let html = try HTMLReport.runPage(folder: run.path)
            let lane = try #require(textElements(withClass: "lbl lane-name", in: html).first)
            #expect(lane.title == Self.longID && lane.text.contains("…"))
        }
    }

    @Test("Panel titles take a line per setting in words, wrapped to the panel rather than cut (SPEC 15)")
    func panelTitles() throws {
        let keys = ["app.com.example.photoeditor.suspended_mb", "app.com.example.photoeditor.background_mb"]
        let fixture = SweepBatchFixture(keys: keys, points: [["60", "200"], ["60", "250"], ["120", "200"], ["120", "250"]],
                                        policies: ["lru", "jetsam"], apps: ["com.a"], rate: { _, _, _ in 0.5 })
        try withTemporaryFolder { folder in
            let batch = try fixture.write(in: folder)
            try HTMLReport.write(folder: batch)
            let html = try String(contentsOfFile: batch + "/index.html", encoding: .utf8)
            let chart = try #require(chartSVGs(withIDPrefix: "s1-survival-1", in: html).first).svg
            let titles = Array(textElements(withClass: "ttl", in: chart).dropFirst())
            let words = { (suspended: String, background: String) in
                "suspended memory of com.example.photoeditor \(suspended) MB background memory of com.example.photoeditor \(background) MB"
            }
            #expect(titles.map(\.text) == [words("60", "200"), words("60", "250"), words("120", "200"), words("120", "250")])
            #expect(titles.allSatisfy { $0.title == nil } && !chart.contains("…"))
            // Each line fits its panel: (1200 − 250 − 20 − 3 × 44) / 4 = 199.5 pixels.
            for line in titles.flatMap({ $0.text.split(separator: " ") }) {
                #expect(TextMetrics.width(String(line), size: 13, bold: true) <= 199.5)
            }
        }
    }

    @Test("Tick labels are thinned until none collides, and kept inside the chart")
    func thinnedTicks() {
        func checkApart(_ ticks: [SweepChartAxis.Tick]) {
            var lastEnd = -Double.infinity
            for tick in ticks {
                let width = TextMetrics.width(tick.text, size: SweepChartAxis.labelSize)
                let start = tick.anchor == "middle" ? tick.x - width / 2 : tick.anchor == "end" ? tick.x - width : tick.x
                #expect(start >= lastEnd + SweepChartAxis.gap, "\(tick.text) runs into the label before it")
                #expect(start >= 2 && start + width <= 588, "\(tick.text) is cut off")
                lastEnd = start + width
            }
        }
        // 30 names: every k-th, the first always, each at most 140 pixels with the whole as its title.
        let names = (0..<30).map { "iphone-model-with-a-long-name-\($0)" }
        let categorical = SweepChartAxis(key: "device.model", values: names, range: 60...564).ticks(within: 2...588)
        #expect(!categorical.isEmpty && categorical.count < 30)
        #expect(categorical[0].title == names[0] && categorical[0].text.hasPrefix("…"))
        checkApart(categorical)
        let step = names.firstIndex(of: categorical[1].title!)!
        #expect(categorical.enumerated().allSatisfy { $0.element.title == names[$0.offset * step] })
        // A few numbers: the swept values themselves, by value.
        let few = SweepChartAxis(key: "workload.gap_s", values: ["2400", "1800", "1200", "900", "600"], range: 60...564)
        #expect(few.ticks(within: 2...588).map(\.text) == ["600", "900", "1200", "1800", "2400"])
        // 30 numbers: round values, as many as fit.
        let numeric = SweepChartAxis(key: "k", values: (0..<30).map { String(100_000 + $0 * 5_000) }, range: 60...564)
        #expect(numeric.isNumeric)
        let ticks = numeric.ticks(within: 2...588)
        #expect(ticks.count >= 3 && ticks.allSatisfy { Int($0.text)! % 10_000 == 0 })
        checkApart(ticks)
        // Not all numbers: evenly spaced, in sweep order.
        let mixed = SweepChartAxis(key: "trace.user", values: ["b", "10", "a"], range: 100...300)
        #expect(!mixed.isNumeric && mixed.position(1) == 200 && mixed.lineOrder == [0, 1, 2])
        let sorted = SweepChartAxis(key: "k", values: ["30", "10", "20"], range: 100...300)
        #expect(sorted.position(1) == 100 && sorted.lineOrder == [1, 2, 0])
    }
}

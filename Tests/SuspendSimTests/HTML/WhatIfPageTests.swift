import Foundation
import Testing
@testable import SuspendSim

/// SPEC 25, 27: a batch page opens with the answer of its `whatif.csv`, a sentence per
/// what-if app and exit counter that is not 0 at some point, then `launch_wait_s`.
@Suite struct WhatIfPageTests {
    static let header = "scenario,policy,device.ram_mb,key,value,baseline,app,metric,pairs,baseline_mean,mean,mean_diff,ci_low,ci_high,wilcoxon_p\n"

    /// A row of `whatif.csv` at RAM `ram` for `app` (empty: a run metric).
    static func row(_ ram: String, _ app: String, _ metric: String, _ cells: String) -> String {
        "s,jetsam,\(ram),app.com.acme.shop.suspended_mb,120.149,160.149,\(app),\(metric),\(cells)\n"
    }

    static func write(_ text: String, in folder: URL) throws -> String {
        let fixture = SweepBatchFixture(keys: ["device.ram_mb"], points: [["2048"], ["3072"]], policies: ["jetsam"],
                                        apps: ["com.acme.shop"], rate: { _, point, _ in Double(point) / 2 })
        let batch = try fixture.write(in: folder)
        try text.write(toFile: batch + "/whatif.csv", atomically: true, encoding: .utf8)
        return batch
    }

    @Test("A sentence per exit counter not 0 at some point, then launch_wait_s, in SPEC 25's words; zeros, run metrics and rows without pairs say nothing")
    func sentences() throws {
        try withTemporaryFolder { folder in
            let text = Self.header
                + Self.row("2048", "com.acme.shop", "foreground_memory_pressure", "100,0.000,0.000,0.000,0.000,0.000,")
                + Self.row("2048", "com.acme.shop", "background_memory_pressure", "100,0.740,0.620,-0.120,-0.191,-0.049,0.001")
                + Self.row("2048", "com.acme.shop", "background_normal", "100,0.000,0.010,0.010,-0.010,0.030,0.3173")
                + Self.row("2048", "com.acme.shop", "launch_wait_s", "100,2.000,1.900,-0.100,-0.200,0.000,0.05")
                + Self.row("2048", "", "pressure_kills", "100,5.000,4.000,-1.000,-1.500,-0.500,0.0001")
                + Self.row("3072", "com.acme.shop", "background_memory_pressure", "1,1.000,0.000,-1.000,,,0.3173")
                + Self.row("3072", "com.acme.shop", "launch_wait_s", "0,,,,,,")
            let batch = try Self.write(text, in: folder)
            let answer = try #require(try WhatIfAnswer(folder: batch))
            #expect(answer.sentences == [
                "s · jetsam · 2048: background_memory_pressure of com.acme.shop per run: 0.740 at suspended_mb = 160.149 → 0.620 at 120.149 "
                    + "(\u{2212}0.120, 95 % CI \u{2212}0.191 to \u{2212}0.049; 100 paired runs)",
                "s · jetsam · 2048: background_normal of com.acme.shop per run: 0.000 at suspended_mb = 160.149 → 0.010 at 120.149 "
                    + "(0.010, 95 % CI \u{2212}0.010 to 0.030; 100 paired runs)",
                "s · jetsam · 2048: launch_wait_s of com.acme.shop per run: 2.000 at suspended_mb = 160.149 → 1.900 at 120.149 "
                    + "(\u{2212}0.100, 95 % CI \u{2212}0.200 to 0.000; 100 paired runs)",
                "s · jetsam · 3072: background_memory_pressure of com.acme.shop per run: 1.000 at suspended_mb = 160.149 → 0.000 at 120.149 "
                    + "(1 paired run; no interval)",
            ])
            try HTMLReport.write(folder: batch)
            let html = try String(contentsOfFile: batch + "/index.html", encoding: .utf8)
            let opening = try #require(html.range(of: "<section id=\"whatif\">"))
            let firstScenario = try #require(html.range(of: "<section id=\"s1\">"))
            #expect(opening.lowerBound < firstScenario.lowerBound)
            #expect(html.contains("1 paired run; no interval"))
            #expect(html.contains("href=\"whatif.csv\""))
        }
    }

    @Test("A labelled key's values are named by their labels in the sentence, the table and the chart's ticks (SPEC 15)")
    func labelledValues() throws {
        try withTemporaryFolder { folder in
            let text = Self.header + Self.row("2048", "com.acme.shop", "launch_wait_s", "100,2.000,1.900,-0.100,-0.200,0.000,0.05")
            let batch = try Self.write(text, in: folder)
            let key = "app.com.acme.shop.suspended_mb"
            let labels = SweepValueLabels([SweepValueLabel(key: key, value: "160.149", text: "as measured"),
                                           SweepValueLabel(key: key, value: "120.149", text: "trimmed")])
            let answer = try #require(try WhatIfAnswer(folder: batch, labels: labels))
            #expect(answer.sentences == ["launch_wait_s of com.acme.shop per run: 2.000 at as measured → 1.900 at trimmed "
                + "(\u{2212}0.100, 95 % CI \u{2212}0.200 to 0.000; 100 paired runs)"])
            // The chart's ticks: the baseline first, then the value.
            let header = Self.header.dropLast().split(separator: ",").map(String.init)
            let cells = text.split(separator: "\n")[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            var charts = WhatIfCharts()
            charts.add(Array(cells[header.firstIndex(of: "key")!...]), column: { column in header.firstIndex(of: column.rawValue)! - 3 },
                       context: ["s"], policy: "jetsam", showContext: false)
            #expect(charts.charts(labels: labels).first?.valueNames == ["as measured", "trimmed"])
            #expect(charts.charts().first?.valueNames == ["160.149", "120.149"])
        }
    }

    @Test("Under the sentences, a chart per app and counter of mean_diff against the swept value: 0 at the baseline, the interval as a whisker, a line at no change")
    func differenceChart() throws {
        try withTemporaryFolder { folder in
            let text = Self.header
                + "s,jetsam,2048,app.com.acme.shop.suspended_mb,120.149,160.149,com.acme.shop,background_memory_pressure,100,0.740,0.620,-0.120,-0.191,-0.049,0.001\n"
                + "s,jetsam,2048,app.com.acme.shop.suspended_mb,80.149,160.149,com.acme.shop,background_memory_pressure,100,0.740,0.500,-0.240,-0.300,-0.180,0.001\n"
                + "s,jetsam,2048,app.com.acme.shop.suspended_mb,120.149,160.149,,pressure_kills,100,5.000,4.000,-1.000,-1.500,-0.500,0.0001\n"
            let batch = try Self.write(text, in: folder)
            try HTMLReport.write(folder: batch)
            let html = try String(contentsOfFile: batch + "/index.html", encoding: .utf8)
            let charts = chartSVGs(withIDPrefix: "whatif-", in: html)
            #expect(charts.count == 1, "one app and counter; run metrics have no sentence and no chart")
            let chart = try #require(charts.first).svg
            #expect(textElements(withClass: "ttl", in: chart).first?.text == "background memory pressure exits of com.acme.shop")
            // Three points: the baseline at 0 and the two values below it.
            #expect(markerCount(try #require(pathData(withClass: "dot c2", in: chart).first)) == 3)
            #expect(textElements(withClass: "tm halo", in: chart).map(\.text) == ["no change"])
            // The subtitle is too long for one line of the page's chart, so it takes two, whole,
            // and the plot starts a line (13 pixels) lower.
            let subtitle = try #require(chart.components(separatedBy: "<text ").first { $0.contains(">change per run against ") })
            #expect(subtitle.components(separatedBy: "<tspan ").count - 1 == 2)
            #expect(subtitle.contains("com.acme.shop 160.149 MB; band: 95 % CI of the") && subtitle.contains(">paired difference</tspan>"))
            #expect(!subtitle.contains("…"))
            // The y axis runs from −0.4 (a round value below the lowest interval end, −0.3 × 1.12)
            // to 0 over the plot's 150 pixels from y = 46 + 13: 0 is at its top, y = 59.
            let reference = try #require(chart.components(separatedBy: "<line class=\"ref\"").dropFirst().first)
            #expect(reference.contains("y1=\"59\"") && reference.contains("y2=\"59\""))
            #expect(!pathData(withClass: "bandfill c2", in: chart).isEmpty)
        }
    }

    @Test("At most 12 sentences, the rest in a table under them; one context writes none before its sentences; no whatif.csv, no section")
    func limit() throws {
        try withTemporaryFolder { folder in
            var text = Self.header
            for index in 0..<15 {
                text += "s,jetsam,2048,app.com.acme.shop.suspended_mb,120.149,160.149,com.app\(index),background_memory_pressure,"
                    + "10,1.000,0.500,-0.500,-0.600,-0.400,0.002\n"
            }
            let batch = try Self.write(text, in: folder)
            let answer = try #require(try WhatIfAnswer(folder: batch))
            #expect(answer.sentences.count == 15)
            #expect(answer.sentences[0].hasPrefix("background_memory_pressure of com.app0 per run: 1.000 at suspended_mb = 160.149"))
            try HTMLReport.write(folder: batch)
            let html = try String(contentsOfFile: batch + "/index.html", encoding: .utf8)
            let section = try #require(html.components(separatedBy: "<section id=\"whatif\">").last?.components(separatedBy: "</section>").first)
            let answers = try #require(section.components(separatedBy: "<ul class=\"answer\">").last?.components(separatedBy: "</ul>").first)
            #expect(answers.components(separatedBy: "<li>").count - 1 == 12)
            #expect(section.contains("3 more, from whatif.csv"))
            #expect(section.components(separatedBy: "<tr>").count - 1 == 1 + 3)
            #expect(section.contains("com.app14") && !section.contains("com.app14 per run"))

            try FileManager.default.removeItem(atPath: batch + "/whatif.csv")
            #expect(try WhatIfAnswer(folder: batch) == nil)
            try HTMLReport.write(folder: batch)
            #expect(!(try String(contentsOfFile: batch + "/index.html", encoding: .utf8)).contains("<section id=\"whatif\">"))
        }
    }
}

import Foundation
import Testing
@testable import SuspendSim

/// SPEC 21: the batch page's comparison, for a folder with `groups.csv`: a chart per metric
/// (`kills_per_hour`, `hot_launch_ratio`, `launch_wait_s`) against the last key other than
/// `policy`, the same charts as standalone `figures/<metric>.svg`, `paired.csv` as a table, and
/// at most 24 panels on the page.
@Suite struct ComparisonPageTests {
    static let metrics = ["pressure_kills", "kills_per_hour", "hot_launch_ratio", "launch_wait_s", "state_losses", "min_free_mb"]

    /// `groups.csv` for `keys` and rows of key values; every metric's mean is `mean(row)`, its
    /// interval ± 10 % (none for a row whose `runs` is 1).
    static func groupsCSV(keys: [String], rows: [[String]], runs: Int = 10, mean: (Int) -> Double = { Double($0 + 1) }) -> String {
        var text = (keys + ["runs"] + metrics.flatMap { ["\($0)_mean", "\($0)_ci_low", "\($0)_ci_high"] }).joined(separator: ",") + "\n"
        for (index, row) in rows.enumerated() {
            let value = mean(index)
            let cells = metrics.map { _ in
                let fixed = ChartNumber.fixed(value, 3)
                return runs == 1 ? "\(fixed),," : "\(fixed),\(ChartNumber.fixed(value * 0.9, 3)),\(ChartNumber.fixed(value * 1.1, 3))"
            }
            text += (row + ["\(runs)"] + cells).joined(separator: ",") + "\n"
        }
        return text
    }

    static let pairedCSV = """
        device.ram_mb,policy,baseline,metric,pairs,mean_diff,ci_low,ci_high,wilcoxon_p
        2048,jetsam,lru,kills_per_hour,10,-0.416,-0.475,-0.357,7.552e-10
        2048,jetsam,lru,launch_wait_s,1,2.000,,,0.3173
        3072,jetsam,lru,kills_per_hour,0,,,,

        """

    /// A batch of two policies at three RAM sizes, with `groups.csv` by policy and RAM and
    /// `paired.csv`.
    static func writeBatch(in folder: URL, groups: Bool = true) throws -> String {
        let fixture = SweepBatchFixture(keys: ["device.ram_mb"], points: [["2048"], ["3072"], ["4096"]], policies: ["lru", "jetsam"],
                                        apps: ["com.a", "com.b"], rate: { _, point, _ in Double(point) / 3 })
        let batch = try fixture.write(in: folder)
        guard groups else { return batch }
        let rows = ["lru", "jetsam"].flatMap { policy in ["2048", "3072", "4096"].map { [policy, $0] } }
        try groupsCSV(keys: ["policy", "device.ram_mb"], rows: rows, mean: { Double($0 % 3 + 1) / 4 })
            .write(toFile: batch + "/groups.csv", atomically: true, encoding: .utf8)
        try pairedCSV.write(toFile: batch + "/paired.csv", atomically: true, encoding: .utf8)
        return batch
    }

    @Test("The comparison section: three charts of means with error bars, a line per policy, and paired.csv as a table")
    func section() throws {
        try withTemporaryFolder { folder in
            let batch = try Self.writeBatch(in: folder)
            try HTMLReport.write(folder: batch)
            let html = try String(contentsOfFile: batch + "/index.html", encoding: .utf8)
            #expect(html.contains("<section id=\"comparison\">"))
            let charts = chartSVGs(withIDPrefix: "comparison-", in: html)
            #expect(charts.count == 3)
            for (_, chart) in charts {
                // A line per policy, in the policies' colours, each with 3 markers and 3 error bars.
                let dots = paths(withClassPrefix: "dot ", in: chart)
                #expect(dots.map(\.cssClass) == ["dot \(SeriesStyle.policies["lru"]!.cssClass)", "dot \(SeriesStyle.policies["jetsam"]!.cssClass)"])
                #expect(dots.allSatisfy { markerCount($0.d) == 3 })
                #expect(paths(withClassPrefix: "whisker ", in: chart).allSatisfy { $0.d.components(separatedBy: "V").count == 4 })
                #expect(texts(withClass: "tm", in: chart).contains("RAM (MB)"))
            }
            #expect(charts[0].svg.contains("kills per hour") && charts[1].svg.contains("share of launches") && charts[2].svg.contains("launch wait (s)"))
            // The table: pairs, the difference with its interval, the p-value; empty cells stay empty.
            #expect(html.contains("<td>-0.416 [-0.475, -0.357]</td><td>7.552e-10</td>"))
            #expect(html.contains("<td>1</td><td>2.000</td><td>0.3173</td>"))
            #expect(html.contains("<td>0</td><td></td><td></td>"))
            #expect(html.contains("href=\"figures/kills_per_hour.svg\""))
        }
    }

    @Test("figures/<metric>.svg: a whole SVG document sized for a paper's column, white, its own style, no script")
    func figures() throws {
        try withTemporaryFolder { folder in
            let batch = try Self.writeBatch(in: folder)
            try HTMLReport.write(folder: batch)
            let names = try FileManager.default.contentsOfDirectory(atPath: batch + "/figures").sorted()
            // The figures and the folder's ownership marker (docs/reports.md).
            #expect(names == [".suspendsim-folder", "hot_launch_ratio.svg", "kills_per_hour.svg", "launch_wait_s.svg"])
            for (name, unit) in [("kills_per_hour", "kills per hour"), ("hot_launch_ratio", "share of launches"), ("launch_wait_s", "launch wait (s)")] {
                let figure = try String(contentsOfFile: batch + "/figures/\(name).svg", encoding: .utf8)
                // 252 units for the plot and its axes, then one legend row (baseline 260; 275 - 6 = 269
                // units in all), scaled by 504 / 378: 358.7, so 359 pixels high.
                #expect(figure.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"504\" height=\"359\" "))
                #expect(figure.contains("<rect x=\"0\" y=\"0\" width=\"378\" height=\"269\" fill=\"#ffffff\"/>"))
                #expect(!figure.contains("<script") && !figure.contains("var(--") && !figure.contains("class=\"chart\""))
                #expect(figure.contains("<style>") && figure.contains(".c4.line,.c4.whisker{stroke:#0072B2}"))
                #expect(textElements(in: figure).map(\.text).filter { [unit, "RAM (MB)", "lru", "jetsam"].contains($0) }.count == 4)
                #expect(figure.hasSuffix("</svg>\n"))
            }
        }
    }

    @Test("Without groups.csv: no comparison and no figures")
    func noGroups() throws {
        try withTemporaryFolder { folder in
            let batch = try Self.writeBatch(in: folder, groups: false)
            try HTMLReport.write(folder: batch)
            let html = try String(contentsOfFile: batch + "/index.html", encoding: .utf8)
            #expect(!html.contains("id=\"comparison\""))
            #expect(!FileManager.default.fileExists(atPath: batch + "/figures"))
        }
    }

    @Test("The same groups give the same page and figures, byte for byte")
    func deterministic() throws {
        try withTemporaryFolder { folder in
            let first = try Self.writeBatch(in: folder.appendingPathComponent("a"))
            let second = try Self.writeBatch(in: folder.appendingPathComponent("b"))
            try HTMLReport.write(folder: first)
            try HTMLReport.write(folder: second)
            try HTMLReport.write(folder: second)
            for file in ["index.html", "figures/kills_per_hour.svg", "figures/hot_launch_ratio.svg", "figures/launch_wait_s.svg"] {
                let a = try Data(contentsOf: URL(fileURLWithPath: first + "/" + file))
                let b = try Data(contentsOf: URL(fileURLWithPath: second + "/" + file))
                #expect(!a.isEmpty && a == b, "\(file)")
            }
        }
    }

    @Test("500 trace users × 4 policies × 5 RAM sizes: the comparison replaces the per-user panels; 3 charts on the page")
    func panelCap() throws {
        let users = (1...500).map { "u\($0)" }
        let ram = ["1024", "2048", "3072", "4096", "6144"]
        let policies = ["lru", "jetsam", "largest-first", "oldest-first"]
        let fixture = SweepBatchFixture(keys: ["trace.user", "device.ram_mb"], points: users.flatMap { user in ram.map { [user, $0] } },
                                        policies: policies, apps: ["com.a"], rate: { policy, point, _ in Double((policy + point) % 5) / 4 })
        try withTemporaryFolder { folder in
            let batch = try fixture.write(in: folder)
            try HTMLReport.write(folder: batch)
            let without = try String(contentsOfFile: batch + "/index.html", encoding: .utf8)
            #expect(without.contains("24 panels drawn"))
            let rows = policies.flatMap { policy in ram.map { [policy, $0] } }
            try Self.groupsCSV(keys: ["policy", "device.ram_mb"], rows: rows)
                .write(toFile: batch + "/groups.csv", atomically: true, encoding: .utf8)
            try HTMLReport.write(folder: batch)
            let html = try String(contentsOfFile: batch + "/index.html", encoding: .utf8)
            #expect(html.components(separatedBy: "<svg class=\"chart\"").count - 1 == 3)
            #expect(chartSVGs(withIDPrefix: "comparison-", in: html).count == 3)
            #expect(html.contains("a panel per trace user"))
            // Four lines, one per policy, each with a marker at every RAM size.
            let dots = paths(withClassPrefix: "dot ", in: chartSVGs(withIDPrefix: "comparison-", in: html)[0].svg)
            #expect(dots.count == 4 && dots.allSatisfy { markerCount($0.d) == 5 })
        }
    }

    @Test("Other keys: a line per policy and combination, colour by policy, line style by the other key, in words; a cap only when set")
    func otherKeys() {
        let rows = ["a", "b", "c"].flatMap { scenario in ["lru", "jetsam"].flatMap { policy in ["xs", "xr"].map { [scenario, policy, $0] } } }
        let reports = ComparisonReports(keys: ["scenario", "policy", "device.model"], groups: rows.enumerated().map { index, row in
            ComparisonReports.Group(values: row, runs: 3, metrics: ["kills_per_hour": BatchReports.Rate(value: Double(index))])
        })
        let chart = ComparisonChart(metric: ComparisonChart.metrics[0], reports: reports)
        #expect(chart.key == "device.model" && chart.values == ["xs", "xr"])
        // A scenario is named by its name alone (SweepValueLabels.worded).
        #expect(chart.lines.map(\.label) == ["lru · a", "jetsam · a", "lru · b", "jetsam · b", "lru · c", "jetsam · c"])
        #expect(chart.lines.map(\.style.colour) == [5, 2, 5, 2, 5, 2])   // lru's vermillion, jetsam's bluish green
        // Two dimensions: the marker repeats the policy's (lru square, jetsam triangle), the scenario is the line style.
        #expect(chart.lines.map(\.style.shape) == [.square, .triangle, .square, .triangle, .square, .triangle])
        #expect(chart.lines.map(\.style.dash) == [.solid, .solid, .dashed, .dashed, .dotted, .dotted])
        #expect(chart.lines[2].values.map { $0?.value } == [4, 5])
        let many = ComparisonReports(keys: ["policy", "end_s"], groups: (0..<10).map {
            ComparisonReports.Group(values: ["p\($0)", "60"], runs: 1, metrics: [:])
        })
        // One dimension, nothing to split panels by: every line, unless the user caps them.
        let all = ComparisonChart(metric: ComparisonChart.metrics[0], reports: many)
        #expect(all.lines.count == 10 && all.leftOut == 0 && ComparisonChart.panels(metric: ComparisonChart.metrics[0], reports: many).count == 1)
        let capped = ComparisonChart(metric: ComparisonChart.metrics[0], reports: many, cap: 8)
        #expect(capped.lines.count == 8 && capped.leftOut == 2 && !capped.hasData)
    }

    @Test("KEYS of policy alone: the policies are the x axis, one point each, not dodged")
    func policiesAsAxis() {
        let reports = ComparisonReports(keys: ["policy"], groups: ["lru", "jetsam", "fifo"].enumerated().map { index, policy in
            ComparisonReports.Group(values: [policy], runs: 5, metrics: ["launch_wait_s": BatchReports.Rate(value: 2, low: 1, high: 3)])
        })
        let chart = ComparisonChart(metric: ComparisonChart.metrics[2], reports: reports)
        #expect(chart.key == "policy" && chart.values == ["lru", "jetsam", "fifo"])
        #expect(chart.lines.map { $0.values.map { $0 != nil } } == [[true, false, false], [false, true, false], [false, false, true]])
        let svg = chart.render(id: "c")
        let xs = paths(withClassPrefix: "whisker ", in: svg).map { Int($0.d.dropFirst().prefix { $0 != " " })! }
        let axis = SweepChartAxis(key: "policy", values: chart.values, range: 0...1)
        #expect(axis.isNumeric == false && xs.count == 3 && xs[1] - xs[0] == xs[2] - xs[1])
        #expect(!svg.contains("class=\"line "))
    }
}

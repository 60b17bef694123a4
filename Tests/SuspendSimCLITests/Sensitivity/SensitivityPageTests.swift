import Foundation
import Testing

/// SPEC 39's tornado on the batch page and as a figure (`report --figures`): one bar per key
/// from its low end's mean to its high end's, widest first, ties in key order, the defaults'
/// mean as a line; the figure's CSV holds exactly those numbers, which are `sensitivity.csv`'s.
@Suite struct SensitivityPageTests {
    @Test("report --figures writes a tornado per what-if app and metric: its CSV's means are sensitivity.csv's, widest bar first, the defaults' mean its baseline_mean; laid out for 3.5 in")
    func tornadoFigure() throws {
        try withTemporaryFolder { folder in
            let text = SensitivityCommandTests.scenario.replacingOccurrences(of: "replicates: 6", with: "replicates: 4")
                + "\nsensitivity: [device.limit_share, device.compressor.ratio, app.*.cold_launch_s]\n"
            try text.write(to: folder.appendingPathComponent("sens.yaml"), atomically: true, encoding: .utf8)
            let run = try suspendsim(["run", "sens.yaml", "--app", "com.acme.app", "--out", "R"], in: folder)
            #expect(run.status == 0, "\(run.stderr)")
            let report = try suspendsim(["report", "R", "--figures", "F"], in: folder)
            #expect(report.status == 0, "\(report.stderr)")
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("F").path).sorted()
            let csvName = try #require(names.first { $0.contains("how-far-the-answer-moves-launch-wait") && $0.hasSuffix(".csv") }, "\(names)")
            let figure = try ComparisonCommandTests.rows(folder.appendingPathComponent("F/\(csvName)"))
            // Every figure CSV ends with its series' style and the axes' words (docs/reports.md).
            #expect(figure[0] == ["label", "assumption", "end", "assumption_value", "mean", "colour", "marker", "dash", "x_title", "y_title"])
            let table = try ComparisonCommandTests.rows(folder.appendingPathComponent("R/sensitivity.csv"))
            let mine = table.dropFirst().filter { $0[5] == "com.acme.app" && $0[6] == "launch_wait_s" }
            // Every key ran at both ends here: 3 keys × 2 rows, then the defaults' row.
            #expect(mine.count == 6 && figure.count == 1 + 6 + 1)
            func mean(_ key: String, _ end: String) throws -> Double {
                let row = try #require(mine.first { $0[2] == key && $0[3] == end })
                return try #require(Double(row[9]))
            }
            for row in figure.dropFirst().dropLast() {
                #expect(try Double(row[4]) == mean(row[1], row[2]), "\(row)")
                #expect(mine.contains { $0[2] == row[1] && $0[3] == row[2] && $0[4] == row[3] }, "\(row)")
            }
            #expect(figure.last?[0] == "defaults" && Double(figure.last?[4] ?? "") == Double(mine[0][8]))
            // Widest first, ties in the keys' order (device.limit_share, device.compressor.ratio, app.*.cold_launch_s).
            let order = ["device.limit_share", "device.compressor.ratio", "app.*.cold_launch_s"]
            let spans = try order.map { try abs(mean($0, "high") - mean($0, "low")) }
            let expected = order.indices.sorted { spans[$0] != spans[$1] ? spans[$0] > spans[$1] : $0 < $1 }.map { order[$0] }
            #expect(stride(from: 1, to: 7, by: 2).map { figure[$0][1] } == expected)
            // At 3.5 in (252 pt) the chart is laid out 396 units wide at most: its 11-unit text prints at 7 pt or more.
            let svg = try String(contentsOf: folder.appendingPathComponent("F/\(csvName.dropLast(4)).svg"), encoding: .utf8)
            #expect(svg.contains("width=\"252pt\"") && svg.contains("viewBox=\"0 0 396 "))
            let page = try String(contentsOf: folder.appendingPathComponent("R/index.html"), encoding: .utf8)
            #expect(page.contains("id=\"tornado-1\"") && page.contains("<h2>How far the answer moves</h2>"))
            // Without a what-if the section leads the page, and the Files line links the two
            // tables written (no sensitivity_whatif.csv).
            let moves = try #require(page.range(of: "<h2>How far the answer moves</h2>")).lowerBound
            #expect(moves < (try #require(page.range(of: "<nav class=\"toc\">")).lowerBound) && !page.contains("<h2>What if</h2>"))
            for file in ["sensitivity.csv", "sensitivity_runs.csv"] { #expect(page.contains("<a href=\"\(file)\">\(file)</a>"), "\(file)") }
            #expect(!page.contains("sensitivity_whatif.csv"))
        }
    }
}

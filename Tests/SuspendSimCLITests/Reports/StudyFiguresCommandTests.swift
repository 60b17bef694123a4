import Foundation
import Testing

/// SPEC 15 on the study of Tests/Data/studies/policy-study.yaml (5 policies, one of them YAML,
/// × compressor off and on × 4 RAM sizes, over 3 users of the synthetic trace) with the
/// compressor as its what-if: at 3.5 in and at 7 in, the kills-per-hour figure draws all 10
/// series in its SVG and names them in its PDF, the survival figure stands in one column at
/// 3.5 in, every what-if app has its figure with a panel per RAM size, and scripts/plot.py
/// re-draws them with a legend inside the figure. Needs rsvg-convert, pdftotext and matplotlib.
@Suite(.serialized) struct StudyFiguresCommandTests {
    static let policies = ["largest-first", "lru", "jetsam", "lmkd", "frees-most"]

    /// The study's batch in `folder/R`.
    static func study(in folder: URL) throws {
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Tests/Data/studies/policy-study.yaml"),
                                         to: folder.appendingPathComponent("policy-study.yaml"))
        let trace = try FigureExportCommandTests.tool(packageRoot.appendingPathComponent("scripts/make-lsapp-trace.sh").path, ["3", "400", "1"])
        #expect(trace.status == 0, "\(trace.stderr)")
        try trace.stdout.write(to: folder.appendingPathComponent("trace.tsv"), atomically: true, encoding: .utf8)
        let run = try suspendsim(["run", "policy-study.yaml", "--baseline", "device.compressor.pool_mb=0", "--out", "R"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
    }

    /// The distinct values of column `name` of a CSV's rows (a plain split: the cells tested hold no comma).
    static func column(_ name: String, of csv: String) -> Set<String> {
        let lines = csv.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        guard let index = lines.first?.firstIndex(of: name) else { return [] }
        return Set(lines.dropFirst().map { $0[index] })
    }

    /// The distinct pairs of columns `name` and `other` of a CSV's rows, each as "name · other":
    /// a series of a figure of small multiples.
    static func column(_ name: String, _ other: String, of csv: String) -> Set<String> {
        let lines = csv.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        guard let index = lines.first?.firstIndex(of: name), let second = lines.first?.firstIndex(of: other) else { return [] }
        return Set(lines.dropFirst().map { $0[index] + " · " + $0[second] })
    }

    @Test("The study's figures at 3.5 and 7 in: 10 series in the SVG and named in the PDF, survival panels in one column at 3.5 in, a what-if figure per app with a panel per RAM size, plot.py's legends inside")
    func studyFigures() throws {
        try withTemporaryFolder { folder in
            try Self.study(in: folder)
            let whatIf = try String(contentsOf: folder.appendingPathComponent("R/whatif.csv"), encoding: .utf8)
            // Every app of whatif.csv with paired launch waits (each has 3 pairs, one per user).
            let apps = Set(whatIf.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
                .filter { $0.contains("launch_wait_s") && !$0[6].isEmpty }.map { $0[6] })
            #expect(apps.count >= 8, "the 8 apps of apps: at least")
            for width in ["3.5", "7"] {
                let out = folder.appendingPathComponent("F-\(width)")
                let report = try suspendsim(["report", "R", "--figures", out.lastPathComponent, "--figure-width", width], in: folder)
                #expect(report.status == 0, "\(report.stderr)")
                // Kills per hour: 5 policies × 2 compressor settings, in the CSV (a panel per setting,
                // each row's policy in `label`), the SVG's markers and the PDF's words.
                let csv = try String(contentsOf: out.appendingPathComponent("pressure-kills-per-hour.csv"), encoding: .utf8)
                #expect(Self.column("label", of: csv) == Set(Self.policies))
                #expect(Self.column("panel", of: csv) == ["no compressor", "4 GB pool"])
                let series = Self.column("label", "panel", of: csv)
                #expect(series.count == 10)
                #expect(series == Set(Self.policies.flatMap { ["\($0) · no compressor", "\($0) · 4 GB pool"] }))
                let svg = try String(contentsOf: out.appendingPathComponent("pressure-kills-per-hour.svg"), encoding: .utf8)
                let titles = Set(svg.components(separatedBy: "<path class=\"dot ").dropFirst().compactMap { part -> String? in
                    guard let start = part.range(of: "><title>"), let end = part.range(of: "</title>") else { return nil }
                    return start.upperBound < end.lowerBound ? String(part[start.upperBound..<end.lowerBound]) : nil
                })
                #expect(titles == series, "at \(width) in")
                let pdf = try FigureExportCommandTests.tool("pdftotext", [out.appendingPathComponent("pressure-kills-per-hour.pdf").path, "-"])
                for word in Self.policies + ["no compressor", "4 GB pool"] { #expect(pdf.stdout.contains(word), "\(width) in PDF: \(word)") }
                // Survival: 8 points (2 settings × 4 RAM sizes) in panels, one under the other at 3.5 in.
                let names = try FigureExportCommandTests.names(in: out)
                let survival = try names.filter { $0.hasPrefix("survival-per-app") }
                    .map { try String(contentsOf: out.appendingPathComponent($0 + ".svg"), encoding: .utf8) }
                let stacked = survival.map { $0.components(separatedBy: "<svg class=\"panel\"").count - 1 }.reduce(0, +)
                #expect(stacked == (width == "3.5" ? 8 : 0), "\(width) in: \(stacked) stacked panels")
                // What-if: a launch-wait figure per app, a panel per RAM size, each with every policy.
                let launchWaits = names.filter { $0.hasPrefix("what-if-launch-wait-s-of-") }
                #expect(launchWaits.count == apps.count)
                let first = try String(contentsOf: out.appendingPathComponent(launchWaits[0] + ".csv"), encoding: .utf8)
                #expect(Self.column("panel", of: first) == Set(["1024", "1536", "2048", "3072"].map { "policy-study · RAM \($0) MB" } + [""]))
                #expect(Self.column("label", of: first) == Set(Self.policies + ["no change"]))
                // plot.py re-draws them (the per-point chart too): legend inside, no text under 7 pt or
                // cut by the figure's edge, no two texts overlapping.
                for name in ["pressure-kills-per-hour", "pressure-kills-and-hot-launch-ratio-per-point", launchWaits[0]] + names.filter({ $0.hasPrefix("survival-per-app") }) {
                    let plot = try FigureExportCommandTests.tool("/usr/bin/python3", [packageRoot.appendingPathComponent("scripts/plot.py").path,
                                                                                     out.appendingPathComponent(name + ".csv").path, "--width", width, "--check"])
                    #expect(plot.status == 0, "\(width) in \(name): \(plot.stderr)")
                }
            }
        }
    }
}

import Foundation
import Testing

/// SPEC 39's files across commands: a shard runs the variants of its own runs and writes only
/// `sensitivity_runs.csv`; `merge` puts the shards' rows in the batch's order and computes
/// `sensitivity.csv` and `sensitivity_whatif.csv` from them; `report` computes them again
/// from a folder's `sensitivity_runs.csv`. Each gives the bytes the whole batch's `run` wrote.
@Suite struct SensitivityShardTests {
    /// `SensitivityCommandTests.scenario` swept over two suspended footprints of com.acme.app
    /// (a what-if, baseline 500: `sensitivity_whatif.csv`), two keys varied.
    static let scenario = SensitivityCommandTests.scenario + """

        sweep: { app.com.acme.app.suspended_mb: [500, 300] }
        sensitivity: { keys: [device.limit_share, device.compressor.ratio], replicates: 5 }

        """

    static let files = ["sensitivity_runs.csv", "sensitivity.csv", "sensitivity_whatif.csv"]

    @Test("Shards merged give the whole batch's three sensitivity files byte for byte, over 2 and over 3 shards")
    func shardsMerged() throws {
        try withTemporaryFolder { folder in
            try Self.scenario.write(to: folder.appendingPathComponent("sens.yaml"), atomically: true, encoding: .utf8)
            let whole = try suspendsim(["run", "sens.yaml", "--out", "W"], in: folder)
            #expect(whole.status == 0, "\(whole.stderr)")
            // 2 points × 6 replicates; 2 keys × 2 ends × 2 points × the first 5 replicates.
            #expect(whole.stdout.contains("sensitivity: sens.yaml: 2 assumptions, 4 variants, 52 runs"), "\(whole.stdout)")
            for count in [2, 3] {
                var shards: [String] = []
                var variantRows = 0
                for index in 1...count {
                    let name = "S\(count)-\(index)"
                    let shard = try suspendsim(["run", "sens.yaml", "--shard", "\(index)/\(count)", "--out", name], in: folder)
                    #expect(shard.status == 0, "\(shard.stderr)")
                    // A shard writes its runs only; merge computes the rest.
                    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(name)/sensitivity.csv").path))
                    let rows = try ComparisonCommandTests.rows(folder.appendingPathComponent("\(name)/sensitivity_runs.csv"))
                    variantRows += rows.dropFirst().filter { !$0[0].isEmpty }.count
                    shards.append(name)
                }
                // The shards' variant rows together are the batch's: 4 variants × 10 runs × (5 apps + 1).
                #expect(variantRows == 4 * 10 * 6)
                let merged = "M\(count)"
                let merge = try suspendsim(["merge"] + shards + ["--out", merged], in: folder)
                #expect(merge.status == 0, "\(merge.stderr)")
                for file in Self.files {
                    let expected = try Data(contentsOf: folder.appendingPathComponent("W/\(file)"))
                    let got = try Data(contentsOf: folder.appendingPathComponent("\(merged)/\(file)"))
                    #expect(got == expected, "\(file) merged from \(count) shards")
                }
                // merge prints the verdict as run does.
                let verdict = whole.stdout.split(separator: "\n").filter { $0.hasPrefix("sensitivity: com.") }
                #expect(!verdict.isEmpty)
                for line in verdict { #expect(merge.stdout.contains(line), "\(line)") }
            }
        }
    }

    @Test("report on a batch folder computes sensitivity.csv and sensitivity_whatif.csv again from sensitivity_runs.csv, the same bytes")
    func reportRebuilds() throws {
        try withTemporaryFolder { folder in
            try Self.scenario.write(to: folder.appendingPathComponent("sens.yaml"), atomically: true, encoding: .utf8)
            let run = try suspendsim(["run", "sens.yaml", "--out", "W"], in: folder)
            #expect(run.status == 0, "\(run.stderr)")
            var expected: [String: Data] = [:]
            for file in Self.files.dropFirst() {
                let url = folder.appendingPathComponent("W/\(file)")
                expected[file] = try Data(contentsOf: url)
                try FileManager.default.removeItem(at: url)
            }
            let report = try suspendsim(["report", "W"], in: folder)
            #expect(report.status == 0, "\(report.stderr)")
            for file in Self.files.dropFirst() {
                #expect(try Data(contentsOf: folder.appendingPathComponent("W/\(file)")) == expected[file], "\(file)")
            }
            // The page shows how far the answer moves: every verdict line and a tornado.
            let page = try String(contentsOf: folder.appendingPathComponent("W/index.html"), encoding: .utf8)
            #expect(page.contains("<h2>How far the answer moves</h2>"))
            #expect(page.contains("id=\"tornado-1\""))
            for line in run.stdout.split(separator: "\n") where line.hasPrefix("sensitivity: com.acme.app") {
                #expect(page.contains(String(line.dropFirst("sensitivity: ".count))), "\(line)")
            }
        }
    }
}

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

    @Test("A shard whose sensitivity_runs.csv lists device.compressor.ratio's blocks before device.limit_share's merges into the whole batch's bytes: the shards disagree, so SPEC 36's order decides")
    func shardsInAnotherOrder() throws {
        try withTemporaryFolder { folder in
            try Self.scenario.write(to: folder.appendingPathComponent("sens.yaml"), atomically: true, encoding: .utf8)
            #expect(try suspendsim(["run", "sens.yaml", "--out", "W"], in: folder).status == 0)
            for index in 1...2 {
                #expect(try suspendsim(["run", "sens.yaml", "--shard", "\(index)/2", "--out", "S\(index)"], in: folder).status == 0)
            }
            // Shard 2's blocks by hand: its own runs, then the ratio's, then the limit's.
            let url = folder.appendingPathComponent("S2/sensitivity_runs.csv")
            let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            let body = lines.dropFirst().filter { !$0.isEmpty }
            let own = body.filter { $0.hasPrefix(",") }
            let ratio = body.filter { $0.hasPrefix("device.compressor.ratio,") }
            let limit = body.filter { $0.hasPrefix("device.limit_share,") }
            #expect(!own.isEmpty && !ratio.isEmpty && !limit.isEmpty && own.count + ratio.count + limit.count == body.count)
            let reordered = ([lines[0]] + own + ratio + limit).joined(separator: "\n") + "\n"
            #expect(reordered != (try String(contentsOf: url, encoding: .utf8)))
            try reordered.write(to: url, atomically: true, encoding: .utf8)
            let merge = try suspendsim(["merge", "S1", "S2", "--out", "M"], in: folder)
            #expect(merge.status == 0, "\(merge.stderr)")
            for file in Self.files {
                let expected = try Data(contentsOf: folder.appendingPathComponent("W/\(file)"))
                #expect(try Data(contentsOf: folder.appendingPathComponent("M/\(file)")) == expected, "\(file)")
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
            // It follows the what-if (the answer the batch was run for, SPEC 25) and comes before
            // the contents and the scenario's own charts.
            let whatIf = try #require(page.range(of: "<h2>What if</h2>")).lowerBound
            let moves = try #require(page.range(of: "<h2>How far the answer moves</h2>")).lowerBound
            let contents = try #require(page.range(of: "<nav class=\"toc\">")).lowerBound
            #expect(whatIf < moves && moves < contents)
            // The header's Files line links the three tables, after assumptions.csv.
            let header = try #require(page.range(of: "</header>")).lowerBound
            let links = try ["assumptions.csv", "sensitivity.csv", "sensitivity_runs.csv", "sensitivity_whatif.csv"].map { file in
                try #require(page.range(of: "<a href=\"\(file)\">\(file)</a>"), "\(file)").lowerBound
            }
            #expect(links == links.sorted() && links.allSatisfy { $0 < header })
            for line in run.stdout.split(separator: "\n") where line.hasPrefix("sensitivity: com.acme.app") {
                #expect(page.contains(String(line.dropFirst("sensitivity: ".count))), "\(line)")
            }
        }
    }
}

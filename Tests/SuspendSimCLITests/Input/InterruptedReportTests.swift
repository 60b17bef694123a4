import Foundation
import Testing

/// SPEC 35 "One top-level set per command": `report` never removes what it reads
/// (`summary.csv`, `survival.csv`, `exits.csv`, ...), neither when SIGINT, SIGTERM or SIGHUP
/// interrupts it once its first file has landed, nor when the next command cleans up after a
/// SIGKILL; only what it computes goes, and the earlier page and tables it replaces are put
/// back.
@Suite struct InterruptedReportTests {
    /// The tables `report` reads, with their bytes, at the top of `folder`.
    static func tablesRead(_ folder: URL) throws -> [String: Data] {
        var tables: [String: Data] = [:]
        for name in ["summary.csv", "survival.csv", "exits.csv"] {
            tables[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return tables
    }

    /// Hidden entries under `folder` (temporaries; not the ownership markers).
    static func leftovers(_ folder: URL) -> [String] {
        WholeOrNoneTests.hiddenEntries(folder)
    }

    @Test("report interrupted after groups.csv landed, before index.html: the tables it read are byte-identical", arguments: [SIGINT, SIGTERM, SIGHUP])
    func interruptedKeepsInputs(signal: Int32) throws {
        try withTemporaryFolder { folder in
            let out = folder.appendingPathComponent("out")
            #expect(try suspendsim(WholeOrNoneTests.batch(2, out: out)).status == 0)
            let before = try Self.tablesRead(out)
            let earlier = try WholeOrNoneTests.setFiles(out)
            let (status, stderr) = try WholeOrNoneTests.interruptAtLanding(["report", out.path, "--by", "policy"], pause: "index.html", signal: signal)
            #expect(stderr.contains("paused before putting index.html in place"), "\(stderr)")
            #expect(status == 128 + signal, "\(stderr)")
            #expect(try Self.tablesRead(out) == before)
            // What report computed (groups.csv) goes with its set; the earlier groups.csv, page
            // and figures are back, byte for byte.
            #expect(try WholeOrNoneTests.setFiles(out) == earlier)
            #expect(Self.leftovers(out).isEmpty, "\(Self.leftovers(out))")
        }
    }

    @Test("report killed after its first file landed: the next report cleans up and keeps the tables; same bytes as a whole report")
    func killedKeepsInputs() throws {
        try withTemporaryFolder { folder in
            let out = folder.appendingPathComponent("out")
            #expect(try suspendsim(WholeOrNoneTests.batch(2, out: out)).status == 0)
            let before = try Self.tablesRead(out)
            let (status, _) = try WholeOrNoneTests.interruptAtLanding(["report", out.path, "--by", "policy"], pause: "index.html", signal: SIGKILL)
            #expect(status == SIGKILL)
            #expect(Self.leftovers(out).contains { $0.hasPrefix(".batch-files.partial-") }, "\(Self.leftovers(out))")
            let next = try suspendsim(["report", out.path, "--by", "policy"])
            #expect(next.status == 0, "\(next.stderr)")
            #expect(next.stderr.contains("note: removed"), "\(next.stderr)")
            #expect(try Self.tablesRead(out) == before)
            #expect(Self.leftovers(out).isEmpty, "\(Self.leftovers(out))")
            let again = try filesUnder(out)
            #expect(try suspendsim(["report", out.path, "--by", "policy"]).status == 0)
            #expect(try filesUnder(out) == again)
        }
    }
}

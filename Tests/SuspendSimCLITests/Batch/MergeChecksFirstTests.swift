import Foundation
import Testing
import SuspendSim

/// SPEC 35: `merge` checks before it writes. Each shard's `shard.csv` carries the SHA-256 of
/// every file the shard read (`inputs_sha256`); shards that read different files are refused
/// (exit 2) before anything is written, and no table is put in place before every shard's
/// tables are checked.
@Suite struct MergeChecksFirstTests {
    /// A batch over the three users of a copy of the sample trace, `trace.tsv`, beside it.
    static let scenario = """
        name: day
        device: { ram_mb: 2048 }
        apps: [{ id: com.google.Gmail, trace_name: Gmail, active_mb: 150 }]
        trace: { file: trace.tsv, user: all, default_app: { active_mb: 500, suspended_mb: 350 } }
        """

    static let trace = packageRoot.appendingPathComponent("Tests/Data/trace/lsapp-sample.tsv")

    /// Writes the scenario and the trace into `folder`, and runs shard `index` of 2 into `s<index>`.
    static func shard(_ index: Int, in folder: URL) throws {
        let run = try suspendsim(["run", "day.yaml", "--shard", "\(index)/2", "--out", "s\(index)", "--set", "device.ram_mb=1024,1536"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
    }

    static func setUp(_ folder: URL) throws {
        try scenario.write(to: folder.appendingPathComponent("day.yaml"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(at: trace, to: folder.appendingPathComponent("trace.tsv"))
    }

    @Test("shard.csv carries the SHA-256 of the SHA-256s of the files read: the scenario's, then the trace's")
    func manifestCarriesTheInputs() throws {
        try withTemporaryFolder { folder in
            try Self.setUp(folder)
            try Self.shard(1, in: folder)
            let manifest = try String(contentsOf: folder.appendingPathComponent("s1/shard.csv"), encoding: .utf8)
            #expect(manifest.hasPrefix("batch,shard,shards,units,survival,whatif_key,whatif_baseline,inputs_sha256\n"))
            // sha256sum of the two files, one hex a line, then sha256sum of those lines.
            let lines = try ["day.yaml", "trace.tsv"].map { name in
                InputDigest.sha256(try Data(contentsOf: folder.appendingPathComponent(name))) + "\n"
            }.joined()
            #expect(manifest.hasSuffix("," + InputDigest.sha256(Array(lines.utf8)) + "\n"))
        }
    }

    @Test("Shards run against two versions of the trace are refused, exit 2, nothing written")
    func differentTraceRefused() throws {
        try withTemporaryFolder { folder in
            try Self.setUp(folder)
            try Self.shard(1, in: folder)
            // Another day of user 1: the same users, another version of the file.
            let handle = try FileHandle(forWritingTo: folder.appendingPathComponent("trace.tsv"))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data("1\t9\t2019-03-02 08:00:00\tGmail\tOpened\n1\t9\t2019-03-02 08:05:00\tGmail\tClosed\n".utf8))
            try handle.close()
            try Self.shard(2, in: folder)
            let merge = try suspendsim(["merge", "s1", "s2", "--out", "merged"], in: folder)
            #expect(merge.status == 2, "\(merge.stderr)")
            #expect(merge.stderr.contains("read different input files"), "\(merge.stderr)")
            #expect(try filesUnder(folder.appendingPathComponent("merged")).isEmpty)
        }
    }

    @Test("A shard's bad survival.csv refuses the merge before summary.csv lands beside an older merge's tables")
    func tablesCheckedBeforeAnyLands() throws {
        try withTemporaryFolder { folder in
            try Self.setUp(folder)
            try Self.shard(1, in: folder)
            try Self.shard(2, in: folder)
            #expect(try suspendsim(["merge", "s1", "s2", "--out", "merged"], in: folder).status == 0)
            let before = try filesUnder(folder.appendingPathComponent("merged"))
            // Shard 2's survival.csv loses its last row: the shards' files no longer list the same rows.
            let survival = folder.appendingPathComponent("s2/survival.csv")
            let lines = try String(contentsOf: survival, encoding: .utf8).split(separator: "\n")
            try (lines.dropLast().joined(separator: "\n") + "\n").write(to: survival, atomically: true, encoding: .utf8)
            // Shard 1's summary.csv changes, so that a summary put in place early would show.
            let summary = folder.appendingPathComponent("s1/summary.csv")
            try (try String(contentsOf: summary, encoding: .utf8).replacingOccurrences(of: "largest-first", with: "lru"))
                .write(to: summary, atomically: true, encoding: .utf8)
            let merge = try suspendsim(["merge", "s1", "s2", "--out", "merged"], in: folder)
            #expect(merge.status == 2, "\(merge.stderr)")
            #expect(try filesUnder(folder.appendingPathComponent("merged")) == before)
        }
    }
}

import Foundation
import Testing

/// Policies written in YAML from the command line: `--policy NAME`, a `policy` sweep by name,
/// their levels, jetsam's band under them, and `explain`.
@Suite struct OrderPolicyCommandTests {
    /// Three apps of 300 MB on 1024 MB (critical 51.2 MB): after the third opens, 124 MB are
    /// free, above the critical level, so the built-ins kill nothing.
    static let scenario = """
        name: yp
        policies:
          - { name: by-recency, order: [state, last_frontmost] }
          - { name: cached-first, order: [-adj], levels: [{ adj: 0, mb: 50 }, { adj: 900, mb: 200 }] }
          - { name: young-first, order: [-band] }
        device: { ram_mb: 1024 }
        apps:
          - { id: com.a, active_mb: 300 }
          - { id: com.b, active_mb: 300 }
          - { id: com.c, active_mb: 300 }
          - { id: com.d, active_mb: 40 }
        events:
          - { at: 0, open: com.a }
          - { at: 1, open: com.b }
          - { at: 5, open: com.c }

        """

    func run(_ arguments: [String], _ text: String = Self.scenario) throws -> (CLIRun, URL) {
        try withTemporaryFolder { folder in
            try text.write(to: folder.appendingPathComponent("a.yaml"), atomically: true, encoding: .utf8)
            let run = try suspendsim(["run", "a.yaml", "--out", "Reports", "--details"] + arguments, in: folder)
            let copy = FileManager.default.temporaryDirectory.appendingPathComponent("order-policy-\(UUID().uuidString)")
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Reports").path) {
                try FileManager.default.copyItem(at: folder.appendingPathComponent("Reports"), to: copy)
            }
            return (run, copy)
        }
    }

    /// The `app` and `policy` cells of `evictions.csv`'s rows.
    func kills(_ folder: URL) throws -> [String] {
        let rows = try String(contentsOf: folder.appendingPathComponent("evictions.csv"), encoding: .utf8)
            .split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let app = rows[0].firstIndex(of: "app")!, policy = rows[0].firstIndex(of: "policy")!
        return rows.dropFirst().map { $0[app] + " " + $0[policy] }
    }

    @Test("--policy NAME runs a YAML policy: its levels kill the cached app at 124 MB free, above critical (SPEC 33)")
    func levels() throws {
        let (run, out) = try self.run(["--policy", "cached-first"])
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(run.status == 0, "\(run.stderr)")
        // a is cached (adj 900), b the previous app (700): free 124 < 200 lets adj 900 go; a
        // goes, free 424.
        #expect(try kills(out.appendingPathComponent("yp")) == ["com.a cached-first"])
        let device = try String(contentsOf: out.appendingPathComponent("yp/device.csv"), encoding: .utf8)
        #expect(device.contains("lmkd_minfree,0:50.000 900:200.000\n"))
    }

    @Test("A policy sweep names YAML policies beside the built-ins; band is jetsam's, aging included (SPEC 6)")
    func sweep() throws {
        let text = Self.scenario.replacingOccurrences(of: "device: { ram_mb: 1024 }", with: "device: { ram_mb: 1024, critical_free_mb: 130 }")
            + "sweep:\n  policy: [lru, by-recency, young-first]\n"
        let (run, out) = try self.run([], text)
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(run.status == 0, "\(run.stderr)")
        // At 5 s: a suspended since 1 s (aged at 3 s: band 0), b since 5 s (band 20). 124 < 130:
        // one kill. lru and by-recency take a; young-first, the highest band first, takes b.
        #expect(try kills(out.appendingPathComponent("yp/policy=lru")) == ["com.a lru"])
        #expect(try kills(out.appendingPathComponent("yp/policy=by-recency")) == ["com.a by-recency"])
        #expect(try kills(out.appendingPathComponent("yp/policy=young-first")) == ["com.b young-first"])
    }

    @Test("explain gives a YAML policy's order in words")
    func explain() throws {
        try withTemporaryFolder { folder in
            try Self.scenario.write(to: folder.appendingPathComponent("a.yaml"), atomically: true, encoding: .utf8)
            #expect(try suspendsim(["run", "a.yaml", "--out", "Reports", "--policy", "cached-first"], in: folder).status == 0)
            let explain = try suspendsim(["explain", "Reports/yp"], in: folder)
            #expect(explain.status == 0, "\(explain.stderr)")
            #expect(explain.stdout.contains("cached-first's order at that instant (highest lmkd adj first; "
                + "ties: least recently frontmost first, then scenario order (SPEC 6))"), "\(explain.stdout)")
        }
    }

    @Test("--policy with a name the file does not know: usage error, nothing written")
    func unknownName() throws {
        let (run, out) = try self.run(["--policy", "nope"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("unknown policy 'nope'; expected one of largest-first, lru, jetsam, lmkd, by-recency, cached-first, young-first"))
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }
}

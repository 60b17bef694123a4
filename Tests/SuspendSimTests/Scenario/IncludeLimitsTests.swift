import Foundation
import Testing
@testable import SuspendSim

/// SPEC 35 "Includes": a chain of includes is at most 64 files deep, the includes of one
/// document bring at most 10,000 nodes, and each list is read once per reading, so that no
/// small input crashes the reader or takes exponential time.
@Suite struct IncludeLimitsTests {
    /// A scenario whose `apps:` are `apps` (lines already indented).
    static func scenario(_ apps: String) -> String {
        "name: t\ndevice: { ram_mb: 2048 }\napps:\n\(apps)\n"
    }

    /// Writes `f0.yaml` ... `f<count>.yaml` in `folder`: each of the first `count` includes the
    /// next `times` times, the last lists one app. Returns the first's path.
    static func chain(_ count: Int, times: Int = 1, in folder: URL) throws -> String {
        for index in 0..<count {
            let line = "  - { include: f\(index + 1).yaml }"
            try scenario(Array(repeating: line, count: times).joined(separator: "\n"))
                .write(to: folder.appendingPathComponent("f\(index).yaml"), atomically: true, encoding: .utf8)
        }
        try scenario("  - { id: com.last, active_mb: 10 }")
            .write(to: folder.appendingPathComponent("f\(count).yaml"), atomically: true, encoding: .utf8)
        return folder.appendingPathComponent("f0.yaml").path
    }

    static func diagnostics(_ path: String) -> [ScenarioLoader.Diagnostic] {
        do {
            _ = try ScenarioLoader.load(path: path)
            return []
        } catch {
            return error.diagnostics
        }
    }

    @Test("A chain of 64 includes reads; 65 and 1,000 are refused at the first file's include entry, no crash")
    func depth() throws {
        try withTemporaryFolder { folder in
            // f0 includes f1 ... f64 lists the app: f64 is 64 files below f0.
            let sixtyFour = try Self.chain(64, in: folder)
            #expect(try ScenarioLoader.load(path: sixtyFour).apps.map(\.id) == ["com.last"])
        }
        for count in [65, 1_000] {
            try withTemporaryFolder { folder in
                let found = Self.diagnostics(try Self.chain(count, in: folder))
                #expect(found.count == 1)
                #expect(found.first?.field == "apps[0].include" && found.first?.line == 4)
                #expect(found.first?.file.hasSuffix("f0.yaml") == true)
                // f64 is read (64 deep); its include of f65 is the one past the bound.
                #expect(found.first?.message == "includes nest more than 64 files deep through \(folder.path)/f65.yaml (SPEC 35)")
            }
        }
    }

    @Test("A valid list read once is checked against the depth bound wherever it is included again")
    func cachedListStillBounded() throws {
        try withTemporaryFolder { folder in
            // f1 (63 files above f64) is read and kept valid; then g includes f0 through one more file.
            let first = try Self.chain(64, in: folder)
            _ = try ScenarioLoader.load(path: first)
            try Self.scenario("  - { include: f0.yaml }").write(to: folder.appendingPathComponent("g.yaml"), atomically: true, encoding: .utf8)
            let found = Self.diagnostics(folder.appendingPathComponent("g.yaml").path)
            #expect(found.map(\.field) == ["apps[0].include"])
            #expect(found.first?.message.hasPrefix("includes nest more than 64 files deep through ") == true)
        }
    }

    @Test("21 files each including the next twice are refused fast, located (each list read once)")
    func doubling() throws {
        try withTemporaryFolder { folder in
            let start = ContinuousClock.now
            let found = Self.diagnostics(try Self.chain(21, times: 2, in: folder))
            // Read as a tree, f0 would read f20 2^20 times; once each, it is 22 small files.
            #expect(ContinuousClock.now - start < .seconds(5))
            // f20 is valid; f19 brings com.last twice: every file above reports its includes.
            #expect(found.map(\.field) == ["apps[0].include", "apps[1].include"])
            #expect(found.first?.message.contains("f1.yaml is not a valid scenario: ") == true)
        }
    }

    @Test("Includes bring at most 10,000 nodes to a document; the include past the cap is the error")
    func nodeCap() throws {
        try withTemporaryFolder { folder in
            // 1,200 entries `{ id: X, active_mb: 1 }`, each a mapping, 2 keys and 2 values:
            // 5 nodes, 6,000 a list. One list passes; two would add 12,000.
            for list in ["a", "b"] {
                let apps = (0..<1_200).map { "  - { id: com.\(list)\($0), active_mb: 1 }" }.joined(separator: "\n")
                try Self.scenario(apps).write(to: folder.appendingPathComponent("\(list).yaml"), atomically: true, encoding: .utf8)
            }
            try Self.scenario("  - { include: a.yaml }").write(to: folder.appendingPathComponent("one.yaml"), atomically: true, encoding: .utf8)
            #expect(try ScenarioLoader.load(path: folder.appendingPathComponent("one.yaml").path).apps.count == 1_200)
            try Self.scenario("  - { include: a.yaml }\n  - { include: b.yaml }")
                .write(to: folder.appendingPathComponent("two.yaml"), atomically: true, encoding: .utf8)
            let found = Self.diagnostics(folder.appendingPathComponent("two.yaml").path)
            #expect(found.map(\.field) == ["apps[1].include"] && found.first?.line == 5)
            #expect(found.first?.message == "this include brings 6000 nodes, and the includes of the document would add 12000: "
                + "more than the 10000 includes may add (SPEC 35)")
        }
    }
}

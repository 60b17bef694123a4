import Foundation
import Testing
import SuspendSimCore

/// SPEC 7's `include:` and the wake note from the command line: docs/scenarios.md's engineer's
/// question runs as shown, its answer in `survival.csv` with the refresh runs; a cycle of
/// includes is bad input.
@Suite struct TypicalDayCommandTests {
    /// The question docs/scenarios.md's "A typical day" shows: `docs/examples/photo-editor-day.yaml`,
    /// whose text the section quotes whole (after `$ cat`, a block scripts/check-docs.sh checks).
    static func documentedScenario() throws -> String {
        let doc = try String(contentsOf: packageRoot.appendingPathComponent("docs/scenarios.md"), encoding: .utf8)
        let section = try #require(doc.components(separatedBy: "## A typical day").dropFirst().first)
        let file = try String(contentsOf: packageRoot.appendingPathComponent("docs/examples/photo-editor-day.yaml"), encoding: .utf8)
        #expect(section.contains("$ cat docs/examples/photo-editor-day.yaml\n" + file + "```"))
        return file
    }

    @Test("The documented question (15 lines at most) runs; survival.csv has the editor's row with its refresh runs; the wake note is printed once")
    func documentedQuestion() throws {
        let text = try Self.documentedScenario()
        #expect(text.split(separator: "\n").count <= 15)
        #expect(text.contains("{ include: typical-day }"))
        try withTemporaryFolder { folder in
            try text.write(to: folder.appendingPathComponent("editor.yaml"), atomically: true, encoding: .utf8)
            let run = try suspendsim(["run", "editor.yaml", "--replicates", "10", "--policy", "all", "--out", "R"], in: folder)
            #expect(run.status == 0, "\(run.stderr)")
            let notes = run.stderr.split(separator: "\n").filter { $0.hasPrefix("note: editor.yaml: workload.wakes_per_hour 0.25 ") }
            #expect(notes.count == 1, "\(run.stderr)")
            #expect(notes.first?.contains("com.example.photoeditor +0.25/h (fetch)") == true)
            #expect(notes.first?.contains("net.whatsapp.WhatsApp +0.25/h (fetch, remote-notification)") == true)
            let survival = try String(contentsOf: folder.appendingPathComponent("R/survival.csv"), encoding: .utf8)
                .split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
            let header = try #require(survival.first)
            let refresh = try #require(header.firstIndex(of: "refresh_runs_mean"))
            let editor = survival.filter { $0[2] == "com.example.photoeditor" }
            #expect(editor.count == BuiltInPolicies.names.count)
            #expect(survival.count == 1 + BuiltInPolicies.names.count * 31)
            // The editor goes to the background at least once in 10 days, and each time asks for a refresh.
            #expect(editor.allSatisfy { (Double($0[refresh]) ?? 0) > 0 }, "\(editor)")
        }
    }

    @Test("A cycle of includes: exit 2, the include entry located, nothing written")
    func cycle() throws {
        try withTemporaryFolder { folder in
            try "name: a\ndevice: { ram_mb: 2048 }\napps:\n  - { include: b.yaml }\n"
                .write(to: folder.appendingPathComponent("a.yaml"), atomically: true, encoding: .utf8)
            try "name: b\ndevice: { ram_mb: 2048 }\napps:\n  - { id: com.b, active_mb: 1 }\n  - { include: a.yaml }\n"
                .write(to: folder.appendingPathComponent("b.yaml"), atomically: true, encoding: .utf8)
            let run = try suspendsim(["run", "a.yaml", "--out", "R"], in: folder)
            #expect(run.status == 2)
            #expect(run.stderr.contains("a.yaml:4:16: apps[0].include: b.yaml is not a valid scenario: b.yaml:5:16: apps[1].include: includes itself: a.yaml -> b.yaml -> a.yaml"),
                    "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("R").path))
        }
    }
}

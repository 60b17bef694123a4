import Foundation
import Testing
import SuspendSimCore

/// SPEC 9: `suspendsim check` compares runs with `expect:` and fails readably.
@Suite struct CheckCommandTests {
    @Test("The bundled scenarios pass check, and the showdown passes under every built-in policy")
    func bundledScenariosPass() throws {
        let run = try suspendsim(["check"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(!run.stdout.contains("FAIL"))
        let all = try suspendsim(["check", "--policy", "all", "Scenarios/policy-showdown.yaml"])
        #expect(all.status == 0, "\(all.stdout)")
        #expect(all.stdout.contains("\(BuiltInPolicies.names.count) of \(BuiltInPolicies.names.count) runs as expected."))
    }

    @Test("A changed eviction order fails with a readable diff and exit status 1")
    func mismatchDiff() throws {
        try withTemporaryFolder { folder in
            var text = try String(contentsOf: packageRoot.appendingPathComponent("Scenarios/memory-pressure.yaml"), encoding: .utf8)
            text = text.replacingOccurrences(
                of: "evictions: [com.example.social, com.example.news,", with: "evictions: [com.example.news, com.example.social,")
            text = text.replacingOccurrences(of: "survivors: [com.example.game]", with: "survivors: [com.example.game, com.example.notes]")
            let file = folder.appendingPathComponent("memory-pressure.yaml")
            try text.write(to: file, atomically: true, encoding: .utf8)
            let run = try suspendsim(["check", file.path])
            #expect(run.status == 1)
            #expect(run.stdout.contains("FAIL memory-pressure [largest-first]"))
            #expect(run.stdout.contains("expected: com.example.news, com.example.social, com.example.photos"))
            #expect(run.stdout.contains("actual:   com.example.social, com.example.news, com.example.photos"))
            #expect(run.stdout.contains("first difference at #1: expected com.example.news, got com.example.social"))
            #expect(run.stdout.contains("expected but not resident: com.example.notes"))
            #expect(run.stdout.contains("0 of 1 runs as expected."))
            // check writes no reports.
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["memory-pressure.yaml"])
        }
    }

    @Test("validate accepts the bundled scenarios")
    func validateBundled() throws {
        let run = try suspendsim(["validate"])
        #expect(run.status == 0)
        // One line per bundled scenario file.
        let files = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Scenarios").path)
            .filter { $0.hasSuffix(".yaml") }
        #expect(run.stdout.split(separator: "\n").count == files.count)
        // A count of one is singular.
        #expect(run.stdout.contains("valid Scenarios/state-lab.yaml: state-lab, 1 app, 11 events\n"), "\(run.stdout)")
    }
}

import Foundation
import Testing

/// SPEC 12 from the command line: `suspendsim import jetsam`, then `check --policy all`.
@Suite struct ImportCommandTests {
    static let synthetic = packageRoot.appendingPathComponent("Tests/Data/jetsam/synthetic-ios14.ips").path

    @Test("import jetsam --replay-kills -o FILE, then check --policy all: jetsam reproduces the device's kill order, largest-first does not")
    func replayThenCheck() throws {
        try withTemporaryFolder { folder in
            let imported = try suspendsim(["import", "jetsam", Self.synthetic, "--replay-kills", "-o", "replay.yaml"], in: folder)
            #expect(imported.status == 0, "\(imported.stderr)")
            #expect(imported.stdout == "wrote replay.yaml\n")
            let check = try suspendsim(["check", "replay.yaml", "--policy", "all"], in: folder)
            #expect(check.status == 1)
            #expect(check.stdout.contains("ok   jetsam-synthetic-ios14 [jetsam]\n"))
            #expect(check.stdout.contains("FAIL jetsam-synthetic-ios14 [largest-first]"))
            #expect(check.stdout.contains("first difference at #1: expected com.a, got com.d"))
        }
    }

    @Test("Without -o the scenario goes to standard output, its leading comment saying what was read")
    func standardOutput() throws {
        let run = try suspendsim(["import", "jetsam", Self.synthetic])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("# Imported by `suspendsim import jetsam` from synthetic-ios14.ips (SPEC 12).\n# Read: iPhone OS 14.8 (18H17), product iPhone12,1 (catalog: iphone-11)"))
        #expect(run.stdout.contains("\ninitial:\n"))
    }

    @Test("A malformed report: a clear error, exit 2, and no file written", arguments: [
        "not a report at all\n",
        "{\"bug_type\":\"309\"}\n{\"processes\": []}\n",
        "{\"bug_type\":\"298\"}\n{\"memoryStatus\": {\"pageSize\": 0, \"memoryPages\": {\"free\": 1}}, \"processes\": []}\n",
        "{\"bug_type\":\"298\"}\n{\"memoryStatus\": {\"pageSize\": 12345, \"memoryPages\": {\"free\": 1}}, \"processes\": []}\n",
        // SPEC 35: a boolean, null, -2^63 or 1e308 where a whole number belongs.
        "{\"bug_type\":\"298\"}\n{\"memoryStatus\": {\"pageSize\": 16384, \"memoryPages\": {\"free\": true}}, \"processes\": []}\n",
        "{\"bug_type\":\"298\"}\n{\"memoryStatus\": {\"pageSize\": 16384, \"memoryPages\": {\"free\": 1}}, \"processes\": [{\"name\": \"a\", \"rpages\": null}]}\n",
        "{\"bug_type\":\"298\"}\n{\"memoryStatus\": {\"pageSize\": 16384, \"memoryPages\": {\"free\": 1}}, \"processes\": [{\"name\": \"a\", \"rpages\": 1, "
            + "\"killDelta\": -9223372036854775808}]}\n",
        "{\"bug_type\":\"298\"}\n{\"memoryStatus\": {\"pageSize\": 16384, \"memoryPages\": {\"free\": 1e308}}, \"processes\": []}\n",
    ])
    func malformed(_ text: String) throws {
        try withTemporaryFolder { folder in
            try text.write(to: folder.appendingPathComponent("bad.ips"), atomically: true, encoding: .utf8)
            let run = try suspendsim(["import", "jetsam", "bad.ips", "-o", "out.yaml"], in: folder)
            #expect(run.status == 2)
            #expect(run.stderr.hasPrefix("error: bad.ips: "))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["bad.ips"])
        }
    }
}

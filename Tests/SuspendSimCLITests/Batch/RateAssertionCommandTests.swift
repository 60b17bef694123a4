import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import SuspendSimCore

/// SPEC 19 from the command line: `check` runs a scenario with `expect.rates` as its whole
/// batch, judges each point and policy on the rates `survival.csv` prints, and names the line
/// of each failed app entry.
@Suite struct RateAssertionCommandTests {
    /// Six apps, 20 replicates of an hour, at two points: at `zipf_s` 100 the user opens only
    /// com.a (and always leaves with `home`), so no other app is ever launched or killed; at 1
    /// every app is opened and memory runs short.
    static let rates = """
        name: rates
        policy: jetsam
        device: { ram_mb: 2048, reserved_mb: 300, system_mb: 500 }
        apps:
          - { id: com.a, active_mb: 300, background_mb: 200, suspended_mb: 150 }
          - { id: com.b, active_mb: 400, background_mb: 250, suspended_mb: 200 }
          - { id: com.c, active_mb: 350, background_mb: 200, suspended_mb: 180 }
          - { id: com.d, active_mb: 500, background_mb: 300, suspended_mb: 250 }
          - { id: com.e, active_mb: 450, background_mb: 300, suspended_mb: 220 }
          - { id: com.z, active_mb: 100 }
        workload:
          duration_s: 3600
          dwell_s: 60
          gap_s: 120
          home_share: 1
        replicates: 20
        sweep:
          workload.zipf_s: [100, 1]
        expect:
          rates:
            never_killed_rate:
              com.a: ">= 0.5"
              com.e: ">= 0.9"
            launched_survival_rate:
              com.z: "0.2..1"
            survival_rate: { com.b: "<= 0.9" }

        """

    /// The rows of `survival.csv` of `rates` run as `run --seed 0` runs it, by point and app.
    static func survival(_ folder: URL) throws -> [String: [String: String]] {
        let out = folder.appendingPathComponent("batch")
        let run = try suspendsim(["run", "rates.yaml", "--out", out.path], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = try String(contentsOf: out.appendingPathComponent("survival.csv"), encoding: .utf8).split(separator: "\n")
        let header = lines[0].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        var rows: [String: [String: String]] = [:]
        for line in lines.dropFirst() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            let row = Dictionary(uniqueKeysWithValues: zip(header, fields))
            rows["\(row["workload.zipf_s"] ?? "") \(row["app"] ?? "")"] = row
        }
        return rows
    }

    @Test("Each point fails only on the bounds that fail there, with the app entry's file:line and the rate survival.csv prints")
    func failsAtTheRightPoints() throws {
        try withTemporaryFolder { folder in
            try Self.rates.write(to: folder.appendingPathComponent("rates.yaml"), atomically: true, encoding: .utf8)
            let rows = try Self.survival(folder)
            let check = try suspendsim(["check", "rates.yaml"], in: folder)
            #expect(check.status == 1)
            // zipf 100: com.z was never launched, so its launched survival rate is no rate at all.
            #expect(rows["100 com.z"]?["launched"] == "0" && rows["100 com.z"]?["launched_survival_rate"] == "")
            // zipf 1: com.e was killed in most runs.
            let e = try #require(rows["1 com.e"])
            let never = try #require(e["never_killed_rate"])
            #expect(try #require(Double(never)) < 0.9)
            #expect(check.stdout == """
                FAIL rates {workload.zipf_s=100} [jetsam] (rates.yaml)
                  rates.yaml:25: expect.rates.launched_survival_rate.com.z: never launched in the 20 runs of this point, so it has no launched survival rate (expected >= 0.200)

                FAIL rates {workload.zipf_s=1} [jetsam] (rates.yaml)
                  rates.yaml:23: expect.rates.never_killed_rate.com.e: \(never), expected >= 0.900 (never killed in \(e["never_killed"] ?? "?") of 20 runs)

                0 of 2 runs as expected.

                """)
            // The bounds that hold were judged too: com.a and com.b are within theirs at both points.
            for point in ["100", "1"] {
                #expect(try #require(Double(rows["\(point) com.a"]?["never_killed_rate"] ?? "")) >= 0.5)
                #expect(try #require(Double(rows["\(point) com.b"]?["survival_rate"] ?? "")) <= 0.9)
            }
        }
    }

    @Test("With bounds that hold everywhere, every point passes; a bound is inclusive at the printed value")
    func passesEverywhere() throws {
        try withTemporaryFolder { folder in
            try Self.rates.write(to: folder.appendingPathComponent("rates.yaml"), atomically: true, encoding: .utf8)
            let rows = try Self.survival(folder)
            // The bound's low end is exactly the rate survival.csv prints at zipf 1 (it is 1 at zipf 100).
            let printed = try #require(rows["1 com.e"]?["never_killed_rate"])
            let text = Self.rates
                .replacingOccurrences(of: "com.e: \">= 0.9\"", with: "com.e: \"\(printed)..1\"")
                .replacingOccurrences(of: "com.z: \"0.2..1\"", with: "com.a: \"0.2..1\"")
            try text.write(to: folder.appendingPathComponent("rates.yaml"), atomically: true, encoding: .utf8)
            let check = try suspendsim(["check", "rates.yaml", "--junit", "j.xml"], in: folder)
            #expect(check.status == 0, "\(check.stdout)")
            #expect(check.stdout == "ok   rates {workload.zipf_s=100} [jetsam]\nok   rates {workload.zipf_s=1} [jetsam]\n2 of 2 runs as expected.\n")
            // A passing testcase points at the first assertion it checked.
            let junit = try String(contentsOf: folder.appendingPathComponent("j.xml"), encoding: .utf8)
            #expect(junit.components(separatedBy: "file=\"rates.yaml\" line=\"22\"/>").count - 1 == 2, "\(junit)")
            // One thousandth more and it fails, at zipf 1 only.
            let above = String(format: "%.3f", (Double(printed) ?? 0) + 0.001)
            try text.replacingOccurrences(of: "\(printed)..1", with: "\(above)..1")
                .write(to: folder.appendingPathComponent("rates.yaml"), atomically: true, encoding: .utf8)
            let tighter = try suspendsim(["check", "rates.yaml"], in: folder)
            #expect(tighter.status == 1)
            #expect(tighter.stdout.contains("ok   rates {workload.zipf_s=100} [jetsam]\n"))
            #expect(tighter.stdout.contains("rates.yaml:23: expect.rates.never_killed_rate.com.e: \(printed), expected >= \(above)"))
        }
    }

    @Test("The same stdout and JUnit bytes twice, and at --jobs 1 and --jobs 2")
    func deterministic() throws {
        try withTemporaryFolder { folder in
            try Self.rates.write(to: folder.appendingPathComponent("rates.yaml"), atomically: true, encoding: .utf8)
            var outputs: [(String, Data)] = []
            for (index, jobs) in ["1", "2", "2", "1"].enumerated() {
                let run = try suspendsim(["check", "rates.yaml", "--jobs", jobs, "--junit", "j\(index).xml"], in: folder)
                #expect(run.status == 1)
                outputs.append((run.stdout, try Data(contentsOf: folder.appendingPathComponent("j\(index).xml"))))
            }
            #expect(outputs.allSatisfy { $0.0 == outputs[0].0 && $0.1 == outputs[0].1 })
            #expect(outputs[0].0.contains("0 of 2 runs as expected."))
        }
    }

    @Test("JUnit: a testcase per point and policy, each with file and line, the failure's message whole")
    func junitPerPoint() throws {
        try withTemporaryFolder { folder in
            try Self.rates.write(to: folder.appendingPathComponent("rates.yaml"), atomically: true, encoding: .utf8)
            let run = try suspendsim(["check", "rates.yaml", "--policy", "all", "--junit", "j.xml"], in: folder)
            #expect(run.status == 1)
            let document = try XMLDocument(data: Data(contentsOf: folder.appendingPathComponent("j.xml")))
            let cases = try #require(document.rootElement()).elements(forName: "testsuite").flatMap { $0.elements(forName: "testcase") }
            // Two points under every built-in policy.
            #expect(cases.count == 2 * BuiltInPolicies.names.count)
            #expect(cases.allSatisfy { $0.attribute(forName: "file")?.stringValue == "rates.yaml" })
            let zipf100 = cases.filter { $0.attribute(forName: "classname")?.stringValue == "rates {workload.zipf_s=100}" }
            #expect(zipf100.count == BuiltInPolicies.names.count)
            for testcase in zipf100 {
                // com.z is never launched at zipf 100, under any policy: line 25 fails first.
                #expect(testcase.attribute(forName: "line")?.stringValue == "25")
                let failure = try #require(testcase.elements(forName: "failure").first)
                #expect(failure.attribute(forName: "message")?.stringValue
                    == "rates.yaml:25: expect.rates.launched_survival_rate.com.z: never launched in the 20 runs of this point, so it has no launched survival rate (expected >= 0.200)")
            }
            // At zipf 1, com.e's bound (line 23) fails under every policy, and comes first.
            let zipf1 = cases.filter { $0.attribute(forName: "classname")?.stringValue == "rates {workload.zipf_s=1}" }
            #expect(zipf1.count == BuiltInPolicies.names.count)
            #expect(zipf1.allSatisfy { $0.attribute(forName: "line")?.stringValue == "23" })
        }
    }

    @Test("photo-editor's sweep: the editor is never killed at 60 MB but is at 120 MB; the file's other assertions still run once")
    func photoEditorSweep() throws {
        try withTemporaryFolder { folder in
            var text = try String(contentsOf: packageRoot.appendingPathComponent("Scenarios/photo-editor.yaml"), encoding: .utf8)
            text = text.replacingOccurrences(of: "  max_pressure_kills: 3\n",
                                             with: "  max_pressure_kills: 3\n  rates:\n    never_killed_rate:\n      com.example.photoeditor: \">= 0.5\"\n")
            try text.write(to: folder.appendingPathComponent("photo-editor.yaml"), atomically: true, encoding: .utf8)
            let line = (text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("      com.example.photoeditor:") } ?? -1) + 1
            let run = try suspendsim(["check", "photo-editor.yaml", "--junit", "j.xml"], in: folder)
            #expect(run.status == 1)
            #expect(run.stdout == """
                ok   photo-editor [jetsam]
                FAIL photo-editor {app.com.example.photoeditor.suspended_mb=120} [jetsam] (photo-editor.yaml)
                  photo-editor.yaml:\(line): expect.rates.never_killed_rate.com.example.photoeditor: 0.000, expected >= 0.500 (never killed in 0 of 1 run)

                ok   photo-editor {app.com.example.photoeditor.suspended_mb=60} [jetsam]
                2 of 3 runs as expected.

                """)
            let junit = try String(contentsOf: folder.appendingPathComponent("j.xml"), encoding: .utf8)
            #expect(junit.contains("name=\"photo-editor {app.com.example.photoeditor.suspended_mb=120} [jetsam]\" file=\"photo-editor.yaml\" line=\"\(line)\">"))
        }
    }

    @Test("validate rejects a bad bound: exit 2, file:line:column")
    func validateRejects() throws {
        try withTemporaryFolder { folder in
            try Self.rates.replacingOccurrences(of: "\"0.2..1\"", with: "\"1..0.2\"")
                .write(to: folder.appendingPathComponent("rates.yaml"), atomically: true, encoding: .utf8)
            let run = try suspendsim(["validate", "rates.yaml"], in: folder)
            #expect(run.status == 2)
            #expect(run.stderr.contains("rates.yaml:25:14: expect.rates.launched_survival_rate.com.z: must have its low end at most its high end, got \"1..0.2\""),
                    "\(run.stderr)")
        }
    }
}

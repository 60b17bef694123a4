import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import SuspendSimCore

/// SPEC 14 from the command line: per-app assertions with their file and line, JUnit XML,
/// `--strict`, app sweeps, and `explain`.
@Suite struct AnswersTests {
    /// Two apps on a small phone: b's open at 20 s takes free to 24 MB, below every threshold,
    /// so suspended a is killed (under every policy). Nine lines, so that `expect:` is line 10.
    static let twoAppsStory = """
        name: two
        device: { ram_mb: 1024, app_limit_mb: 1000 }
        apps:
          - { id: com.a, active_mb: 300, suspended_mb: 200 }
          - { id: com.b, active_mb: 800 }
        events:
          - { at: 0, open: com.a }
          - { at: 10, home }
          - { at: 20, open: com.b }

        """

    /// `twoAppsStory` with assertions that fail: a survives, b is killed, no pressure kill.
    static let twoApps = twoAppsStory + """
        expect:
          survives: [com.a]
          never_killed: [com.b]
          killed: [com.b]
          max_pressure_kills: 0

        """

    @Test("A failed assertion names the file and the line it is on, pytest-style; every failed key is listed (SPEC 14)")
    func failuresNameFileAndLine() throws {
        try withTemporaryFolder { folder in
            try Self.twoApps.write(to: folder.appendingPathComponent("two.yaml"), atomically: true, encoding: .utf8)
            let run = try suspendsim(["check", "two.yaml"], in: folder)
            #expect(run.status == 1)
            #expect(run.stdout.contains("FAIL two [largest-first] (two.yaml)\n"))
            #expect(run.stdout.contains("  two.yaml:11: expect.survives: not resident at the end:\n    com.a: killed first at 20.000 s (1 pressure kill, 0 other), not-running at the end\n"))
            #expect(run.stdout.contains("  two.yaml:13: expect.killed: never killed: com.b\n"))
            #expect(run.stdout.contains("  two.yaml:14: expect.max_pressure_kills: 1 pressure kills, at most 0 expected\n"))
            // never_killed holds for b: no line about it.
            #expect(!run.stdout.contains("expect.never_killed"))
        }
    }

    @Test("by_policy assertions are located where they are written, and override the general ones (SPEC 14)")
    func byPolicyLines() throws {
        try withTemporaryFolder { folder in
            let text = Self.twoApps.replacingOccurrences(of: "  max_pressure_kills: 0\n", with: "  max_pressure_kills: 0\n  by_policy:\n    lru: { max_pressure_kills: 5, killed: [] }\n")
            try text.write(to: folder.appendingPathComponent("two.yaml"), atomically: true, encoding: .utf8)
            let run = try suspendsim(["check", "two.yaml", "--policy", "lru"], in: folder)
            #expect(!run.stdout.contains("max_pressure_kills"), "lru allows 5")
            #expect(!run.stdout.contains("expect.killed"), "lru expects no kill list")
            #expect(run.stdout.contains("two.yaml:11: expect.survives"))
        }
    }

    @Test("check --junit writes testsuites > testsuite > testcase with failure and skipped, as JUnit readers expect")
    func junit() throws {
        try withTemporaryFolder { folder in
            try Self.twoApps.write(to: folder.appendingPathComponent("two.yaml"), atomically: true, encoding: .utf8)
            let day = try String(contentsOf: packageRoot.appendingPathComponent("Scenarios/state-lab.yaml"), encoding: .utf8)
            try day.replacingOccurrences(of: "expect:", with: "unused_expect:").replacingOccurrences(of: "unused_expect:\n  evictions: []\n  survivors: [com.example.statelab]", with: "")
                .write(to: folder.appendingPathComponent("lab.yaml"), atomically: true, encoding: .utf8)
            let run = try suspendsim(["check", ".", "--policy", "all", "--junit", "out/junit.xml"], in: folder)
            #expect(run.status == 1)
            let data = try Data(contentsOf: folder.appendingPathComponent("out/junit.xml"))
            let document = try XMLDocument(data: data)
            let root = try #require(document.rootElement())
            #expect(root.name == "testsuites")
            let policies = BuiltInPolicies.names.count
            #expect(root.attribute(forName: "tests")?.stringValue == "\(2 * policies)")
            let suites = root.elements(forName: "testsuite")
            #expect(suites.map { $0.attribute(forName: "name")?.stringValue } == ["./lab.yaml", "./two.yaml"])
            let cases = suites.flatMap { $0.elements(forName: "testcase") }
            #expect(cases.count == 2 * policies)
            let names = cases.compactMap { $0.attribute(forName: "name")?.stringValue }
            #expect(names.contains("two [jetsam]"))
            let failures = cases.flatMap { $0.elements(forName: "failure") }
            #expect(failures.count == policies)
            #expect(failures.first?.stringValue?.contains("./two.yaml:11: expect.survives") == true)
            #expect(cases.flatMap { $0.elements(forName: "skipped") }.count == policies)
            #expect(root.attribute(forName: "failures")?.stringValue == "\(policies)")
        }
    }

    @Test("check --strict fails a file without expect: (SPEC 14)")
    func strict() throws {
        try withTemporaryFolder { folder in
            let text = Self.twoApps.components(separatedBy: "expect:")[0]
            try text.write(to: folder.appendingPathComponent("two.yaml"), atomically: true, encoding: .utf8)
            let plain = try suspendsim(["check", "two.yaml"], in: folder)
            #expect(plain.status == 0)
            #expect(plain.stdout.hasPrefix("unchecked two [largest-first]"))
            let strict = try suspendsim(["check", "two.yaml", "--strict"], in: folder)
            #expect(strict.status == 1)
            #expect(strict.stdout.contains("two.yaml: no expect: block (--strict)"))
        }
    }

    @Test("An expect.survives naming an unknown app is a located error, exit 2, no report (SPEC 14)")
    func unknownAppInExpect() throws {
        try withTemporaryFolder { folder in
            try Self.twoApps.replacingOccurrences(of: "survives: [com.a]", with: "survives: [com.c]")
                .write(to: folder.appendingPathComponent("two.yaml"), atomically: true, encoding: .utf8)
            let run = try suspendsim(["run", "two.yaml", "--out", "R"], in: folder)
            #expect(run.status == 2)
            #expect(run.stderr.hasPrefix("two.yaml:11:14: expect.survives[0]: unknown app 'com.c'"))
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("R").path))
        }
    }

    /// (the --set option, the start of the message); each exits 64.
    static let appSweepMistakes: [(String, String)] = [
        ("app.com.c.active_mb=1,2", "two.yaml: app.com.c.active_mb: unknown app 'com.c'; apps are com.a, com.b"),
        ("app.com.a.colour=1", "Error: --set app.com.a.colour=1: unknown app key 'app.com.a.colour'; expected app.<id>.<key> with a key among active_mb,"),
        ("app.com.a.active_mb=lots", "two.yaml: apps[0].active_mb: must be a number, got \"lots\" (from --set app.com.a.active_mb=lots)"),
    ]

    @Test("--set app mistakes are command-line errors: exit 64, nothing written (SPEC 14)", arguments: 0..<AnswersTests.appSweepMistakes.count)
    func appSweepMistake(_ index: Int) throws {
        let (option, message) = Self.appSweepMistakes[index]
        try withTemporaryFolder { folder in
            try Self.twoApps.write(to: folder.appendingPathComponent("two.yaml"), atomically: true, encoding: .utf8)
            let run = try suspendsim(["run", "two.yaml", "--set", option, "--out", "R"], in: folder)
            #expect(run.status == 64, "\(option)")
            #expect(run.stderr.hasPrefix(message), "\(option): \(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("R").path))
        }
    }

    @Test("A file's sweep: of an unknown app is bad input: exit 2, located at the sweep (SPEC 14)")
    func fileSweepOfAnUnknownApp() throws {
        try withTemporaryFolder { folder in
            try (Self.twoApps + "sweep:\n  app.com.c.active_mb: [1, 2]\n").write(to: folder.appendingPathComponent("two.yaml"), atomically: true, encoding: .utf8)
            let run = try suspendsim(["validate", "two.yaml"], in: folder)
            #expect(run.status == 2)
            #expect(run.stderr.contains("two.yaml:16: app.com.c.active_mb: unknown app 'com.c'; apps are com.a, com.b"))
        }
    }

    @Test("An app sweep sets the app's key at each point, in a column of its own (SPEC 14)")
    func appSweepColumns() throws {
        try withTemporaryFolder { folder in
            try Self.twoApps.write(to: folder.appendingPathComponent("two.yaml"), atomically: true, encoding: .utf8)
            // At 100 MB suspended, a survives b's 800 MB (free 1024 - 900 = 124 MB, above the
            // critical 51.2 MB); at 200 MB it does not (24 MB).
            let run = try suspendsim(["run", "two.yaml", "--set", "app.com.a.suspended_mb=200,100", "--out", "R"], in: folder)
            #expect(run.status == 0, "\(run.stderr)")
            let survival = try String(contentsOf: folder.appendingPathComponent("R/survival.csv"), encoding: .utf8)
            // SPEC 19: launched in its one run, so its launched survival is its survival.
            // SPEC 41: one run, so no interval of its pressure kills; its one kill is the critical loop's;
            // no freezer (largest-first has no bands), so no freezes or thaws.
            #expect(survival.contains("two,largest-first,com.a,1,0,0.000,,,0,0.000,,,1.000,1.000,0.000,1,0.000,,,0.000,0.000,,,0.000,0.000,1.000,0.000,0.000,0.000,0.000,0.000,200\n"))
            #expect(survival.contains("two,largest-first,com.a,1,1,1.000,,,1,1.000,,,0.000,1.000,0.000,1,1.000,,,0.000,0.000,,,0.000,0.000,0.000,0.000,0.000,0.000,0.000,0.000,100\n"))
            #expect(survival.hasPrefix("scenario,policy,app,runs,survived,survival_rate,ci_low,ci_high,never_killed,never_killed_rate,never_killed_ci_low,never_killed_ci_high,mean_pressure_kills,mean_cold_launches,mean_warm_launches,launched,launched_survival_rate,launched_ci_low,launched_ci_high,refresh_runs_mean,processing_runs_mean,pressure_kills_ci_low,pressure_kills_ci_high,reaper_kills_mean,idle_kills_mean,critical_kills_mean,minfree_kills_mean,pageshortage_kills_mean,limit_kills_mean,freezes_mean,thaws_mean,app.com.a.suspended_mb\n"))
        }
    }

    @Test("A sweep over an app key under --policy all, 200 replicates a point: the same bytes at --jobs 1 and 2, and sharded then merged")
    func appSweepIsDeterministic() throws {
        try withTemporaryFolder { folder in
            let input = try BatchCommandTests.inputs(folder)
            try FileManager.default.removeItem(at: input.appendingPathComponent("state-lab.yaml"))
            let sweep = ["--replicates", "200", "--set", "app.com.burbn.instagram.suspended_mb=80,160", "--seed", "7"]
            let options = sweep + ["--policy", "all"]
            let one = folder.appendingPathComponent("one"), two = folder.appendingPathComponent("two")
            #expect(try suspendsim(["run", input.path, "--jobs", "1", "--out", one.path] + options).status == 0)
            #expect(try suspendsim(["run", input.path, "--jobs", "2", "--out", two.path] + options).status == 0)
            let expected = try filesUnder(one)
            // No comparison.csv for a batch; whatif.csv, as it sweeps one key (SPEC 25); assumptions.csv (SPEC 36).
            #expect(expected.keys.sorted() == ["assumptions.csv", "exits.csv", "focus_runs.csv", "summary.csv", "survival.csv", "whatif.csv"])
            #expect(String(decoding: expected["summary.csv"] ?? Data(), as: UTF8.self).split(separator: "\n").count == 1 + 2 * BuiltInPolicies.names.count * 200)
            #expect(try filesUnder(two) == expected)
            // Shards take the policies as a sweep axis (--policy all is a single run's option).
            let byAxis = sweep + ["--set", "policy=" + BuiltInPolicies.names.joined(separator: ",")]
            let single = folder.appendingPathComponent("single")
            #expect(try suspendsim(["run", input.path, "--jobs", "2", "--out", single.path] + byAxis).status == 0)
            for shard in 1...3 {
                let run = try suspendsim(["run", input.path, "--jobs", "1", "--shard", "\(shard)/3", "--out", folder.appendingPathComponent("s\(shard)").path] + byAxis)
                #expect(run.status == 0, "\(run.stderr)")
            }
            let merged = folder.appendingPathComponent("merged")
            #expect(try suspendsim(["merge"] + (1...3).map { folder.appendingPathComponent("s\($0)").path } + ["--out", merged.path]).status == 0)
            let singleFiles = try filesUnder(single)
            #expect(singleFiles.count == 6)  // expected's six: no kills.csv without --kills
            #expect(try filesUnder(merged) == singleFiles)
        }
    }

    @Test("explain replays a report folder: per eviction, the trigger and the policy's order with the victim first (SPEC 14)")
    func explain() throws {
        try withTemporaryFolder { folder in
            try Self.twoApps.write(to: folder.appendingPathComponent("two.yaml"), atomically: true, encoding: .utf8)
            #expect(try suspendsim(["run", "two.yaml", "--out", "R", "--policy", "jetsam"], in: folder).status == 0)
            let run = try suspendsim(["explain", "R/two"], in: folder)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.hasPrefix("two under jetsam: 1 eviction.\n\n#1  20.000 s  com.a (suspended, 200.000 MB)  memory-pressure\n"))
            #expect(run.stdout.contains("    Why: free memory was 24.000 MB, below idle_free_mb (102.400 MB): jetsam's idle loop"))
            #expect(run.stdout.contains("it was #1 of 1 candidates:"))
            // What brought free memory down: b's 800 MB launch, the largest drop before the kill.
            #expect(run.stdout.contains("    What brought free memory down: open com.b at 20.000 s, from 824.000 MB to 24.000 MB free"))
            #expect(run.stdout.contains("      1  com.a  <- victim  suspended  0"))
            // Only one app's evictions; an app never evicted says so.
            let b = try suspendsim(["explain", "R/two", "com.b"], in: folder)
            #expect(b.stdout.contains("com.b was never evicted"))
            #expect(try suspendsim(["explain", "R/two", "com.z"], in: folder).status == 2)
            // From inside the report folder, the scenario (named from where run ran) is found
            // above it.
            let inside = try suspendsim(["explain", "."], in: folder.appendingPathComponent("R/two"))
            #expect(inside.status == 0, "\(inside.stderr)")
            #expect(inside.stdout == run.stdout)
            // A scenario edited since: the replay differs, and explain says so.
            try Self.twoApps.replacingOccurrences(of: "active_mb: 800", with: "active_mb: 10")
                .write(to: folder.appendingPathComponent("two.yaml"), atomically: true, encoding: .utf8)
            let stale = try suspendsim(["explain", "R/two"], in: folder)
            #expect(stale.status == 2)
            #expect(stale.stderr.contains("was the scenario changed since the report was written?"))
        }
    }

    @Test("explain names the runner-up as such, not as a disagreement")
    func explainRunnerUp() throws {
        try withTemporaryFolder { folder in
            let out = folder.appendingPathComponent("R").path
            let run = try suspendsim(["run", "Scenarios/photo-editor.yaml", "--set", "app.com.example.photoeditor.suspended_mb=120",
                                      "--details", "--out", out])
            #expect(run.status == 0, "\(run.stderr)")
            let explain = try suspendsim(["explain", out + "/photo-editor/app.com.example.photoeditor.suspended_mb=120", "com.example.photoeditor"])
            #expect(explain.stdout.contains("    Runner-up: com.apple.camera, the next in jetsam's order; it would have gone had the victim not been there.\n"))
            #expect(!explain.stdout.contains("Instead,"))
        }
    }

    @Test("explain works on a --details replicate of a batch: the seed comes from the batch's summary.csv")
    func explainDetails() throws {
        try withTemporaryFolder { folder in
            let input = try BatchCommandTests.inputs(folder)
            #expect(try suspendsim(["run", input.path, "--replicates", "2", "--details", "--out", "R"], in: folder).status == 0)
            let replicate = "R/small-day/policy=jetsam/replicate-1"
            let evictions = try String(contentsOf: folder.appendingPathComponent(replicate + "/evictions.csv"), encoding: .utf8)
            let run = try suspendsim(["explain", replicate], in: folder)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.hasPrefix("small-day under jetsam: \(evictions.split(separator: "\n").count - 1) evictions"))
        }
    }
}

import Foundation
import Testing

/// SPEC 24 from the command line: a batch that sweeps `trace.user` over more than one user
/// pools the users in `survival.csv`, `exits.csv` and `observed.csv`; shards merge to the same
/// bytes; the page and `check` read the pooled rows; a batch of one user is unchanged.
@Suite struct TracePoolingCommandTests {
    /// The sample trace's three users on a phone of `ram_mb` RAM, with apps large enough to be
    /// killed at 1024 MB, and `observed:` for Gmail; `user` and `more` as given.
    static func scenario(user: String = "all", more: String = "") -> String {
        """
        name: day
        device: { ram_mb: 2048 }
        apps: [{ id: com.google.Gmail, trace_name: Gmail, active_mb: 150 }]
        trace: { file: \(packageRoot.appendingPathComponent("Tests/Data/trace/lsapp-sample.tsv").path), user: \(user), default_app: { active_mb: 500, suspended_mb: 350 } }
        observed: { app: com.google.Gmail, days: 1, cold_launches: 0.5, resumes: 0.5 }
        \(more)
        """
    }

    /// Four policies at two RAM sizes.
    static let grid = ["--set", "policy=largest-first,lru,jetsam,lmkd", "--set", "device.ram_mb=1024,1536"]

    @Test("Three shards of a pooled trace batch merge into the unsharded batch's bytes, which --jobs 1 and 2 write alike")
    func shardsMergeToThePooledTables() throws {
        try withTemporaryFolder { folder in
            try Self.scenario().write(to: folder.appendingPathComponent("day.yaml"), atomically: true, encoding: .utf8)
            // --kills: kills.csv merges from the shards and is the same at any --jobs too.
            let grid = Self.grid + ["--kills"]
            #expect(try suspendsim(["run", "day.yaml", "--out", "whole", "--jobs", "2"] + grid, in: folder).status == 0)
            #expect(try suspendsim(["run", "day.yaml", "--out", "one", "--jobs", "1"] + grid, in: folder).status == 0)
            for shard in 1...3 {
                let run = try suspendsim(["run", "day.yaml", "--shard", "\(shard)/3", "--out", "s\(shard)"] + grid, in: folder)
                #expect(run.status == 0, "\(run.stderr)")
            }
            let merge = try suspendsim(["merge", "s1", "s2", "s3", "--out", "merged"], in: folder)
            #expect(merge.status == 0, "\(merge.stderr)")
            let whole = try filesUnder(folder.appendingPathComponent("whole"))
            // focus_runs.csv and whatif.csv: the batch sweeps one key besides policy and trace.user (SPEC 25).
            #expect(whole.keys.sorted() == ["assumptions.csv", "exits.csv", "focus.csv", "focus_runs.csv", "groups.csv", "kills.csv", "observed.csv", "paired.csv", "summary.csv",
                                            "survival.csv", "whatif.csv"])
            let survival = String(decoding: whole["survival.csv"] ?? Data(), as: UTF8.self).split(separator: "\n")
            // A row per policy, RAM size and app of the three users (8 apps), no trace.user column.
            #expect(survival.count == 1 + 4 * 2 * 8)
            #expect(survival.first?.hasSuffix(",pageshortage_kills_mean,limit_kills_mean,freezes_mean,thaws_mean,device.ram_mb") == true)
            #expect(String(decoding: whole["observed.csv"] ?? Data(), as: UTF8.self).split(separator: "\n").count == 1 + 4 * 2 * 2)
            #expect(try filesUnder(folder.appendingPathComponent("merged")) == whole)
            #expect(try filesUnder(folder.appendingPathComponent("one")) == whole)
        }
    }

    @Test("A batch of one trace user keeps a row per point and its trace.user column, byte for byte the files of the build before SPEC 24")
    func oneUserUnchanged() throws {
        // Recorded by the release build of the commit before SPEC 24 (54f52c0):
        //   suspendsim run day.yaml --set trace.user=2 --set policy=lru,jetsam --set device.ram_mb=1024,1536 --out <golden>
        // SPEC 24 pools users only when a batch sweeps more than one; these files hold that rule.
        // observed.csv was rewritten for SPEC 26's observed_ci_low and observed_ci_high, its
        // other columns checked equal to the recorded ones first; summary.csv was rewritten for
        // launch_wait_p50_s, launch_wait_p95_s and kills_per_use_hour before the sweep columns,
        // every other cell checked equal to the recorded ones first, and its min_free_mb for
        // SPEC 32's settled free memory (174.000 for the 24.000 of a launch's overshoot).
        // survival.csv was rewritten for SPEC 41's kills by mechanism before the sweep columns, its
        // other columns checked equal to the recorded ones first (one run a point: no interval;
        // Gmail's one kill at 1024 MB is lru's critical loop, jetsam's idle loop).
        // Then for SPEC 41's freezes_mean,thaws_mean after limit_kills_mean, the other columns
        // checked equal to the recorded ones first: 0.000 each, as the device has no freezer.
        let golden = packageRoot.appendingPathComponent("Tests/Goldens/trace-one-user")
        try withTemporaryFolder { folder in
            try Self.scenario().write(to: folder.appendingPathComponent("day.yaml"), atomically: true, encoding: .utf8)
            let run = try suspendsim(["run", "day.yaml", "--set", "trace.user=2", "--set", "policy=lru,jetsam",
                                      "--set", "device.ram_mb=1024,1536", "--out", "R"], in: folder)
            #expect(run.status == 0, "\(run.stderr)")
            let expected = try filesUnder(golden)
            #expect(expected.keys.sorted() == ["exits.csv", "focus.csv", "observed.csv", "summary.csv", "survival.csv"])
            // SPEC 25 adds focus_runs.csv and whatif.csv (the batch sweeps device.ram_mb), SPEC 36
            // assumptions.csv; kills.csv only with --kills; the rest is unchanged.
            let written = try filesUnder(folder.appendingPathComponent("R"))
            #expect(Set(written.keys).subtracting(expected.keys) == ["focus_runs.csv", "whatif.csv", "assumptions.csv"])
            #expect(written.filter { expected[$0.key] != nil } == expected)
        }
    }

    @Test("The batch page of a pooled trace batch draws its survival and never-killed charts from the pooled rows, beside the comparison")
    func pageReadsThePooledTables() throws {
        try withTemporaryFolder { folder in
            try Self.scenario().write(to: folder.appendingPathComponent("day.yaml"), atomically: true, encoding: .utf8)
            let run = try suspendsim(["run", "day.yaml", "--out", "R", "--html"] + Self.grid, in: folder)
            #expect(run.status == 0, "\(run.stderr)")
            let html = try String(contentsOf: folder.appendingPathComponent("R/index.html"), encoding: .utf8)
            #expect(html.contains("id=\"comparison\""))
            // A point per policy and RAM size, each of the three users' runs.
            #expect(html.contains("8 points · 24 runs"))
            #expect(html.contains("id=\"s1-survival-1\"") && html.contains("id=\"s1-sweep-1\""))
            #expect(html.contains("Never killed, against device.ram_mb"))
            #expect(!html.contains("a panel per trace user"))
        }
    }

    @Test("check judges rate bounds on the pooled rows: a result per point of the other sweep keys, over every user's runs")
    func checkJudgesThePooledRows() throws {
        try withTemporaryFolder { folder in
            let more = """
                sweep: { device.ram_mb: [1024, 4096] }
                expect:
                  rates:
                    never_killed_rate: { com.google.Gmail: ">= 0.9" }
                    survival_rate: { com.google.Gmail: ">= 0.5" }
                """
            try Self.scenario(more: more).write(to: folder.appendingPathComponent("day.yaml"), atomically: true, encoding: .utf8)
            let check = try suspendsim(["check", "day.yaml"], in: folder)
            #expect(check.status == 1)
            // Only user 2 opens Gmail, and it survives: 1 of the 3 users' runs.
            let failure = "  day.yaml:10: expect.rates.survival_rate.com.google.Gmail: 0.333, expected >= 0.500 (survived 1 of 3 runs)\n"
            #expect(check.stdout == """
                FAIL day {device.ram_mb=1024} [largest-first] (day.yaml)
                \(failure)
                FAIL day {device.ram_mb=4096} [largest-first] (day.yaml)
                \(failure)
                0 of 2 runs as expected.

                """)
        }
    }
}

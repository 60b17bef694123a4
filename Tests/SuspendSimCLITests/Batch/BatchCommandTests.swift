import Foundation
import Testing
@testable import SuspendSimCLI

/// Batches from the command line (docs/batch-runs.md): replicates and seeds, sweeps, report folders on demand,
/// shards under GNU parallel merged back byte for byte, and the progress bar.
@Suite struct BatchCommandTests {
    /// A small day: 5 apps on a tight phone, 3 hours, with a sweep in the file.
    static let day = """
        name: small-day
        device: { ram_mb: 1536, reserved_mb: 300, system_mb: 200 }
        apps:
          - { id: com.apple.MobileSMS, active_mb: 150, suspended_mb: 70, background_modes: [remote-notification] }
          - { id: com.burbn.instagram, active_mb: 350, suspended_mb: 160 }
          - { id: com.apple.mobilesafari, active_mb: 300, suspended_mb: 120 }
          - { id: com.spotify.client, active_mb: 250, suspended_mb: 150, background_modes: [audio] }
          - { id: com.king.candycrushsaga, active_mb: 450, suspended_mb: 220 }
        workload:
          duration_s: 10800
          dwell_s: 120
          gap_s: 400
          calls_per_hour: 1
          alerts_per_hour: 4
          wakes_per_hour: 2
          allocations: { per_hour: 15, mean_mb: 25 }
        replicates: 8
        sweep:
          policy: [largest-first, jetsam]

        """

    /// Writes the day (and the bundled state-lab, a single run) into `folder`/in/.
    static func inputs(_ folder: URL) throws -> URL {
        let input = folder.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        try day.write(to: input.appendingPathComponent("small-day.yaml"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(
            at: packageRoot.appendingPathComponent("Scenarios/state-lab.yaml"), to: input.appendingPathComponent("state-lab.yaml"))
        return input
    }

    static func text(_ folder: URL, _ file: String) -> String {
        (try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)) ?? ""
    }

    @Test("The same seed gives the same bytes; another seed other timelines, in summary.csv's seed column")
    func seeds() throws {
        try withTemporaryFolder { folder in
            let input = try Self.inputs(folder)
            var summaries: [String] = []
            for (name, seed) in [("a", "7"), ("b", "7"), ("c", "8")] {
                let out = folder.appendingPathComponent(name)
                let run = try suspendsim(["run", input.path, "--seed", seed, "--out", out.path])
                #expect(run.status == 0, "\(run.stderr)")
                // The workload's wake note is the one stderr line (its apps have wake modes).
                #expect(run.stderr.split(separator: "\n").allSatisfy { $0.hasPrefix("note: ") }, "no progress bar when stderr is not a terminal")
                #expect(run.stdout.contains("small-day: 16 runs (2 points x 8 replicates)"))
                summaries.append(Self.text(out, "summary.csv"))
            }
            #expect(try filesUnder(folder.appendingPathComponent("a")) == (try filesUnder(folder.appendingPathComponent("b"))))
            #expect(summaries[0] != summaries[2])
            let rows = summaries[0].split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
            #expect(rows.count == 1 + 16)
            #expect(rows[0][0] == "small-day" && rows[0][1] == "largest-first" && rows[0][3] == "0")
            #expect(rows[8][1] == "jetsam" && rows[8][3] == "0" && rows[8][2] == rows[0][2], "points share their replicates' seeds")
            #expect(rows[16][0] == "state-lab" && rows[16][2] == "" && rows[16][3] == "")
            #expect(Set(rows.prefix(8).map { $0[2] }).count == 8)
        }
    }

    @Test("--replicates overrides the file; --set sweeps device, workload and policy keys into columns")
    func sweeps() throws {
        try withTemporaryFolder { folder in
            let input = try Self.inputs(folder)
            let out = folder.appendingPathComponent("out")
            let run = try suspendsim([
                "run", input.appendingPathComponent("small-day.yaml").path, "--replicates", "3",
                "--set", "device.ram_mb=1536,2048", "--set", "workload.dwell_s=60,240", "--set", "policy=lru", "--out", out.path,
            ])
            #expect(run.status == 0, "\(run.stderr)")
            let summary = Self.text(out, "summary.csv").split(separator: "\n")
            #expect(summary[0].hasSuffix(",min_free_mb,launch_wait_s,duration_s,kills_per_hour,launch_wait_p50_s,launch_wait_p95_s,kills_per_use_hour,freezes,thaws,frozen_mb_written,device.ram_mb,workload.dwell_s"))
            #expect(summary.count == 1 + 2 * 2 * 3)
            #expect(summary[1].hasSuffix(",1536,60") && summary[4].hasSuffix(",1536,240") && summary[12].hasSuffix(",2048,240"))
            #expect(summary.dropFirst().allSatisfy { $0.split(separator: ",")[1] == "lru" })
            let survival = Self.text(out, "survival.csv").split(separator: "\n")
                #expect(survival[0] == "scenario,policy,app,runs,survived,survival_rate,ci_low,ci_high,never_killed,never_killed_rate,"
                + "never_killed_ci_low,never_killed_ci_high,mean_pressure_kills,mean_cold_launches,mean_warm_launches,"
                + "launched,launched_survival_rate,launched_ci_low,launched_ci_high,refresh_runs_mean,processing_runs_mean,pressure_kills_ci_low,pressure_kills_ci_high,reaper_kills_mean,idle_kills_mean,critical_kills_mean,minfree_kills_mean,pageshortage_kills_mean,limit_kills_mean,freezes_mean,thaws_mean,device.ram_mb,workload.dwell_s")
            #expect(survival.count == 1 + 4 * 5)
            #expect(survival[1].hasPrefix("small-day,lru,com.apple.MobileSMS,3,") && survival[1].hasSuffix(",1536,60"))
            // No report folders without --details, no kills.csv without --kills.
            #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == ["assumptions.csv", "exits.csv", "summary.csv", "survival.csv"])
        }
    }

    @Test("--details writes each run's report folder under <name>/<key>=<value>/replicate-<k>/")
    func details() throws {
        try withTemporaryFolder { folder in
            let input = try Self.inputs(folder)
            let out = folder.appendingPathComponent("out")
            let run = try suspendsim(["run", input.path, "--replicates", "2", "--details", "--out", out.path])
            #expect(run.status == 0, "\(run.stderr)")
            let files = try filesUnder(out)
            for policy in ["largest-first", "jetsam"] {
                for replicate in 0..<2 {
                    #expect(files["small-day/policy=\(policy)/replicate-\(replicate)/evictions.csv"] != nil)
                }
            }
            #expect(files["state-lab/callbacks.csv"] != nil)
            #expect(files.keys.filter { $0.hasSuffix("/survivors.csv") }.count == 4 + 1)
        }
    }

    @Test("Four shards under GNU parallel, merged, are the single run byte for byte")
    func shardsUnderParallel() throws {
        let parallel = try #require(["/usr/bin/parallel", "/usr/local/bin/parallel"].first { FileManager.default.isExecutableFile(atPath: $0) },
                                    "GNU parallel is missing: run scripts/setup.sh")
        try withTemporaryFolder { folder in
            let input = try Self.inputs(folder)
            let options = ["--replicates", "5", "--seed", "42", "--set", "device.ram_mb=1536,2048", "--details"]
            let single = folder.appendingPathComponent("single")
            #expect(try suspendsim(["run", input.path, "--out", single.path] + options).status == 0)

            let shards = folder.appendingPathComponent("shards")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: parallel)
            process.arguments = ["--will-cite", "--halt", "now,fail=1", "-j", "4", executable.path, "run", input.path]
                + options + ["--jobs", "1", "--shard", "{}/4", "--out", shards.path + "/{}", ":::", "1", "2", "3", "4"]
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            // The manifest ends with the inputs' SHA-256 (`MergeChecksFirstTests`) and the assumption
            // table's (SPEC 36): 64 hex digits each.
            let manifest = Self.text(shards.appendingPathComponent("3"), "shard.csv")
            #expect(manifest.dropLast(131).hasSuffix(",3,4,22,true,device.ram_mb,1536"), "2 policies x 2 RAM sizes x 5 days, and state-lab at 2 RAM sizes")
            let digests = manifest.suffix(131).dropLast().split(separator: ",", omittingEmptySubsequences: false)
            #expect(digests.count == 3 && digests[0].isEmpty && digests.dropFirst().allSatisfy { $0.count == 64 && $0.allSatisfy(\.isHexDigit) })

            let merged = folder.appendingPathComponent("merged")
            let merge = try suspendsim(["merge"] + (1...4).map { shards.appendingPathComponent("\($0)").path } + ["--out", merged.path])
            #expect(merge.status == 0, "\(merge.stderr)")
            #expect(merge.stdout == "merged 4 shards, 22 runs: \(merged.path)/summary.csv\nwhatif: \(merged.path)/whatif.csv\n")
            let expected = try filesUnder(single)
            #expect(expected.count > 40)
            #expect(try filesUnder(merged) == expected)
        }
    }

    @Test("merge fails with exit 2 on an incomplete batch, and names what is missing")
    func mergeIncomplete() throws {
        try withTemporaryFolder { folder in
            let input = try Self.inputs(folder)
            let shard = folder.appendingPathComponent("2")
            #expect(try suspendsim(["run", input.path, "--shard", "2/3", "--out", shard.path]).status == 0)
            let merge = try suspendsim(["merge", shard.path, "--out", folder.appendingPathComponent("m").path])
            #expect(merge.status == 2)
            #expect(merge.stderr == "error: incomplete batch: missing shard 1/3, 3/3\n")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("m/summary.csv").path))
        }
    }

    @Test("merge refuses to write into a shard, and can merge again into the same folder")
    func mergeTargets() throws {
        try withTemporaryFolder { folder in
            let input = try Self.inputs(folder)
            let shards = (1...2).map { folder.appendingPathComponent("\($0)") }
            for (index, shard) in shards.enumerated() {
                #expect(try suspendsim(["run", input.path, "--details", "--shard", "\(index + 1)/2", "--out", shard.path]).status == 0)
            }
            let into = try suspendsim(["merge", shards[0].path, shards[1].path, "--out", shards[1].path + "/"])
            #expect(into.status == 2)
            #expect(into.stderr.contains("is one of the shards"))
            let merged = folder.appendingPathComponent("merged")
            #expect(try suspendsim(["merge", shards[0].path, shards[1].path, "--out", merged.path]).status == 0)
            let first = try filesUnder(merged)
            #expect(try suspendsim(["merge", shards[1].path, shards[0].path, "--out", merged.path]).status == 0)
            #expect(try filesUnder(merged) == first)
        }
    }

    @Test("validate reads every point of a file's sweep:, as run does")
    func validateSweep() throws {
        try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("day.yaml")
            try Self.day.replacingOccurrences(of: "policy: [largest-first, jetsam]", with: "policy: [largest-first, fifo]")
                .write(to: file, atomically: true, encoding: .utf8)
            let run = try suspendsim(["validate", file.path])
            #expect(run.status == 2)
            #expect(run.stderr == "\(file.path):19:27: policy: unknown policy 'fifo'; expected one of largest-first, lru, jetsam, lmkd\n")
        }
    }

    /// (arguments, the start of the error).
    static let badOptionCases: [([String], String)] = [
        (["--shard", "0/4"], "Error: --shard must be K/N with 1 <= K <= N, got 0/4."),
        (["--shard", "2/4", "--policy", "all"], "Error: --shard cannot be combined with --policy all"),
        (["--set", "device.rom_mb=1"], "Error: --set device.rom_mb=1: unknown key 'device.rom_mb'"),
        (["--set", "policy=lru", "--policy", "lru"], "Error: --policy and --set policy=... cannot be combined."),
        (["--set", "policy=lru", "--set", "policy=lmkd"], "Error: --set policy is given twice"),
        (["--replicates", "0"], "Error: --replicates must be from 1 to 2147483647, got 0."),
        (["--replicates", "2147483648"], "Error: --replicates must be from 1 to 2147483647, got 2147483648."),
        (["--set", "device.ram_mb=3072,3072.0"], "Error: --set device.ram_mb=3072,3072.0: value '3072.0' is the same number as '3072' (value 1)"),
    ]

    @Test("Bad batch options are usage errors (exit 64)", arguments: 0..<BatchCommandTests.badOptionCases.count)
    func badOptions(_ index: Int) throws {
        let (arguments, message) = Self.badOptionCases[index]
        let run = try suspendsim(["run", "Scenarios/state-lab.yaml"] + arguments + ["--out", "/nonexistent/never"])
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix(message), "\(run.stderr)")
    }

    @Test("A bad --set value stops the batch before anything runs: a command-line mistake, exit 64 (SPEC 14)")
    func badSweepValue() throws {
        try withTemporaryFolder { folder in
            let input = try Self.inputs(folder)
            let out = folder.appendingPathComponent("out")
            let run = try suspendsim(["run", input.path, "--set", "workload.answer_share=0.5,1.5", "--out", out.path])
            #expect(run.status == 64)
            #expect(run.stderr.contains("small-day.yaml: workload.answer_share: must be a share from 0 to 1, got 1.5 (from --set workload.answer_share=1.5)"))
            #expect(run.stderr.contains("state-lab.yaml: workload.answer_share: the scenario has no workload: block to set this in"))
            #expect(!FileManager.default.fileExists(atPath: out.path))
        }
    }

    @Test("The progress line: count, bar, rate and ETA; the time taken at the end")
    func progressLine() {
        #expect(ProgressLine.render(done: 0, total: 4000, label: "runs", elapsed: .zero)
            == "runs 0/4000 [--------------------]   0%")
        #expect(ProgressLine.render(done: 1200, total: 4000, label: "runs", elapsed: .seconds(3))
            == "runs 1200/4000 [######--------------]  30%  400.0/s  ETA 0:07")
        #expect(ProgressLine.render(done: 4000, total: 4000, label: "runs", elapsed: .milliseconds(9500))
            == "runs 4000/4000 [####################] 100%  421.1/s  in 0:10")
        #expect(ProgressLine.clock(3725) == "1:02:05" && ProgressLine.clock(65) == "1:05")
    }
}

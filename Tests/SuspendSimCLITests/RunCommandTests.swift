import Foundation
@_spi(Generators) import SuspendSim
@testable import SuspendSimCLI
import Testing
import SuspendSimCore

/// SPEC 8–9: `suspendsim run` on the bundled scenarios, as a user runs it.
@Suite struct RunCommandTests {
    @Test("run writes every report file for every bundled scenario, and summary.csv in file order (SPEC 8)")
    func bundledScenarios() throws {
        try withTemporaryFolder { out in
            // The day scenario is a batch (docs/batch-runs.md): 2 replicates keep this test quick.
            let run = try suspendsim(["run", "Scenarios", "--replicates", "2", "--out", out.path])
            #expect(run.status == 0, "\(run.stderr)")
            let files = try filesUnder(out)
            let scenarios = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Scenarios").path)
                .filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
            // ios-releases-day sweeps three releases: 3 points x 2 replicates; photo-editor two
            // footprints, one run each; field-calibration five days' lengths x 2 replicates;
            // compressor a phone without and with it x 2 replicates; android-cached-apps two
            // policies x without and with the compressor, one run each.
            let batches = ["android-cached-apps", "compressor", "day-on-a-3gb-phone", "field-calibration", "ios-releases-day", "photo-editor"]
            let runsPerBatch = ["android-cached-apps": 4, "compressor": 4, "day-on-a-3gb-phone": 2, "field-calibration": 10, "ios-releases-day": 6,
                                "photo-editor": 2]
            let singles = scenarios.filter { !batches.contains($0) }
            for scenario in singles {
                for file in ["survivors", "evictions", "transitions", "callbacks", "memory", "pressure", "skipped", "exits", "launches"] {
                    #expect(files["\(scenario)/\(file).csv"] != nil, "missing \(scenario)/\(file).csv")
                }
            }
            let summary = String(decoding: files["summary.csv"] ?? Data(), as: UTF8.self).split(separator: "\n")
            // The sweep adds its key's column (docs/batch-runs.md).
            #expect(summary.first == "scenario,policy,seed,replicate,apps,events,cold_launches,warm_launches,hot_launch_ratio,pressure_kills,state_losses,min_free_mb,launch_wait_s,duration_s,kills_per_hour,launch_wait_p50_s,launch_wait_p95_s,kills_per_use_hour,freezes,thaws,frozen_mb_written,device.compressor.pool_mb,workload.gap_s,device.ios,app.com.example.photoeditor.suspended_mb")
            #expect(summary.dropFirst().map { String($0.split(separator: ",")[0]) }
                == scenarios.flatMap { Array(repeating: $0, count: runsPerBatch[$0] ?? 1) })
            // Nothing else: no temporary folders left behind, and no report folder for a batch.
            // labels.csv: compressor.yaml's labels: block (SPEC 15). No kills.csv without --kills.
            #expect(Set(files.keys.map { String($0.split(separator: "/")[0]) })
                == Set(singles + ["summary.csv", "survival.csv", "exits.csv", "observed.csv", "focus.csv", "labels.csv", "assumptions.csv"]))
            #expect(String(decoding: files["labels.csv"] ?? Data(), as: UTF8.self)
                == "key,value,label\ndevice.compressor.pool_mb,0,no compressor\ndevice.compressor.pool_mb,4096,4 GB pool\n")
        }
    }

    @Test("The same input gives byte-identical reports at --jobs 1 and --jobs 2 (SPEC 8)")
    func jobsDoNotChangeBytes() throws {
        // --replicates 2 keeps the day scenario's batch quick; BatchCommandTests covers batches.
        try withTemporaryFolder { out in
            let one = out.appendingPathComponent("one")
            let two = out.appendingPathComponent("two")
            #expect(try suspendsim(["run", "--jobs", "1", "--out", one.path, "--replicates", "2"]).status == 0)
            #expect(try suspendsim(["run", "--jobs", "2", "--out", two.path, "--replicates", "2"]).status == 0)
            let first = try filesUnder(one)
            #expect(first.count > 30)
            #expect(first == (try filesUnder(two)))
            let allOne = out.appendingPathComponent("all-one")
            let allTwo = out.appendingPathComponent("all-two")
            #expect(try suspendsim(["run", "--policy", "all", "--jobs", "1", "--out", allOne.path, "--replicates", "2"]).status == 0)
            #expect(try suspendsim(["run", "--policy", "all", "--jobs", "2", "--out", allTwo.path, "--replicates", "2"]).status == 0)
            #expect(try filesUnder(allOne) == (try filesUnder(allTwo)))
        }
    }

    @Test("A long streamed run, its rows formatted on two threads, gives the same bytes at --jobs 1 and 2 and as the same file read whole (SPEC 8)")
    func longRunsAreByteIdentical() throws {
        try withTemporaryFolder { folder in
            // 28,000 events over three apps (opens, allocations that bring kills, a home, a
            // force-quit), written as a JSON file of more than 1 MiB whose events come last:
            // streamed, and a long report (docs/architecture.md).
            let apps = ["com.a", "com.b", "com.c"]
            var events: [String] = []
            for index in 0..<28_000 {
                let app = apps[index / 7 % 3]
                switch index % 7 {
                case 0, 3: events.append("{\"at\": \(index), \"open\": \"\(app)\"}")
                case 1, 4: events.append("{\"at\": \(index), \"allocate\": {\"app\": \"\(app)\", \"mb\": 350.5}}")
                case 5: events.append("{\"at\": \(index), \"force_quit\": \"\(app)\"}")
                default: events.append("{\"at\": \(index), \"home\": null}")
                }
            }
            let text = "{\"name\": \"long\", \"device\": {\"ram_mb\": 2048},\n\"apps\": ["
                + apps.map { "{\"id\": \"\($0)\", \"active_mb\": 300, \"suspended_mb\": 120}" }.joined(separator: ", ")
                + "],\n\"events\": [\n" + events.joined(separator: ",\n") + "\n]}\n"
            #expect(text.utf8.count > 1 << 20)
            let streamed = folder.appendingPathComponent("long.json")
            try text.write(to: streamed, atomically: true, encoding: .utf8)
            // The same scenario with `events` first, which is not streamed: read whole, then run
            // (still a long report).
            let wholeText = "{\"events\": [\n" + events.joined(separator: ",\n") + "\n],\n\"name\": \"long\", "
                + "\"device\": {\"ram_mb\": 2048},\n\"apps\": ["
                + apps.map { "{\"id\": \"\($0)\", \"active_mb\": 300, \"suspended_mb\": 120}" }.joined(separator: ", ") + "]}\n"
            let whole = folder.appendingPathComponent("whole").appendingPathComponent("long.json")
            try FileManager.default.createDirectory(at: whole.deletingLastPathComponent(), withIntermediateDirectories: true)
            try wholeText.write(to: whole, atomically: true, encoding: .utf8)
            var reports: [[String: Data]] = []
            for (input, jobs) in [(streamed, "1"), (streamed, "2"), (whole, "1")] {
                let out = folder.appendingPathComponent("out-\(reports.count)")
                let run = try suspendsim(["run", input.path, "--policy", "all", "--jobs", jobs, "--out", out.path])
                #expect(run.status == 0, "\(run.stderr)")
                reports.append(try filesUnder(out.appendingPathComponent("long")).filter { !$0.key.hasSuffix("device.csv") })
            }
            // 13 files a folder (freezer.csv, SPEC 37; assumptions.csv the last, SPEC 36), device.csv left out.
            #expect(reports[0].count == BuiltInPolicies.names.count * 13 - BuiltInPolicies.names.count)
            #expect(reports[1] == reports[0])
            #expect(reports[2] == reports[0])
            let evictions = String(decoding: reports[0]["jetsam/evictions.csv"] ?? Data(), as: UTF8.self)
            #expect(evictions.split(separator: "\n").count > 1_000, "a run with many kills")
        }
    }

    @Test("--policy overrides the file's policy and names it in evictions.csv and summary.csv (SPEC 9)")
    func policyOverride() throws {
        try withTemporaryFolder { out in
            let run = try suspendsim(["run", "Scenarios/memory-pressure.yaml", "--policy", "lru", "--out", out.path])
            #expect(run.status == 0)
            let evictions = try String(contentsOf: out.appendingPathComponent("memory-pressure/evictions.csv"), encoding: .utf8)
            let rows = evictions.split(separator: "\n").dropFirst()
            #expect(!rows.isEmpty)
            #expect(rows.allSatisfy { $0.split(separator: ",", omittingEmptySubsequences: false)[6] == "lru" })
            // LRU kills news (left the foreground first) before social; largest-first the other way round.
            #expect(rows.first?.split(separator: ",")[2] == "com.example.news")
        }
    }

    @Test("--policy all writes a folder per policy and comparison.csv (docs/reports.md)")
    func policyAll() throws {
        try withTemporaryFolder { out in
            let run = try suspendsim(["run", "Scenarios/policy-showdown.yaml", "--policy", "all", "--out", out.path])
            #expect(run.status == 0)
            let files = try filesUnder(out)
            for policy in ["largest-first", "lru", "jetsam", "lmkd"] {
                #expect(files["policy-showdown/\(policy)/evictions.csv"] != nil)
            }
            let comparison = String(decoding: files["comparison.csv"] ?? Data(), as: UTF8.self)
            #expect(comparison == """
                scenario,policy,pressure_kills,state_losses,cold_launches,warm_launches,hot_launch_ratio,min_free_mb
                policy-showdown,largest-first,6,0,6,0,0.000,248.000
                policy-showdown,lru,6,0,6,0,0.000,248.000
                policy-showdown,jetsam,6,0,6,0,0.000,248.000
                policy-showdown,lmkd,6,0,6,0,0.000,248.000

                """)
        }
    }

    @Test("--stats prints jemalloc's own figures")
    func jemallocStats() throws {
        try withTemporaryFolder { out in
            let run = try suspendsim(["run", "Scenarios/state-lab.yaml", "--stats", "--out", out.path])
            #expect(run.status == 0)
            let line = run.stdout.split(separator: "\n").first { $0.hasPrefix("jemalloc:") }
            #expect(line != nil, "\(run.stdout)")
            for figure in ["stats.allocated=", "stats.active=", "stats.resident="] {
                #expect(line?.contains(figure) == true)
            }
            // A figure is a positive byte count.
            let allocated = line.flatMap { $0.split(separator: " ").first { $0.hasPrefix("stats.allocated=") } }
            #expect((allocated.flatMap { Int($0.dropFirst("stats.allocated=".count)) } ?? 0) > 0)
            // The batch's serial part: a share of the work between 0 and 100 %.
            let serial = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("serial part: ") })
            let share = serial.split(separator: " ").firstIndex(of: "%").flatMap { Double(serial.split(separator: " ")[$0 - 1]) }
            #expect(share.map { $0 >= 0 && $0 < 100 } == true, "\(serial)")
        }
    }

    @Test("The serial share is the time under the writer's lock over all the work; Amdahl's bound follows from it")
    func serialShare() {
        var output = BatchRunner.Output()
        #expect(output.serialShare == 0)
        output.serialNanoseconds = 1_000
        output.workerNanoseconds = 99_000
        output.unitsRun = 10
        #expect(output.serialShare == 0.01)
        #expect(SuspendsimCommand.RunCommand.serialPart(output)
            == "serial part: 0.10 µs per run, 1.00 % of the work (workers: 9.9 µs per run; Amdahl's bound at 16 jobs: 13.9x)")
    }
}

/// SPEC 14/16: every report folder holds `device.csv`, the resolved device (file keys and SPEC
/// 7 defaults: thresholds are percentages of RAM), the policy in force and the file.
@Suite struct DeviceCSVTests {
    @Test("device.csv lists SPEC 7's device keys in section 7's order with resolved defaults, then SPEC 11's, SPEC 22's (empty without a compressor), SPEC 28's, policy, file and end_s")
    func resolvedDevice() throws {
        try withTemporaryFolder { out in
            #expect(try suspendsim(["run", "Scenarios", "--policy", "all", "--replicates", "1", "--out", out.path]).status == 0)
            let text = try String(contentsOf: out.appendingPathComponent("state-lab/jetsam/device.csv"), encoding: .utf8)
            // state-lab sets ram_mb 2048 and reserved_mb 512; thresholds default to 15/10/5 % and the
            // per-app limit to 60 % of 2048 MB (SPEC 7); the file is the folder argument's entry.
            // SPEC 36: the shipped assumption table's SHA-256, the same in every folder of the build.
            let digest = try #require(text.split(separator: "\n").first { $0.hasPrefix("assumptions_sha256,") })
            #expect(digest.dropFirst("assumptions_sha256,".count).count == 64)
            #expect(text == """
                key,value
                ram_mb,2048.000
                reserved_mb,512.000
                system_mb,0.000
                system_source,none
                warning_free_mb,307.200
                idle_free_mb,204.800
                critical_free_mb,102.400
                app_limit_mb,1228.800
                did_enter_background_limit_s,5.000
                background_task_limit_s,180.000
                wake_window_s,30.000
                processing_window_s,600.000
                aging_s,2.000
                model,
                ios,
                reaper_interval_s,30.000
                reaper_free_mb,409.600
                reaper_idle_s,300.000
                app_background_limit_mb,1228.800
                compressor_ratio,
                compressor_pool_mb,
                compressor_start_free_mb,
                compressor_decompress_mb_s,
                freezer_max_frozen,
                freezer_min_mb,
                freezer_min_suspended,
                freezer_start_free_mb,
                freezer_interval_s,
                freezer_daily_mb,
                freezer_thaw_mb_s,
                freezer_refreeze_min_thawed,
                freezer_demotions_per_day,
                freezer_demotion_thaws,
                charging,false
                low_power,false
                background_app_refresh,true
                refresh_window_s,30.000
                refresh_interval_s,900.000
                lmkd_minfree,
                \(digest)
                policy,jetsam
                file,Scenarios/state-lab.yaml
                end_s,

                """)
            // A file's end_s is the run's end (SPEC 7): the page's timeline ends there.
            let reaper = try String(contentsOf: out.appendingPathComponent("iphone-11-ios18/jetsam/device.csv"), encoding: .utf8)
            #expect(reaper.hasSuffix("end_s,900.000\n"))
        }
    }
}

/// SPEC 14: the run line counts skipped events and points to skipped.csv; counts are singular
/// for one ("1 app", "1 pressure kill").
@Suite struct RunLineTests {
    @Test("The run line counts skipped events with a hint to skipped.csv, in the singular for one")
    func skippedEventsAndPlurals() throws {
        try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("skips.yaml")
            // `home` on the home screen and an `alert_dismiss` without an alert are no-ops (SPEC 3).
            try """
            name: skips
            device: { ram_mb: 1024 }
            apps: [{ id: com.a, active_mb: 100 }]
            events:
              - { at: 0, home }
              - { at: 1, open: com.a }
              - { at: 2, alert_dismiss }
            """.write(to: file, atomically: true, encoding: .utf8)
            let out = folder.appendingPathComponent("out")
            let run = try suspendsim(["run", file.path, "--out", out.path])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains(
                "skips: largest-first, 1 app, 3 events (2 skipped: see \(out.path)/skips/skipped.csv), 0 pressure kills -> \(out.path)/skips/"),
                "\(run.stdout)")
            let skipped = try String(contentsOf: out.appendingPathComponent("skips/skipped.csv"), encoding: .utf8)
            #expect(skipped.split(separator: "\n").count == 3)
        }
    }
}

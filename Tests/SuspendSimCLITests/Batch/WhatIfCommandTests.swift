import Foundation
import Testing

/// SPEC 25 and 27 from the command line: `whatif.csv` pairs the runs of each sweep value with
/// those of the baseline value.
@Suite struct WhatIfCommandTests {
    /// field-calibration's gap held at one value, and com.acme.shop's suspended footprint swept.
    static let sweep = ["Scenarios/field-calibration.yaml", "--set", "workload.gap_s=900",
                        "--set", "app.com.acme.shop.suspended_mb=160.149,120.149"]
    static let key = "app.com.acme.shop.suspended_mb"
    static let header = ["scenario", "policy", "workload.gap_s", "key", "value", "baseline", "app", "metric", "pairs",
                         "baseline_mean", "mean", "mean_diff", "ci_low", "ci_high", "wilcoxon_p",
                         "wilcoxon_method", "p_holm", "ratio", "ratio_ci_low", "ratio_ci_high"]
    static let metrics = ["foreground_memory_resource_limit", "foreground_memory_pressure", "background_memory_pressure",
                          "background_memory_resource_limit", "background_app_watchdog", "background_task_assertion_timeout",
                          "background_fetch_completion_timeout", "background_normal", "user_force_quit", "cold_launches",
                          "warm_launches", "launch_wait_s", "killed"]
    static let runMetrics = ["pressure_kills", "kills_per_hour", "hot_launch_ratio", "launch_wait_s", "state_losses", "min_free_mb"]

    /// The mean, Student's interval (t(0.975, 29) from SciPy) of 30 values, as `%.3f`.
    static func interval30(_ values: [Double]) -> [String] {
        let mean = values.reduce(0, +) / 30
        let s = (values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / 29).squareRoot()
        let half = 2.045229642132703 * s / 30.0.squareRoot()
        return [mean, mean - half, mean + half].map { String(format: "%.3f", $0) }.map { $0 == "-0.000" ? "0.000" : $0 }
    }

    @Test("By default a batch sweeping one key pairs its values with the first: the what-if app's exits from the run folders, the run metrics from summary.csv")
    func defaultBaselineAndHandCheckedRows() throws {
        try withTemporaryFolder { folder in
            let out = folder.appendingPathComponent("R")
            let run = try suspendsim(["run"] + Self.sweep + ["--replicates", "30", "--details", "--out", out.path])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("whatif: \(out.path)/whatif.csv"))
            let rows = try ComparisonCommandTests.rows(out.appendingPathComponent("whatif.csv"))
            #expect(rows[0] == Self.header)
            // One value against the baseline: the observed app's 13 metrics, then the run metrics.
            #expect(rows.count == 1 + 13 + 6)
            #expect(rows.dropFirst().map { $0[7] } == Self.metrics + Self.runMetrics)
            #expect(rows.dropFirst().allSatisfy { Array($0.prefix(6)) == ["field-calibration", "jetsam", "900", Self.key, "120.149", "160.149"] })
            #expect(rows.dropFirst().map { $0[6] } == Array(repeating: "com.acme.shop", count: 13) + Array(repeating: "", count: 6))
            #expect(rows.dropFirst().allSatisfy { $0[8] == "30" })

            // background_memory_pressure of com.acme.shop, replicate by replicate, from exits.csv.
            func exits(_ value: String, _ replicate: Int) throws -> Double {
                let path = "field-calibration/workload.gap_s=900/\(Self.key)=\(value)/replicate-\(replicate)/exits.csv"
                let table = try ComparisonCommandTests.rows(out.appendingPathComponent(path))
                let column = try #require(table[0].firstIndex(of: "background_memory_pressure"))
                return Double(try #require(table.first { $0[0] == "com.acme.shop" })[column])!
            }
            let before = try (0..<30).map { try exits("160.149", $0) }
            let after = try (0..<30).map { try exits("120.149", $0) }
            let pressure = try #require(rows.first { $0[6] == "com.acme.shop" && $0[7] == "background_memory_pressure" })
            #expect(pressure[9] == String(format: "%.3f", before.reduce(0, +) / 30))
            #expect(pressure[10] == String(format: "%.3f", after.reduce(0, +) / 30))
            #expect(Array(pressure[11...13]) == Self.interval30(zip(after, before).map { $0 - $1 }))

            // pressure_kills, paired by seed, from summary.csv.
            let summary = try ComparisonCommandTests.rows(out.appendingPathComponent("summary.csv"))
            let kills = try #require(summary[0].firstIndex(of: "pressure_kills"))
            let seed = try #require(summary[0].firstIndex(of: "seed"))
            let value = try #require(summary[0].firstIndex(of: Self.key))
            let base = Dictionary(uniqueKeysWithValues: summary.dropFirst().filter { $0[value] == "160.149" }.map { ($0[seed], Double($0[kills])!) })
            let differences = summary.dropFirst().filter { $0[value] == "120.149" }.map { Double($0[kills])! - base[$0[seed]]! }
            let row = try #require(rows.first { $0[6].isEmpty && $0[7] == "pressure_kills" })
            #expect(Array(row[11...13]) == Self.interval30(differences))
            // The ratio of the means over the pairs, inside its bootstrap interval; Holm over the
            // file's pressure_kills rows (one here) keeps the p-value.
            let baseMean = base.values.reduce(0, +) / 30
            let afterMean = summary.dropFirst().filter { $0[value] == "120.149" }.map { Double($0[kills])! }.reduce(0, +) / 30
            #expect(row[17] == (baseMean == 0 ? "" : String(format: "%.3f", afterMean / baseMean)))
            if baseMean != 0, let low = Double(row[18]), let high = Double(row[19]) {
                #expect(low <= Double(row[17])! && Double(row[17])! <= high)
            }
            #expect(row[16] == row[14] && ["exact", "normal"].contains(row[15]))
        }
    }

    @Test("--baseline KEY=VALUE picks the baseline, compared as a decimal and written as summary.csv writes it; --baseline POLICY still works beside it")
    func baselineOnTheCommandLine() throws {
        try withTemporaryFolder { folder in
            let out = folder.appendingPathComponent("R")
            let run = try suspendsim(["run"] + Self.sweep + ["--set", "policy=jetsam,lru", "--replicates", "3", "--baseline", "\(Self.key)=120.1490",
                                                   "--baseline", "lru", "--by", "policy", "--out", out.path])
            #expect(run.status == 0, "\(run.stderr)")
            let rows = try ComparisonCommandTests.rows(out.appendingPathComponent("whatif.csv"))
            #expect(rows.dropFirst().allSatisfy { $0[4] == "160.149" && $0[5] == "120.149" })
            // Two policies, in summary.csv's order, each compared within itself.
            #expect(rows.count == 1 + 2 * 19)
            #expect(rows.dropFirst().map { $0[1] } == Array(repeating: "jetsam", count: 19) + Array(repeating: "lru", count: 19))
            let paired = try ComparisonCommandTests.rows(out.appendingPathComponent("paired.csv"))
            #expect(paired.dropFirst().allSatisfy { $0[$0.count - 12] == "lru" })
        }
    }

    @Test("An unknown key, trace.user, policy or a value the key does not have is a usage error (exit 64) listing the choices; nothing runs")
    func badBaselines() throws {
        try withTemporaryFolder { folder in
            let out = folder.appendingPathComponent("R")
            for (baseline, message) in [("device.ram_mb=2048", "the keys are workload.gap_s, \(Self.key)"),
                                        ("trace.user=1", "cannot be a what-if's key"),
                                        ("policy=lru", "paired.csv"),
                                        ("\(Self.key)=100", "its values are 160.149, 120.149")] {
                let run = try suspendsim(["run"] + Self.sweep + ["--replicates", "2", "--baseline", baseline, "--out", out.path])
                #expect(run.status == 64, "\(baseline): \(run.stderr)")
                #expect(run.stderr.contains(message), "\(baseline): \(run.stderr)")
                #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("summary.csv").path))
            }
            let twice = try suspendsim(["run"] + Self.sweep + ["--baseline", "\(Self.key)=160.149", "--baseline", "workload.gap_s=900", "--out", out.path])
            #expect(twice.status == 64, "\(twice.stderr)")
        }
    }

    @Test("A batch that sweeps no key, or two, writes no whatif.csv nor focus_runs.csv, and removes those an earlier batch left in --out")
    func noSweepNoWhatIf() throws {
        try withTemporaryFolder { folder in
            let earlier = try suspendsim(["run"] + Self.sweep + ["--replicates", "2", "--out", folder.appendingPathComponent("R0").path])
            #expect(earlier.status == 0 && FileManager.default.fileExists(atPath: folder.appendingPathComponent("R0/whatif.csv").path))
            for (index, settings) in [["--set", "workload.gap_s=900"],
                                      ["--set", "workload.gap_s=900,600", "--set", "\(Self.key)=160.149,120.149"]].enumerated() {
                let out = folder.appendingPathComponent("R\(index)")
                let run = try suspendsim(["run"]
                                         + ["Scenarios/field-calibration.yaml", "--replicates", "2", "--out", out.path] + settings)
                #expect(run.status == 0, "\(run.stderr)")
                #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("whatif.csv").path))
                #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("focus_runs.csv").path))
            }
        }
    }

    /// A small scenario sweeping two keys, so that only `whatif:` (or `--baseline`) picks one.
    static func scenario(whatIf: String) -> String {
        """
        name: tight
        device: { ram_mb: 1024, reserved_mb: 300 }
        apps:
          - { id: com.a, active_mb: 220, suspended_mb: 150 }
          - { id: com.b, active_mb: 180, suspended_mb: 120 }
        workload: { duration_s: 3600, dwell_s: 60, gap_s: 60 }
        replicates: 4
        sweep: { device.ram_mb: [1024, 1536], app.com.a.suspended_mb: [150, 120] }
        \(whatIf)

        """
    }

    @Test("whatif: in the file picks KEY and the baseline; --baseline KEY=VALUE overrides it; every app is a what-if app without observed: or expect:")
    func whatIfInTheFile() throws {
        try withTemporaryFolder { folder in
            try Self.scenario(whatIf: "whatif: { key: app.com.a.suspended_mb, baseline: 120 }")
                .write(to: folder.appendingPathComponent("tight.yaml"), atomically: true, encoding: .utf8)
            let run = try suspendsim(["run", "tight.yaml", "--out", "R"], in: folder)
            #expect(run.status == 0, "\(run.stderr)")
            let rows = try ComparisonCommandTests.rows(folder.appendingPathComponent("R/whatif.csv"))
            #expect(rows[0] == ["scenario", "policy", "device.ram_mb"] + Array(Self.header.dropFirst(3)))
            // Two RAM sizes × one value × (two apps × 13 metrics + 6 run metrics).
            #expect(rows.count == 1 + 2 * (2 * 13 + 6))
            #expect(rows.dropFirst().allSatisfy { $0[3] == "app.com.a.suspended_mb" && $0[4] == "150" && $0[5] == "120" && $0[8] == "4" })
            #expect(rows.dropFirst().map { $0[2] } == Array(repeating: "1024", count: 32) + Array(repeating: "1536", count: 32))
            #expect(Array(rows.dropFirst().map { $0[6] }.prefix(32)) == Array(repeating: "com.a", count: 13) + Array(repeating: "com.b", count: 13) + Array(repeating: "", count: 6))
            let overridden = try suspendsim(["run", "tight.yaml", "--out", "S", "--baseline", "device.ram_mb=1536", "--app", "com.b"], in: folder)
            #expect(overridden.status == 0, "\(overridden.stderr)")
            let other = try ComparisonCommandTests.rows(folder.appendingPathComponent("S/whatif.csv"))
            #expect(other[0][2] == "app.com.a.suspended_mb")
            #expect(other.count == 1 + 2 * (13 + 6))
            #expect(other.dropFirst().allSatisfy { $0[3] == "device.ram_mb" && $0[4] == "1024" && $0[5] == "1536" && ["com.b", ""].contains($0[6]) })
            // report --app: the what-if apps among those recorded, in the order given.
            let report = try suspendsim(["report", "R", "--baseline", "app.com.a.suspended_mb=120", "--app", "com.b", "--app", "com.a"], in: folder)
            #expect(report.status == 0, "\(report.stderr)")
            let reordered = try ComparisonCommandTests.rows(folder.appendingPathComponent("R/whatif.csv"))
            #expect(reordered.count == rows.count)
            #expect(Array(reordered.dropFirst().map { $0[6] }.prefix(32)) == Array(repeating: "com.b", count: 13) + Array(repeating: "com.a", count: 13) + Array(repeating: "", count: 6))
        }
    }

    @Test("A whatif: whose key is not swept, whose baseline is not a value, or that is trace.user is bad input (exit 2); --set is applied first")
    func badWhatIfInTheFile() throws {
        try withTemporaryFolder { folder in
            // SPEC 25, 35: located at the key, or at the baseline, of line 9.
            for (whatIf, message, settings) in [("whatif: { key: end_s, baseline: 60 }", "tight.yaml:9:16: whatif.key: 'end_s' is not a sweep key", [String]()),
                                                ("whatif: { key: device.ram_mb, baseline: 2048 }",
                                                 "tight.yaml:9:41: whatif.baseline: '2048' is not a value of device.ram_mb in the batch; its values are 1024, 1536", []),
                                                ("whatif: { key: device.ram_mb, baseline: 1024 }", "tight.yaml:9:41: whatif.baseline: '1024' is not a value of device.ram_mb in the batch; its values are 2048, 1536", ["--set", "device.ram_mb=2048,1536"]),
                                                ("whatif: { key: trace.user, baseline: 1 }", "tight.yaml:9:16: whatif.key: trace.user cannot be a what-if's key", []),
                                                ("whatif: { key: device.ram_mb }", "missing required key 'baseline'", [])] {
                try Self.scenario(whatIf: whatIf).write(to: folder.appendingPathComponent("tight.yaml"), atomically: true, encoding: .utf8)
                let run = try suspendsim(["run", "tight.yaml", "--out", "R"] + settings, in: folder)
                #expect(run.status == 2, "\(whatIf): \(run.stderr)")
                #expect(run.stderr.contains(message), "\(whatIf): \(run.stderr)")
            }
        }
    }

    @Test("Shards write focus_runs.csv and no whatif.csv; merge writes whatif.csv and focus_runs.csv with the unsharded run's bytes, also from a file's whatif:")
    func mergedShardsAreTheSingleRun() throws {
        try withTemporaryFolder { folder in
            try Self.scenario(whatIf: "whatif: { key: app.com.a.suspended_mb, baseline: 120 }")
                .write(to: folder.appendingPathComponent("tight.yaml"), atomically: true, encoding: .utf8)
            #expect(try suspendsim(["run", "tight.yaml", "--out", "single"], in: folder).status == 0)
            for shard in 1...3 {
                let run = try suspendsim(["run", "tight.yaml", "--shard", "\(shard)/3", "--out", "shard\(shard)"], in: folder)
                #expect(run.status == 0, "\(run.stderr)")
                #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("shard\(shard)/focus_runs.csv").path))
                #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("shard\(shard)/whatif.csv").path))
            }
            let merge = try suspendsim(["merge", "shard3", "shard1", "shard2", "--out", "merged"], in: folder)
            #expect(merge.status == 0, "\(merge.stderr)")
            #expect(merge.stdout.contains("whatif: merged/whatif.csv"))
            // One thread gives the same bytes too: the bootstrap seeds each row on its own.
            #expect(try suspendsim(["run", "tight.yaml", "--jobs", "1", "--out", "serial"], in: folder).status == 0)
            for file in ["whatif.csv", "focus_runs.csv", "summary.csv"] {
                let single = try Data(contentsOf: folder.appendingPathComponent("single/\(file)"))
                #expect(try Data(contentsOf: folder.appendingPathComponent("merged/\(file)")) == single, "\(file)")
                #expect(try Data(contentsOf: folder.appendingPathComponent("serial/\(file)")) == single, "\(file)")
            }
            // merge --baseline KEY=VALUE: another what-if of the same runs.
            let other = try suspendsim(["merge", "shard1", "shard2", "shard3", "--out", "other", "--baseline", "device.ram_mb=1536"], in: folder)
            #expect(other.status == 0, "\(other.stderr)")
            let rows = try ComparisonCommandTests.rows(folder.appendingPathComponent("other/whatif.csv"))
            #expect(rows.dropFirst().allSatisfy { $0[3] == "device.ram_mb" && $0[5] == "1536" })
        }
    }

    @Test("report DIR --baseline KEY=VALUE writes whatif.csv from focus_runs.csv; a folder without it is a usage error (exit 64) saying to rerun with a what-if")
    func reportWritesWhatIf() throws {
        try withTemporaryFolder { folder in
            let out = folder.appendingPathComponent("R")
            #expect(try suspendsim(["run"] + Self.sweep + ["--replicates", "3", "--out", out.path]).status == 0)
            let written = try Data(contentsOf: out.appendingPathComponent("whatif.csv"))
            try FileManager.default.removeItem(at: out.appendingPathComponent("whatif.csv"))
            let report = try suspendsim(["report", out.path, "--baseline", "\(Self.key)=160.149"])
            #expect(report.status == 0, "\(report.stderr)")
            #expect(try Data(contentsOf: out.appendingPathComponent("whatif.csv")) == written)
            let unknown = try suspendsim(["report", out.path, "--baseline", "\(Self.key)=99"])
            let noApp = try suspendsim(["report", out.path, "--baseline", "\(Self.key)=160.149", "--app", "com.example.none"])
            #expect(noApp.status == 64 && noApp.stderr.contains("its what-if apps are com.acme.shop"), "\(noApp.stderr)")
            #expect(unknown.status == 64 && unknown.stderr.contains("its values are 160.149, 120.149"), "\(unknown.stderr)")

            // Every app a what-if app, a random workload: run keeps the values in memory,
            // report reads focus_runs.csv back; one answer.
            let phone = folder.appendingPathComponent("Phone")
            #expect(try suspendsim(["run", "Scenarios/day-on-a-3gb-phone.yaml", "--set", "device.ram_mb=3072,4096",
                                    "--replicates", "4", "--out", phone.path]).status == 0)
            let kept = try Data(contentsOf: phone.appendingPathComponent("whatif.csv"))
            #expect(try suspendsim(["report", phone.path, "--baseline", "device.ram_mb=3072"]).status == 0)
            #expect(try Data(contentsOf: phone.appendingPathComponent("whatif.csv")) == kept)
            #expect(try ComparisonCommandTests.rows(phone.appendingPathComponent("whatif.csv")).count > 100)

            let plain = folder.appendingPathComponent("P")
            #expect(try suspendsim(["run", "Scenarios/field-calibration.yaml", "--set", "workload.gap_s=900,600", "--set", "\(Self.key)=160.149,120.149",
                                    "--replicates", "2", "--out", plain.path]).status == 0)
            let missing = try suspendsim(["report", plain.path, "--baseline", "\(Self.key)=160.149"])
            #expect(missing.status == 64, "\(missing.stderr)")
            #expect(missing.stderr.contains("rerun it with --baseline KEY=VALUE"), "\(missing.stderr)")
        }
    }
}

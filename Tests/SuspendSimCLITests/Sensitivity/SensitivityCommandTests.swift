import Foundation
import Testing

/// SPEC 39 from the command line: a variant is the batch with one `--set KEY=END`, so
/// `sensitivity.csv` is, cell for cell, the what-if of a batch that sweeps the key over the
/// run's value and the end with the run's value as the baseline (SPEC 25).
@Suite struct SensitivityCommandTests {
    /// An iPhone 15 (its per-app limit `estimated`: `device.limit_share` applies), its compressor
    /// on (iOS 18), a generated day of four hours; com.acme.app alone takes the default
    /// `cold_launch_s`, so that `app.com.acme.app.cold_launch_s` sweeps the same variant.
    static let scenario = """
        name: sens
        policy: jetsam
        device: { model: iphone-15, ios: "18.4" }
        apps:
          - { id: com.acme.app, active_mb: 900, background_mb: 700, suspended_mb: 500 }
          - { id: com.b, active_mb: 1200, background_mb: 900, suspended_mb: 600, cold_launch_s: 0.4 }
          - { id: com.c, active_mb: 1100, background_mb: 800, suspended_mb: 650, cold_launch_s: 0.4 }
          - { id: com.d, active_mb: 1000, background_mb: 700, suspended_mb: 550, cold_launch_s: 0.4 }
          - { id: com.e, active_mb: 1300, background_mb: 900, suspended_mb: 700, cold_launch_s: 0.4 }
        workload: { duration_s: 14400, dwell_s: 60, gap_s: 120 }
        replicates: 6
        """

    /// The rows of a CSV file, with quotes undone.
    static func rows(_ url: URL) throws -> [[String]] {
        try ComparisonCommandTests.rows(url)
    }

    @Test("sensitivity.csv equals the what-if of a batch sweeping the key over (the run's value, the end), for device.limit_share, device.compressor.ratio and an app key")
    func equalsTheWhatIfOfASweep() throws {
        try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("sens.yaml")
            try Self.scenario.write(to: file, atomically: true, encoding: .utf8)
            let out = folder.appendingPathComponent("S")
            let keys = "device.limit_share,device.compressor.ratio,app.*.cold_launch_s"
            let run = try suspendsim(["run", file.path, "--sensitivity-keys", keys, "--out", out.path])
            #expect(run.status == 0, "\(run.stderr)")
            // 3 keys, both ends of each differ from the value: 6 variants of 6 runs, and the batch's own 6.
            #expect(run.stdout.contains("sensitivity: \(file.path): 3 assumptions, 6 variants, 42 runs"), "\(run.stdout)")
            let table = try Self.rows(out.appendingPathComponent("sensitivity.csv"))
            #expect(table[0] == ["scenario", "policy", "assumption", "end", "assumption_value", "app", "metric", "pairs", "baseline_mean",
                                 "mean", "mean_diff", "ci_low", "ci_high", "wilcoxon_p"])
            // iPhone 15: app_limit_mb 3109 (the catalog's), its estimate 2826-3600 MB at the catalog's RAM.
            let ends: [(key: String, sweep: String, value: String, low: String, high: String)] = [
                ("device.limit_share", "device.limit_share", "3109.000", "2826.000", "3600.000"),
                ("device.compressor.ratio", "device.compressor.ratio", "2.80", "2.50", "3.90"),
                ("app.*.cold_launch_s", "app.com.acme.app.cold_launch_s", "0.400", "0.200", "2.500"),
            ]
            for key in ends {
                for (end, endValue) in [("low", key.low), ("high", key.high)] {
                    let mine = table.dropFirst().filter { $0[2] == key.key && $0[3] == end }
                    #expect(mine.allSatisfy { $0[4] == endValue }, "\(key.key) \(end)")
                    let swept = folder.appendingPathComponent("W-\(key.sweep)-\(end)")
                    let sweep = try suspendsim(["run", file.path, "--replicates", "6", "--set", "\(key.sweep)=\(key.value),\(endValue)",
                                                "--baseline", "\(key.sweep)=\(key.value)", "--out", swept.path])
                    #expect(sweep.status == 0, "\(sweep.stderr)")
                    let whatIf = try Self.rows(swept.appendingPathComponent("whatif.csv"))
                    // whatif.csv: scenario,policy,key,value,baseline, then app..wilcoxon_p.
                    #expect(whatIf.dropFirst().map { Array($0[5...13]) } == mine.map { Array($0[5...13]) }, "\(key.key) \(end)")
                    #expect(mine.count == 5 * 13 + 6)
                }
            }
        }
    }

    @Test("Bad keys are located: not an assumption, listed twice, swept, used at no point, an empty list; from --sensitivity-keys exit 64; nothing written")
    func badKeys() throws {
        try withTemporaryFolder { folder in
            let cases: [(text: String, message: String)] = [
                ("sensitivity: [device.nonsense]", "sens.yaml:12:15: sensitivity[0]: device.nonsense is not an assumption"),
                ("sensitivity: [device.compressor.ratio, device.compressor.ratio]", "sens.yaml:12:40: sensitivity[1]: device.compressor.ratio is listed twice"),
                ("sensitivity: { keys: [] }", "sens.yaml:12:22: sensitivity.keys: must list at least one key"),
                ("sensitivity: { keys: [workload.gap_s] }\nsweep: { workload.gap_s: [60, 120] }", "workload.gap_s is swept"),
                ("sensitivity: [workload.duration_s]", "workload.duration_s is used at no point"),
                ("sensitivity: [apps.typical-day]", "apps.typical-day scales the footprints of include: typical-day"),
                ("sensitivity: { replicates: 20.0 }", "sensitivity.replicates: must be a whole number from 1 to 2147483647"),
                ("sensitivity: maybe", "sensitivity: must be true, false, a list of keys or { keys, replicates }"),
            ]
            for (index, bad) in cases.enumerated() {
                let file = folder.appendingPathComponent("sens.yaml")
                try (Self.scenario + "\n" + bad.text + "\n").write(to: file, atomically: true, encoding: .utf8)
                let out = folder.appendingPathComponent("B\(index)")
                let run = try suspendsim(["run", file.path, "--out", out.path])
                #expect(run.status == 2, "\(bad.text): \(run.stderr)")
                #expect(run.stderr.contains(bad.message), "\(bad.text): \(run.stderr)")
                #expect(!FileManager.default.fileExists(atPath: out.path))
                for command in ["validate", "check"] {
                    let check = try suspendsim([command, file.path])
                    #expect(check.status == 2, "\(command), \(bad.text): \(check.stdout)")
                }
            }
            let file = folder.appendingPathComponent("sens.yaml")
            try Self.scenario.write(to: file, atomically: true, encoding: .utf8)
            for keys in ["device.nonsense", "device.compressor.ratio,device.compressor.ratio", "workload.duration_s", ""] {
                let out = folder.appendingPathComponent("C")
                let run = try suspendsim(["run", file.path, "--sensitivity-keys", keys, "--out", out.path])
                #expect(run.status == 64, "\(keys): \(run.stderr)")
                #expect(!FileManager.default.fileExists(atPath: out.path))
            }
        }
    }

    /// SPEC 39: a key is the `key` of a used row of `assumptions.csv`; the catalog figures'
    /// rows (`device.ram_mb`, `device.app_limit_mb`, `device.system_mb`) have a single value,
    /// so listing one is a key with no variant, not a refusal.
    @Test("A catalog figure listed as a key (device.ram_mb on an iPhone 15) is accepted with no variant")
    func catalogFigureKey() throws {
        try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("sens.yaml")
            try Self.scenario.write(to: file, atomically: true, encoding: .utf8)
            let assumptions = try suspendsim(["assumptions", file.path, "--csv"])
            #expect(assumptions.stdout.split(separator: "\n").contains { $0.hasPrefix("sens,jetsam,device.ram_mb,5652.000,") },
                    "\(assumptions.stdout)")
            let out = folder.appendingPathComponent("S")
            let run = try suspendsim(["run", file.path, "--sensitivity-keys", "device.ram_mb,device.compressor.ratio", "--out", out.path])
            #expect(run.status == 0, "\(run.stderr)")
            // Two keys; device.compressor.ratio's two ends run 6 runs each, beside the batch's own 6.
            #expect(run.stdout.contains("sensitivity: \(file.path): 2 assumptions, 2 variants, 18 runs"), "\(run.stdout)")
            let table = try Self.rows(out.appendingPathComponent("sensitivity.csv"))
            #expect(!table.contains { $0[2] == "device.ram_mb" })
            #expect(table.contains { $0[2] == "device.compressor.ratio" })
        }
    }

    @Test("A single run with sensitivity: pairs 1, the interval and p-value empty; its own run and the variant's in sensitivity_runs.csv")
    func singleRun() throws {
        try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("one.yaml")
            try """
                name: one
                device: { model: iphone-15, ios: "18.4" }
                apps:
                  - { id: com.a, active_mb: 1500, background_mb: 1200, suspended_mb: 1000 }
                  - { id: com.b, active_mb: 1500, background_mb: 1200, suspended_mb: 1000 }
                  - { id: com.c, active_mb: 1500, background_mb: 1200, suspended_mb: 1000 }
                events:
                  - { at: 0, open: com.a }
                  - { at: 10, open: com.b }
                  - { at: 20, open: com.c }
                sensitivity: [device.limit_share]
                """.write(to: file, atomically: true, encoding: .utf8)
            let out = folder.appendingPathComponent("O")
            let run = try suspendsim(["run", file.path, "--out", out.path])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("sensitivity: \(file.path): 1 assumption, 2 variants, 3 runs"), "\(run.stdout)")
            let table = try Self.rows(out.appendingPathComponent("sensitivity.csv"))
            // Three apps' 13 metrics and the 6 run metrics, at each end.
            #expect(table.count == 1 + 2 * (3 * 13 + 6))
            #expect(table.dropFirst().allSatisfy { $0[7] == "1" && $0[11].isEmpty && $0[12].isEmpty && $0[13].isEmpty })
            #expect(table.dropFirst().map { $0[4] } == Array(repeating: "2826.000", count: 45) + Array(repeating: "3600.000", count: 45))
            let runs = try Self.rows(out.appendingPathComponent("sensitivity_runs.csv"))
            // One row per app and one with the run metrics, for the own run and each end.
            #expect(runs.count == 1 + 3 * 4)
            #expect(runs.dropFirst().map { Array($0.prefix(3)) } == Array(repeating: ["", "", ""], count: 4)
                + Array(repeating: ["device.limit_share", "low", "2826.000"], count: 4)
                + Array(repeating: ["device.limit_share", "high", "3600.000"], count: 4))
        }
    }
}

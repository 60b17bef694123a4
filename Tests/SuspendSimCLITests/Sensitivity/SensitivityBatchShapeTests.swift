import Foundation
import Testing

/// SPEC 39 over batches of other shapes: trace users pooled (the first `R` users compared),
/// `--policy all` (a row group per policy), and a sweep whose key is used at some points only.
@Suite struct SensitivityBatchShapeTests {
    @Test("A pooled trace batch compares its first R users: variant runs of users 1 and 2 only, one row group per table point with 2 pairs")
    func traceUsersPooled() throws {
        try withTemporaryFolder { folder in
            let text = TracePoolingCommandTests.scenario(more: "sensitivity: { keys: [app.*.cold_launch_s], replicates: 2 }")
            try text.write(to: folder.appendingPathComponent("day.yaml"), atomically: true, encoding: .utf8)
            let run = try suspendsim(["run", "day.yaml", "--out", "R", "--app", "com.google.Gmail"], in: folder)
            #expect(run.status == 0, "\(run.stderr)")
            // 3 users, 1 run each; 2 variants × the first 2 users.
            #expect(run.stdout.contains("sensitivity: day.yaml: 1 assumption, 2 variants, 7 runs"), "\(run.stdout)")
            let runs = try ComparisonCommandTests.rows(folder.appendingPathComponent("R/sensitivity_runs.csv"))
            let user = try #require(runs[0].firstIndex(of: "trace.user"))
            let summary = try ComparisonCommandTests.rows(folder.appendingPathComponent("R/summary.csv"))
            let summaryUser = try #require(summary[0].firstIndex(of: "trace.user"))
            let firstTwo = Array(summary.dropFirst().map { $0[summaryUser] }.prefix(2))
            #expect(Set(runs.dropFirst().map { $0[user] }) == Set(firstTwo))
            let table = try ComparisonCommandTests.rows(folder.appendingPathComponent("R/sensitivity.csv"))
            #expect(!table[0].contains("trace.user"))
            let pairs = try #require(table[0].firstIndex(of: "pairs"))
            // Gmail's 13 metrics and the 6 run metrics at each end; hot_launch_ratio may lack a launch.
            #expect(table.count == 1 + 2 * (13 + 6))
            #expect(table.dropFirst().filter { $0[pairs] == "2" }.count >= 2 * 13)
        }
    }

    @Test("--policy all: a batch under every policy gets sensitivity.csv rows per policy, in summary.csv's order")
    func everyPolicy() throws {
        try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("sens.yaml")
            try (SensitivityCommandTests.scenario + "\nreplicates: 3\nsensitivity: [device.compressor.ratio]\n")
                .replacingOccurrences(of: "replicates: 6\n", with: "").write(to: file, atomically: true, encoding: .utf8)
            let run = try suspendsim(["run", file.path, "--policy", "all", "--out", folder.appendingPathComponent("R").path])
            #expect(run.status == 0, "\(run.stderr)")
            let table = try ComparisonCommandTests.rows(folder.appendingPathComponent("R/sensitivity.csv"))
            let summary = try ComparisonCommandTests.rows(folder.appendingPathComponent("R/summary.csv"))
            var policies: [String] = []
            for row in summary.dropFirst() where !policies.contains(row[1]) { policies.append(row[1]) }
            var seen: [String] = []
            for row in table.dropFirst() where !seen.contains(row[1]) { seen.append(row[1]) }
            // Every policy whose compressor is on (lmkd's Android device has zram: its own rows too).
            #expect(seen == policies.filter(seen.contains))
            #expect(seen.count >= 2)
        }
    }

    @Test("A key used at some points only: variants run only there (a sweep of ios where the compressor ships at some releases)")
    func keyUsedAtSomePoints() throws {
        try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("sens.yaml")
            let text = SensitivityCommandTests.scenario.replacingOccurrences(of: "replicates: 6", with: "replicates: 2")
                + "\nsensitivity: [device.compressor.ratio]\nsweep: { device.compressor.pool_mb: [0, 2048] }\n"
            try text.write(to: file, atomically: true, encoding: .utf8)
            let out = folder.appendingPathComponent("R")
            let run = try suspendsim(["run", file.path, "--out", out.path])
            #expect(run.status == 0, "\(run.stderr)")
            // pool_mb 0 turns the compressor off (SPEC 36: no compressor rows): 2 variants × 1 point × 2 replicates.
            #expect(run.stdout.contains("1 assumption, 2 variants, 8 runs"), "\(run.stdout)")
            let table = try ComparisonCommandTests.rows(out.appendingPathComponent("sensitivity.csv"))
            let column = try #require(table[0].firstIndex(of: "device.compressor.pool_mb"))
            #expect(Set(table.dropFirst().map { $0[column] }) == ["2048"])
        }
    }

    @Test("apps.typical-day's low end runs as a file with the typical day's footprints written out at 0.6 times: the same run metrics, run by run; its sensitivity.csv rows are the what-if of a sweep over (1, 0.6), cell for cell")
    func typicalDayFactorAsWrittenOut() throws {
        try withTemporaryFolder { folder in
            let head = """
                name: day
                device: { model: iphone-11, ios: "18.4" }
                workload: { duration_s: 7200, dwell_s: 60, gap_s: 120 }
                replicates: 3

                """
            let included = folder.appendingPathComponent("included.yaml")
            try (head + "apps: [{ include: typical-day }]\nsensitivity: [apps.typical-day]\n").write(to: included, atomically: true, encoding: .utf8)
            let run = try suspendsim(["run", included.path, "--out", folder.appendingPathComponent("A").path])
            #expect(run.status == 0, "\(run.stderr)")
            // The typical day's apps, each written footprint × 0.6 (SPEC 38's scaled keys), by hand.
            let list = try String(contentsOf: packageRoot.appendingPathComponent("Sources/SuspendSim/Resources/typical-day.yaml"), encoding: .utf8)
            let scaled = list.split(separator: "\n").filter { $0.hasPrefix("  - { id:") }.map { line -> String in
                var text = String(line)
                for key in ["active_mb", "background_mb", "suspended_mb", "purgeable_mb", "warning_release_mb", "compressible_mb"] {
                    guard let range = text.range(of: "\(key): ") else { continue }
                    let digits = text[range.upperBound...].prefix { $0.isNumber || $0 == "." }
                    let value = Double(digits)! * 0.6
                    text.replaceSubrange(range.upperBound..<text.index(range.upperBound, offsetBy: digits.count), with: String(format: "%.3f", value))
                }
                return text
            }
            #expect(scaled.count == 30)
            let written = folder.appendingPathComponent("written.yaml")
            try (head + "apps:\n" + scaled.joined(separator: "\n") + "\n").write(to: written, atomically: true, encoding: .utf8)
            let other = try suspendsim(["run", written.path, "--out", folder.appendingPathComponent("B").path])
            #expect(other.status == 0, "\(other.stderr)")
            let runs = try ComparisonCommandTests.rows(folder.appendingPathComponent("A/sensitivity_runs.csv"))
            let app = try #require(runs[0].firstIndex(of: "app"))
            let variant = runs.dropFirst().filter { $0[0] == "apps.typical-day" && $0[1] == "low" && $0[app].isEmpty }
            #expect(variant.map { $0[2] } == ["0.600", "0.600", "0.600"])
            let summary = try ComparisonCommandTests.rows(folder.appendingPathComponent("B/summary.csv"))
            let metrics = ["pressure_kills", "kills_per_hour", "hot_launch_ratio", "launch_wait_s", "state_losses", "min_free_mb"]
            for metric in metrics {
                let mine = try #require(runs[0].lastIndex(of: metric)), theirs = try #require(summary[0].firstIndex(of: metric))
                #expect(variant.map { $0[mine] } == summary.dropFirst().map { $0[theirs] }, "\(metric)")
            }
            // SPEC 25's what-if of the key swept over (the run's value 1, the end 0.6), baseline 1.
            let plain = folder.appendingPathComponent("plain.yaml")
            try (head + "apps: [{ include: typical-day }]\n").write(to: plain, atomically: true, encoding: .utf8)
            let swept = folder.appendingPathComponent("W")
            let sweep = try suspendsim(["run", plain.path, "--set", "apps.typical-day=1,0.6", "--baseline", "apps.typical-day=1", "--out", swept.path])
            #expect(sweep.status == 0, "\(sweep.stderr)")
            let whatIf = try ComparisonCommandTests.rows(swept.appendingPathComponent("whatif.csv"))
            let table = try ComparisonCommandTests.rows(folder.appendingPathComponent("A/sensitivity.csv"))
            // sensitivity.csv: scenario,policy,assumption,end,assumption_value, then app..wilcoxon_p; whatif.csv: scenario,policy,key,value,baseline, then the same.
            let low = table.dropFirst().filter { $0[2] == "apps.typical-day" && $0[3] == "low" }
            #expect(!low.isEmpty && whatIf.dropFirst().map { Array($0[5...13]) } == low.map { Array($0[5...13]) })
        }
    }

    @Test("A single scenario under --policy all gets no variants yet: a note names the file and the batch that varies it; the tables hold their headers only")
    func singleRunUnderEveryPolicy() throws {
        try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("one.yaml")
            try """
                name: one
                device: { model: iphone-15, ios: "18.4" }
                apps:
                  - { id: com.a, active_mb: 1500, background_mb: 1200, suspended_mb: 1000 }
                  - { id: com.b, active_mb: 1500, background_mb: 1200, suspended_mb: 1000 }
                events:
                  - { at: 0, open: com.a }
                  - { at: 10, open: com.b }
                sensitivity: [device.limit_share]
                """.write(to: file, atomically: true, encoding: .utf8)
            let out = folder.appendingPathComponent("O")
            let run = try suspendsim(["run", file.path, "--policy", "all", "--out", out.path])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.contains("note: \(file.path): sensitivity: not run for a single scenario under --policy all"), "\(run.stderr)")
            #expect(run.stderr.contains("--set policy=largest-first,"), "\(run.stderr)")
            #expect(!run.stdout.contains("sensitivity: \(file.path):"), "no plan line for a file that runs no variant: \(run.stdout)")
            #expect(try Self.lineCount(out.appendingPathComponent("sensitivity.csv")) <= 1)
        }
    }

    /// The number of lines of the file at `url`, 0 when there is none.
    private static func lineCount(_ url: URL) throws -> Int {
        guard FileManager.default.fileExists(atPath: url.path) else { return 0 }
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").count
    }
}

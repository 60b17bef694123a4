import Foundation
import Testing

/// SPEC 18: a batch of a scenario with `observed:` holds the field's counters against the
/// simulated means per run (`observed.csv`), and `check` judges `observed_within_ci` on the
/// whole batch; SPEC 17: a batch's `exits.csv` holds the exit means per run.
@Suite struct ObservedCommandTests {
    static let scenario = packageRoot.appendingPathComponent("Scenarios/field-calibration.yaml").path
    /// A quick batch of the bundled calibration: two points, 12 days each.
    static let quick = ["--replicates", "12", "--set", "workload.gap_s=900,600", "--seed", "3"]

    /// The CSV text of `data` as rows of fields (no quoting needed in these files).
    static func rows(_ data: Data?) -> [[String]] {
        String(decoding: data ?? Data(), as: UTF8.self).split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    }

    /// The field named `column` of `row` under `header`.
    static func field(_ row: [String], _ header: [String], _ column: String) -> String {
        header.firstIndex(of: column).map { row[$0] } ?? "<no \(column)>"
    }

    /// `printf("%.3f")` of a Double.
    static func fixed3(_ value: Double) -> String { String(format: "%.3f", value) }

    @Test("observed.csv: each counter's mean per run and 95 % interval equal those computed from every run's own exits.csv and survivors.csv (SPEC 18)")
    func observedMatchesTheRuns() throws {
        try withTemporaryFolder { out in
            let run = try suspendsim(["run", Self.scenario, "--details", "--out", out.path] + Self.quick)
            #expect(run.status == 0, "\(run.stderr)")
            let files = try filesUnder(out)
            let observed = Self.rows(files["observed.csv"])
            #expect(observed.first == ["scenario", "policy", "counter", "observed", "observed_ci_low", "observed_ci_high",
                                       "simulated_mean", "ci_low", "ci_high", "runs", "workload.gap_s"])
            // Every counter the file lists, in SPEC 17's order, at each point.
            let counters = ["foreground_memory_resource_limit", "background_memory_pressure", "background_memory_resource_limit",
                            "background_app_watchdog", "background_task_assertion_timeout", "background_fetch_completion_timeout",
                            "background_normal", "cold_launches", "resumes", "foreground_s", "background_s"]
            #expect(observed.dropFirst().map { $0[2] } == counters + counters)
            let header = observed[0]
            // The seconds have no field interval (SPEC 26); their simulated side is checked in
            // FieldUsageCommandTests against the runs' MetricKit payloads.
            for row in observed.dropFirst() where row[2].hasSuffix("_s") {
                #expect(Self.field(row, header, "observed_ci_low").isEmpty && Self.field(row, header, "observed_ci_high").isEmpty)
            }
            for row in observed.dropFirst() where !row[2].hasSuffix("_s") {
                let gap = Self.field(row, header, "workload.gap_s")
                // The same counter, run by run, from the report folders --details wrote.
                var values: [Double] = []
                for replicate in 0..<12 {
                    let folder = "field-calibration/workload.gap_s=\(gap)/replicate-\(replicate)/"
                    let exits = Self.rows(files[folder + "exits.csv"])
                    let survivors = Self.rows(files[folder + "survivors.csv"])
                    let counter = row[2]
                    if counter == "cold_launches" || counter == "resumes" {
                        let app = survivors.first { $0.first == "com.acme.shop" } ?? []
                        values.append(Double(Self.field(app, survivors[0], counter == "cold_launches" ? "cold_launches" : "warm_launches")) ?? .nan)
                    } else {
                        let app = exits.first { $0.first == "com.acme.shop" } ?? []
                        values.append(Double(Self.field(app, exits[0], counter)) ?? .nan)
                    }
                }
                let mean = values.reduce(0, +) / 12
                let sd = (values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / 11).squareRoot()
                let half = 1.959963984540054 * sd / 12.0.squareRoot()
                #expect(Self.field(row, header, "simulated_mean") == Self.fixed3(mean), "\(row)")
                #expect(Self.field(row, header, "ci_low") == Self.fixed3(mean - half), "\(row)")
                #expect(Self.field(row, header, "ci_high") == Self.fixed3(mean + half), "\(row)")
                #expect(Self.field(row, header, "runs") == "12")
            }
            // The observed values are the file's, with 3 decimals.
            #expect(observed[2][3] == "0.800" && observed[8][3] == "1.500" && observed[9][3] == "4.900")
            // The app's background memory-pressure exits vary in this batch: a real interval.
            #expect(observed.dropFirst().contains { $0[2] == "background_memory_pressure" && $0[7] != $0[8] })
            // The field's 0.8 a day over 10 days is 8 exits: Garwood's 3.4538 to 15.7632, over 10.
            #expect(observed[2][4] == "0.345" && observed[2][5] == "1.576")
        }
    }

    @Test("A batch's exits.csv holds each app's exit means per run and its mean launch wait, equal to the runs' own files (SPEC 17)")
    func batchExitsMatchTheRuns() throws {
        try withTemporaryFolder { out in
            let run = try suspendsim(["run", Self.scenario, "--details", "--out", out.path] + Self.quick)
            #expect(run.status == 0, "\(run.stderr)")
            let files = try filesUnder(out)
            let exits = Self.rows(files["exits.csv"])
            let header = exits[0]
            #expect(header == ["scenario", "policy", "app", "runs", "foreground_memory_resource_limit", "foreground_memory_pressure",
                               "background_memory_pressure", "background_memory_resource_limit", "background_app_watchdog",
                               "background_task_assertion_timeout", "background_fetch_completion_timeout", "background_normal",
                               "user_force_quit", "mean_launch_wait_s", "workload.gap_s"])
            #expect(exits.count == 1 + 2 * 12)
            for row in exits.dropFirst() {
                let gap = Self.field(row, header, "workload.gap_s")
                for column in header[4..<13] {
                    var total = 0
                    var wait = 0.0
                    for replicate in 0..<12 {
                        let folder = "field-calibration/workload.gap_s=\(gap)/replicate-\(replicate)/"
                        let own = Self.rows(files[folder + "exits.csv"])
                        total += Int(Self.field(own.first { $0.first == row[2] } ?? [], own[0], column)) ?? -1000
                        let survivors = Self.rows(files[folder + "survivors.csv"])
                        wait += Double(Self.field(survivors.first { $0.first == row[2] } ?? [], survivors[0], "launch_wait_s")) ?? .nan
                    }
                    #expect(Self.field(row, header, column) == Self.fixed3(Double(total) / 12), "\(row[2]) \(column)")
                    #expect(Self.field(row, header, "mean_launch_wait_s") == Self.fixed3(wait / 12), "\(row[2])")
                }
            }
            // Some app was killed for memory pressure in the background: the means are not all 0.
            #expect(exits.dropFirst().contains { Self.field($0, header, "background_memory_pressure") != "0.000" })
        }
    }

    @Test("Sharded, then merged: exits.csv and observed.csv are the unsharded run's bytes; a scenario without observed: writes no observed.csv")
    func shardsMergeToTheSameBytes() throws {
        try withTemporaryFolder { folder in
            let whole = folder.appendingPathComponent("whole")
            #expect(try suspendsim(["run", Self.scenario, "--out", whole.path] + Self.quick).status == 0)
            for shard in 1...3 {
                let run = try suspendsim(["run", Self.scenario, "--shard", "\(shard)/3", "--out", folder.appendingPathComponent("s\(shard)").path] + Self.quick)
                #expect(run.status == 0, "\(run.stderr)")
            }
            let merged = folder.appendingPathComponent("merged")
            let merge = try suspendsim(["merge"] + (1...3).map { folder.appendingPathComponent("s\($0)").path } + ["--out", merged.path])
            #expect(merge.status == 0, "\(merge.stderr)")
            let expected = try filesUnder(whole)
            // focus.csv: the observed app, which the batch page draws against the sweep (SPEC 19).
            // focus_runs.csv and whatif.csv: the batch sweeps one key (SPEC 25); assumptions.csv (SPEC 36).
            #expect(expected.keys.sorted() == ["assumptions.csv", "exits.csv", "focus.csv", "focus_runs.csv", "observed.csv", "summary.csv", "survival.csv", "whatif.csv"])
            #expect(String(decoding: expected["focus.csv"] ?? Data(), as: UTF8.self) == "app\nfield-calibration/com.acme.shop\n")
            #expect(try filesUnder(merged) == expected)

            let day = folder.appendingPathComponent("day")
            #expect(try suspendsim(["run", "Scenarios/day-on-a-3gb-phone.yaml", "--replicates", "2", "--out", day.path]).status == 0)
            #expect(try filesUnder(day).keys.sorted() == ["assumptions.csv", "exits.csv", "summary.csv", "survival.csv"])
        }
    }

    /// The bundled calibration with `expect: { observed_within_ci: true }` and `observed` set
    /// to `value` background memory-pressure exits a day.
    static func calibrated(_ folder: URL, backgroundMemoryPressure value: String) throws -> URL {
        var text = try String(contentsOfFile: scenario, encoding: .utf8)
        text = text.replacingOccurrences(of: "  background_memory_pressure: 0.8\n", with: "  background_memory_pressure: \(value)\n")
        text += "expect:\n  observed_within_ci: true\n"
        let file = folder.appendingPathComponent("calibrated.yaml")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test("check runs the whole batch for observed_within_ci: a result per point, file:line on each failed counter, the same bytes at --jobs 1 and 2")
    func checkJudgesEveryPoint() throws {
        try withTemporaryFolder { folder in
            let file = try Self.calibrated(folder, backgroundMemoryPressure: "9")
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            let line = (lines.firstIndex { $0.hasPrefix("  observed_within_ci") } ?? -1) + 1
            let one = try suspendsim(["check", file.path, "--jobs", "1", "--junit", folder.appendingPathComponent("one.xml").path])
            let two = try suspendsim(["check", file.path, "--jobs", "2", "--junit", folder.appendingPathComponent("two.xml").path])
            #expect(one.status == 1)
            #expect(one.stdout == two.stdout)
            #expect(try Data(contentsOf: folder.appendingPathComponent("one.xml")) == Data(contentsOf: folder.appendingPathComponent("two.xml")))
            // Five points of 100 runs each, each judged.
            #expect(one.stdout.contains("0 of 5 runs as expected."))
            #expect(one.stdout.contains("FAIL field-calibration {workload.gap_s=900} [jetsam]"))
            #expect(one.stdout.contains("\(file.path):\(line): expect.observed_within_ci: background_memory_pressure observed 9.000 a day (field interval 7.237..11.063 over 10 days) does not meet the simulated interval"))
            let junit = try String(contentsOf: folder.appendingPathComponent("one.xml"), encoding: .utf8)
            #expect(junit.components(separatedBy: "<testcase ").count - 1 == 5)
        }
    }

    @Test("check passes observed_within_ci where the field's counters lie inside every point's interval")
    func checkPassesInsideTheInterval() throws {
        try withTemporaryFolder { folder in
            // Only the counters that are 0 in the field and in every run: inside [0, 0] everywhere.
            var text = try String(contentsOfFile: Self.scenario, encoding: .utf8)
            for counter in ["background_memory_pressure: 0.8", "cold_launches: 1.5", "resumes: 4.9"] {
                text = text.replacingOccurrences(of: "  \(counter)\n", with: "")
            }
            text += "expect:\n  observed_within_ci: true\n"
            let file = folder.appendingPathComponent("zeros.yaml")
            try text.write(to: file, atomically: true, encoding: .utf8)
            let run = try suspendsim(["check", file.path])
            #expect(run.status == 0, "\(run.stdout)")
            #expect(run.stdout.contains("5 of 5 runs as expected."))
            #expect(run.stdout.contains("ok   field-calibration {workload.gap_s=2400} [jetsam]"))
        }
    }

    @Test("Bad observed: blocks are located errors (exit 2)", arguments: [
        ("  app: com.acme.shop\n", "  app: com.acme.nope\n", "observed.app"),
        ("  days: 10\n", "  days: 0\n", "observed.days: must be a whole number of days from 1 to 2147483647"),
        ("  days: 10\n", "  days: 10\n  exit_days: 11\n", "observed.exit_days: must be at most observed.days (10)"),
        ("  days: 10\n", "  days: 10\n  launch_days: 0\n", "observed.launch_days: must be a whole number of days from 1 to 2147483647"),
        ("  days: 10\n", "  days: 10\n  exit_days: 2.5\n", "observed.exit_days: must be a whole number of days from 1 to 2147483647"),
        ("  resumes: 4.9\n", "  resumes: 4.9001\n", "observed.resumes: must be a number of exits or launches per day, 0 or more, with at most 3 decimals"),
        ("  resumes: 4.9\n", "  resumes: -1\n", "observed.resumes: must be a number of exits or launches per day"),
        ("  resumes: 4.9\n", "  resumes: 4.9\n  crashes: 2\n", "observed.crashes: unknown key 'crashes'"),
    ])
    func badObserved(original: String, replacement: String, message: String) throws {
        try withTemporaryFolder { folder in
            let text = try String(contentsOfFile: Self.scenario, encoding: .utf8).replacingOccurrences(of: original, with: replacement)
            let file = folder.appendingPathComponent("bad.yaml")
            try text.write(to: file, atomically: true, encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let line = (lines.firstIndex { $0.hasPrefix(replacement.split(separator: "\n").last.map(String.init) ?? "") } ?? -1) + 1
            let run = try suspendsim(["validate", file.path])
            #expect(run.status == 2)
            #expect(run.stderr.contains(message), "\(run.stderr)")
            #expect(run.stderr.contains("\(file.path):\(line):"), "\(run.stderr)")
        }
    }
}

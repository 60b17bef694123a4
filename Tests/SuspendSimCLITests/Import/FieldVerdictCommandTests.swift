import Foundation
import Testing

/// SPEC 26 "Usage", "A verdict" and SPEC 27: a batch with `observed:` compares the field's
/// seconds with the runs', prints which points match the field after the run lines (and shows
/// it at the top of its page), and warns once when its runs do not last a day.
@Suite struct FieldVerdictCommandTests {
    static let scenario = ObservedCommandTests.scenario
    /// Two points of 6 days each, each run a whole day.
    static let day = ["--replicates", "6", "--set", "workload.gap_s=900,600", "--set", "end_s=86400", "--seed", "3"]

    @Test("The verdict follows the run lines on stdout, and the page shows it first; a day-long run gives no warning")
    func verdictPrinted() throws {
        try withTemporaryFolder { out in
            let run = try suspendsim(["run", Self.scenario, "--out", out.path, "--html"] + Self.day)
            #expect(run.status == 0, "\(run.stderr)")
            let lines = run.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first?.hasPrefix("field-calibration: 12 runs") == true)
            #expect(lines.dropFirst().first?.hasPrefix("verdict: field-calibration: ") == true, "\(run.stdout)")
            #expect(!run.stderr.contains("not a day"), "\(run.stderr)")
            let page = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
            let verdict = String(lines[1].dropFirst("verdict: ".count))
            #expect(page.contains("id=\"field-verdict\""))
            #expect(page.contains(verdict.replacingOccurrences(of: "'", with: "&#39;")) || page.contains(verdict), "\(verdict)")
        }
    }

    @Test("No point matches a field of 9 exits a day: the verdict names the best point, the counter furthest off and its distance")
    func noPointMatches() throws {
        try withTemporaryFolder { folder in
            let file = try ObservedCommandTests.calibrated(folder, backgroundMemoryPressure: "9")
            let run = try suspendsim(["run", file.path, "--out", folder.appendingPathComponent("out").path] + Self.day)
            #expect(run.status == 0, "\(run.stderr)")
            let verdict = run.stdout.split(separator: "\n").first { $0.hasPrefix("verdict: ") }.map(String.init) ?? ""
            #expect(verdict.hasPrefix("verdict: field-calibration: no point matches the field; closest: jetsam, workload.gap_s="), "\(verdict)")
            #expect(verdict.contains(", end_s=86400, where background_memory_pressure is furthest off, "), "\(verdict)")
            #expect(verdict.hasSuffix(" intervals apart"))
        }
    }

    @Test("Runs shorter than a day: one warning naming the run length, whatever the number of points")
    func runLengthWarning() throws {
        try withTemporaryFolder { out in
            let day = try suspendsim(["run", Self.scenario, "--out", out.path, "--replicates", "2", "--set", "workload.gap_s=900,600"])
            #expect(day.status == 0 && !day.stderr.contains("not a day"), "the bundled calibration lasts a day: \(day.stderr)")
            let run = try suspendsim(["run", Self.scenario, "--out", out.path, "--replicates", "2", "--set", "workload.gap_s=900,600",
                                      "--set", "end_s=57600"])
            #expect(run.status == 0, "\(run.stderr)")
            let warnings = run.stderr.split(separator: "\n").filter { $0.contains("not a day") }
            #expect(warnings == ["warning: field-calibration: its runs last 57600 s, not a day (86400 s): observed: holds the field's counts per day, "
                + "and observed.csv compares them with counts per run; give the scenario end_s: 86400, or a workload of that length (SPEC 27)"])
        }
    }

    @Test("observed.csv's foreground_s and background_s: the means per run of the runs' own cumulativeForegroundTime and cumulativeBackgroundTime")
    func usageSeconds() throws {
        try withTemporaryFolder { out in
            let run = try suspendsim(["run", Self.scenario, "--out", out.path, "--details", "--metrickit"] + Self.day)
            #expect(run.status == 0, "\(run.stderr)")
            let files = try filesUnder(out)
            let observed = ObservedCommandTests.rows(files["observed.csv"])
            let header = observed[0]
            for row in observed.dropFirst() where row[2].hasSuffix("_s") {
                let gap = ObservedCommandTests.field(row, header, "workload.gap_s")
                let key = row[2] == "foreground_s" ? "cumulativeForegroundTime" : "cumulativeBackgroundTime"
                var seconds: [Double] = []
                for replicate in 0..<6 {
                    let path = "field-calibration/workload.gap_s=\(gap)/end_s=86400/replicate-\(replicate)/metrickit/com.acme.shop.json"
                    let json = try #require(files[path].flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }, "\(files.keys.filter { $0.contains("metrickit") }.prefix(3))")
                    let times = json["applicationTimeMetrics"] as? [String: Any]
                    let text = (times?[key] as? String) ?? "0 sec"
                    seconds.append((Double(text.split(separator: " ")[0]) ?? .nan).rounded(.toNearestOrAwayFromZero))
                }
                #expect(ObservedCommandTests.field(row, header, "simulated_mean") == ObservedCommandTests.fixed3(seconds.reduce(0, +) / 6), "\(row)")
                #expect(ObservedCommandTests.field(row, header, "observed") == (row[2] == "foreground_s" ? "2070.000" : "420.000"))
                #expect(ObservedCommandTests.field(row, header, "observed_ci_low").isEmpty)
            }
        }
    }
}

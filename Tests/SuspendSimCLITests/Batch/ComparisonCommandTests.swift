import Foundation
import Testing

/// SPEC 21 from the command line: trace users as samples, groups.csv and paired.csv.
@Suite struct ComparisonCommandTests {
    static func traceScenario() -> String {
        """
        name: lsapp
        device: { ram_mb: 2048 }
        apps: [{ id: com.google.Gmail, trace_name: Gmail, active_mb: 150 }]
        trace: { file: \(packageRoot.appendingPathComponent("Tests/Data/trace/lsapp-sample.tsv").path), user: all, default_app: { active_mb: 300, suspended_mb: 120 } }

        """
    }

    /// The rows of a CSV file as fields (no quoted commas in these files).
    static func rows(_ url: URL) throws -> [[String]] {
        try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    }

    @Test("A batch over trace users writes groups.csv and paired.csv by default: groups by policy and RAM, users as samples, pairs by user")
    func traceUsersAreSamples() throws {
        try withTemporaryFolder { folder in
            try Self.traceScenario().write(to: folder.appendingPathComponent("lsapp.yaml"), atomically: true, encoding: .utf8)
            let run = try suspendsim(["run", "lsapp.yaml", "--set", "policy=lru,jetsam", "--set", "device.ram_mb=1024,2048", "--out", "R"], in: folder)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("groups: R/groups.csv") && run.stdout.contains("paired: R/paired.csv"))
            let groups = try Self.rows(folder.appendingPathComponent("R/groups.csv"))
            #expect(Array(groups[0].prefix(5)) == ["policy", "device.ram_mb", "runs", "pressure_kills_mean", "pressure_kills_ci_low"])
            #expect(groups.count == 1 + 4)
            #expect(groups.dropFirst().allSatisfy { $0[2] == "3" })   // the three users
            let paired = try Self.rows(folder.appendingPathComponent("R/paired.csv"))
            #expect(paired[0] == ["device.ram_mb", "policy", "baseline", "metric", "pairs", "mean_diff", "ci_low", "ci_high", "wilcoxon_p",
                                  "wilcoxon_method", "p_holm", "ratio", "ratio_ci_low", "ratio_ci_high"])
            // Two RAM sizes × one other policy × six metrics; lru is first, so the baseline.
            #expect(paired.count == 1 + 2 * 6)
            #expect(paired.dropFirst().allSatisfy { $0[1] == "jetsam" && $0[2] == "lru" && $0[4] == "3" })
            #expect(paired.dropFirst().map { $0[3] }.prefix(6) == ["pressure_kills", "kills_per_hour", "hot_launch_ratio", "launch_wait_s", "state_losses", "min_free_mb"])
        }
    }

    @Test("groups.csv: each group's mean and Student interval are those of its runs' summary.csv cells")
    func groupStatisticsFromTheSummary() throws {
        try withTemporaryFolder { folder in
            let out = folder.appendingPathComponent("R")
            let run = try suspendsim(["run", "Scenarios/field-calibration.yaml", "--replicates", "6", "--set", "workload.gap_s=900",
                                      "--set", "policy=jetsam,lru", "--by", "policy", "--baseline", "lru", "--out", out.path])
            #expect(run.status == 0, "\(run.stderr)")
            let summary = try Self.rows(out.appendingPathComponent("summary.csv"))
            let groups = try Self.rows(out.appendingPathComponent("groups.csv"))
            let column = summary[0].firstIndex(of: "launch_wait_s")!
            let jetsam = summary.dropFirst().filter { $0[1] == "jetsam" }.map { Double($0[column])! }
            let mean = jetsam.reduce(0, +) / 6
            let s = (jetsam.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / 5).squareRoot()
            let half = 2.5705818356363146 * s / 6.0.squareRoot()   // t(0.975, 5), SciPy
            let row = try #require(groups.first { $0[0] == "jetsam" })
            let at = groups[0].firstIndex(of: "launch_wait_s_mean")!
            #expect(row[at] == String(format: "%.3f", mean))
            #expect(row[at + 1] == String(format: "%.3f", mean - half))
            #expect(row[at + 2] == String(format: "%.3f", mean + half))
            // --baseline lru: jetsam is compared with lru.
            let paired = try Self.rows(out.appendingPathComponent("paired.csv"))
            #expect(paired.dropFirst().allSatisfy { $0[0] == "jetsam" && $0[1] == "lru" && $0[3] == "6" })
        }
    }

    @Test("Bad --by and --baseline are usage errors (exit 64) listing the keys or policies there are; nothing is run", arguments: [
        (["--by", "polcy"], "--by: unknown key 'polcy'; the keys are scenario, policy, workload.gap_s"),
        (["--by", "policy,policy"], "--by: 'policy' is given twice"),
        (["--by", "policy", "--baseline", "fifo"], "--baseline: 'fifo' is not a policy of the batch; its policies are jetsam"),
    ])
    func badKeys(arguments: [String], message: String) throws {
        try withTemporaryFolder { folder in
            let run = try suspendsim(["run", "Scenarios/field-calibration.yaml", "--replicates", "2", "--out", folder.path] + arguments)
            #expect(run.status == 64)
            #expect(run.stderr.contains(message), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("summary.csv").path))
        }
    }

    @Test("Shards write neither file; merge writes them as run does for the whole batch")
    func shardsAndMerge() throws {
        try withTemporaryFolder { folder in
            try Self.traceScenario().write(to: folder.appendingPathComponent("lsapp.yaml"), atomically: true, encoding: .utf8)
            let options = ["--set", "policy=lru,jetsam"]
            #expect(try suspendsim(["run", "lsapp.yaml", "--out", "whole"] + options, in: folder).status == 0)
            for shard in 1...2 {
                let run = try suspendsim(["run", "lsapp.yaml", "--shard", "\(shard)/2", "--out", "s\(shard)"] + options, in: folder)
                #expect(run.status == 0, "\(run.stderr)")
                #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("s\(shard)/groups.csv").path))
            }
            let merge = try suspendsim(["merge", "s1", "s2", "--out", "merged"], in: folder)
            #expect(merge.status == 0, "\(merge.stderr)")
            for file in ["groups.csv", "paired.csv"] {
                #expect(try Data(contentsOf: folder.appendingPathComponent("merged/\(file)")) == Data(contentsOf: folder.appendingPathComponent("whole/\(file)")))
            }
        }
    }
}

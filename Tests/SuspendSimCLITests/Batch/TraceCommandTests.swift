import Foundation
import Testing
import SuspendSimCore

/// SPEC 13 from the command line: a usage trace's users swept with `--set trace.user`.
@Suite struct TraceCommandTests {
    static func scenario(user: String) -> String {
        """
        name: lsapp
        device: { ram_mb: 2048 }
        apps: [{ id: com.google.Gmail, trace_name: Gmail, active_mb: 150 }]
        trace: { file: \(packageRoot.appendingPathComponent("Tests/Data/trace/lsapp-sample.tsv").path), user: \(user), default_app: { active_mb: 300, suspended_mb: 120 } }

        """
    }

    @Test("--set trace.user=all runs every user of the trace, in order of first appearance, under every policy")
    func allUsers() throws {
        try withTemporaryFolder { folder in
            try Self.scenario(user: "1").write(to: folder.appendingPathComponent("lsapp.yaml"), atomically: true, encoding: .utf8)
            let run = try suspendsim(["run", "lsapp.yaml", "--set", "trace.user=all", "--policy", "all", "--out", "R"], in: folder)
            #expect(run.status == 0, "\(run.stderr)")
            let summary = try String(contentsOf: folder.appendingPathComponent("R/summary.csv"), encoding: .utf8)
            let users = summary.split(separator: "\n").dropFirst().map { $0.split(separator: ",").last.map(String.init) ?? "" }
            #expect(users == ["1", "2", "3"].flatMap { Array(repeating: $0, count: BuiltInPolicies.names.count) })
            #expect(summary.hasPrefix("scenario,policy,seed,replicate,apps,events,cold_launches,warm_launches,hot_launch_ratio,pressure_kills,state_losses,min_free_mb,launch_wait_s,duration_s,kills_per_hour,launch_wait_p50_s,launch_wait_p95_s,kills_per_use_hour,freezes,thaws,frozen_mb_written,trace.user\n"))
        }
    }

    @Test("user: all in the file is the same sweep")
    func allUsersInTheFile() throws {
        try withTemporaryFolder { folder in
            try Self.scenario(user: "all").write(to: folder.appendingPathComponent("lsapp.yaml"), atomically: true, encoding: .utf8)
            let run = try suspendsim(["run", "lsapp.yaml", "--out", "R"], in: folder)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.hasPrefix("lsapp: 3 runs (3 points x 1 replicate)"))
        }
    }

    @Test("An unknown user on the command line is a command-line mistake (exit 64)")
    func unknownUser() throws {
        try withTemporaryFolder { folder in
            try Self.scenario(user: "1").write(to: folder.appendingPathComponent("lsapp.yaml"), atomically: true, encoding: .utf8)
            let run = try suspendsim(["run", "lsapp.yaml", "--set", "trace.user=99", "--out", "R"], in: folder)
            #expect(run.status == 64)
            #expect(run.stderr.contains("no record of user '99'"))
        }
    }
}

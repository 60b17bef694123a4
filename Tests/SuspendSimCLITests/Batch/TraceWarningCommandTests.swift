import Foundation
import Testing

/// SPEC 13 from the command line: `validate` and `run` warn on stderr about an app whose
/// `trace_name` matches no `app_name` of the trace, naming the nearest; the exit status and
/// the reports are as ever.
@Suite struct TraceWarningCommandTests {
    /// The sample trace's users, with Spotify named as `traceName`.
    static func scenario(traceName: String) -> String {
        """
        name: lsapp
        device: { ram_mb: 2048 }
        apps:
          - { id: com.google.Gmail, trace_name: Gmail, active_mb: 150 }
          - { id: com.spotify.music, trace_name: \(traceName), active_mb: 260, suspended_mb: 150 }
        trace: { file: \(packageRoot.appendingPathComponent("Tests/Data/trace/lsapp-sample.tsv").path), user: all, default_app: { active_mb: 300, suspended_mb: 120 } }

        """
    }

    static let warning = "warning: lsapp.yaml:5:42: apps[1].trace_name: 'Spotify' matches no app_name of the trace "

    @Test("validate: the file is valid (exit 0, stdout as ever) and stderr names the trace_name and the nearest app name")
    func validateWarns() throws {
        try withTemporaryFolder { folder in
            try Self.scenario(traceName: "Spotify").write(to: folder.appendingPathComponent("lsapp.yaml"), atomically: true, encoding: .utf8)
            let run = try suspendsim(["validate", "lsapp.yaml"], in: folder)
            #expect(run.status == 0)
            #expect(run.stdout.hasPrefix("valid lsapp.yaml: lsapp,"))
            #expect(run.stderr.hasPrefix(Self.warning), "\(run.stderr)")
            #expect(run.stderr.hasSuffix(", so com.spotify.music gets none of its rows; nearest app name there: 'Spotify Music'\n"))
            #expect(run.stderr.split(separator: "\n").count == 1)
        }
    }

    @Test("run: the warning once for a batch of three users, exit 0; the app gets no rows, whatever its unmatched trace_name")
    func runWarns() throws {
        try withTemporaryFolder { folder in
            try Self.scenario(traceName: "Spotify").write(to: folder.appendingPathComponent("lsapp.yaml"), atomically: true, encoding: .utf8)
            let run = try suspendsim(["run", "lsapp.yaml", "--out", "R"], in: folder)
            #expect(run.status == 0)
            #expect(run.stderr.hasPrefix(Self.warning) && run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
            // Another trace_name that matches nothing (Qwertz, close to no app name) writes the same
            // bytes: the warning is on stderr only.
            try Self.scenario(traceName: "Qwertz").write(to: folder.appendingPathComponent("lsapp.yaml"), atomically: true, encoding: .utf8)
            let other = try suspendsim(["run", "lsapp.yaml", "--out", "Q"], in: folder)
            #expect(other.stderr.contains("'Qwertz' matches no app_name") && other.stderr.contains("none of its 8 app names is close"))
            let summary = try Data(contentsOf: folder.appendingPathComponent("R/summary.csv"))
            #expect(summary == (try Data(contentsOf: folder.appendingPathComponent("Q/summary.csv"))))
        }
    }

    @Test("No warning when every trace_name is an app_name of the trace")
    func matchedNamesAreSilent() throws {
        try withTemporaryFolder { folder in
            try Self.scenario(traceName: "Spotify Music").write(to: folder.appendingPathComponent("lsapp.yaml"), atomically: true, encoding: .utf8)
            for arguments in [["validate", "lsapp.yaml"], ["run", "lsapp.yaml", "--out", "R"]] {
                let run = try suspendsim(arguments, in: folder)
                #expect(run.status == 0 && run.stderr.isEmpty, "\(arguments): \(run.stderr)")
            }
        }
    }
}

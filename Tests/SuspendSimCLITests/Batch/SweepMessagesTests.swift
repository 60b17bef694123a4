import Foundation
import Testing

/// What a user who sweeps meets when something is off: one located message per mistake, and a
/// warning where an option cannot do what it says (SPEC 14, 20).
@Suite struct SweepMessagesTests {
    static let calibration = packageRoot.appendingPathComponent("Scenarios/field-calibration.yaml").path

    @Test("An unknown app in a file's sweep: is located at its line, once, however many values (exit 2)")
    func unknownAppInTheFilesSweep() throws {
        try withTemporaryFolder { folder in
            let text = try String(contentsOfFile: Self.calibration, encoding: .utf8)
                .replacingOccurrences(of: "  workload.gap_s: [2400, 1800, 1200, 900, 600]", with: "  app.com.nope.suspended_mb: [1, 2, 3]")
            let file = folder.appendingPathComponent("sweep.yaml")
            try text.write(to: file, atomically: true, encoding: .utf8)
            let line = (text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("app.com.nope") } ?? -1) + 1
            let run = try suspendsim(["run", file.path, "--out", folder.appendingPathComponent("out").path])
            #expect(run.status == 2)
            let message = "\(file.path):\(line): app.com.nope.suspended_mb: unknown app 'com.nope'"
            #expect(run.stderr.components(separatedBy: message).count - 1 == 1, "\(run.stderr)")
        }
    }

    @Test("Two sweep values of one point are refused before anything runs: a file's is bad input (exit 2, located), --set's a usage error (exit 64); nothing is written (SPEC 35)")
    func onePointTwice() throws {
        try withTemporaryFolder { folder in
            let text = try String(contentsOfFile: Self.calibration, encoding: .utf8)
                .replacingOccurrences(of: "  workload.gap_s: [2400, 1800, 1200, 900, 600]", with: "  workload.gap_s: [2400, 1800, 2400.0]")
            let file = folder.appendingPathComponent("sweep.yaml")
            try text.write(to: file, atomically: true, encoding: .utf8)
            let line = (text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("workload.gap_s: [") } ?? -1) + 1
            let out = folder.appendingPathComponent("out")
            let run = try suspendsim(["run", file.path, "--out", out.path])
            #expect(run.status == 2)
            #expect(run.stderr.contains("\(file.path):\(line):32: sweep.workload.gap_s[2]: value '2400.0' is the same number as '2400' (value 1)"),
                    "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out.path))
            let set = try suspendsim(["run", Self.calibration, "--set", "device.compressor.ratio=2.8,2.80", "--out", out.path])
            #expect(set.status == 64)
            #expect(set.stderr.contains("value '2.80' is the same number as '2.8'"), "\(set.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out.path))
        }
    }

    @Test("An unknown app in --set is reported once for the option, not once per value (exit 64)")
    func unknownAppInSetOnce() throws {
        try withTemporaryFolder { folder in
            let run = try suspendsim(["run", "Scenarios/photo-editor.yaml", "--set", "app.com.nope.suspended_mb=1,2,3",
                                      "--out", folder.path])
            #expect(run.status == 64)
            #expect(run.stderr.components(separatedBy: "unknown app 'com.nope'").count - 1 == 1, "\(run.stderr)")
            #expect(run.stderr.contains("(from --set app.com.nope.suspended_mb)"))
        }
    }

    @Test("--replicates on a scenario without randomness warns on stderr and runs it once (SPEC 20)")
    func replicatesWithoutRandomness() throws {
        try withTemporaryFolder { folder in
            let run = try suspendsim(["run", "Scenarios/state-lab.yaml", "--replicates", "100", "--out", folder.path])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.contains("warning: Scenarios/state-lab.yaml: --replicates 100 on a scenario without randomness"))
            let summary = try String(contentsOf: folder.appendingPathComponent("summary.csv"), encoding: .utf8)
            #expect(summary.split(separator: "\n").count == 2)
            // A scenario with a workload takes the replicates, without a warning (runs of a day:
            // a calibration's shorter runs would be warned about, SPEC 27).
            let batch = try suspendsim(["run", Self.calibration, "--replicates", "2", "--set", "workload.gap_s=900", "--set", "end_s=86400",
                                        "--out", folder.appendingPathComponent("b").path])
            #expect(batch.status == 0)
            #expect(!batch.stderr.contains("warning"))
        }
    }
}

import Foundation
import Testing

/// SPEC 9: an option several commands share (`--jobs`, `--by`, `--baseline`) is one option
/// group, checked the same way in every command that has it: a bad value is a usage error
/// (exit 64) with the same message.
@Suite struct SharedOptionsTests {
    @Test("--jobs 0 is refused alike by every command that has it", arguments: [
        ["run", "Scenarios/state-lab.yaml", "--out", "/nonexistent/out"], ["check", "Scenarios/state-lab.yaml"],
        ["validate", "Scenarios/state-lab.yaml"], ["report", "Reports-none"],
    ])
    func jobs(_ command: [String]) throws {
        let run = try suspendsim(command + ["--jobs", "0"], in: packageRoot)
        #expect(run.status == 64)
        #expect(run.stderr.contains("--jobs must be at least 1, got 0."), "\(run.stderr)")
    }

    /// Two `--baseline` options of one kind, and the start of the message that refuses them.
    static let twoBaselines: [(options: [String], message: String)] = [
        (["--baseline", "lru", "--baseline", "jetsam"], "--baseline jetsam: a baseline policy is already given (lru)."),
        (["--baseline", "device.ram_mb=2048", "--baseline", "end_s=60"],
         "--baseline end_s=60: a what-if is already given (--baseline device.ram_mb=2048); a batch has one."),
    ]

    @Test("Two baseline policies, or two what-ifs, are refused alike by run, merge and report", arguments: [
        ["run", "Scenarios/state-lab.yaml", "--out", "/nonexistent/out"], ["merge", "a", "b", "--out", "/nonexistent/out"],
        ["report", "Reports-none"],
    ], 0..<2)
    func baselines(_ command: [String], _ index: Int) throws {
        let given = Self.twoBaselines[index]
        let run = try suspendsim(command + given.options, in: packageRoot)
        #expect(run.status == 64)
        #expect(run.stderr.contains(given.message), "\(run.stderr)")
    }
}

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

    @Test("Two baseline policies are refused alike by run, merge and report", arguments: [
        ["run", "Scenarios/state-lab.yaml", "--out", "/nonexistent/out"], ["merge", "a", "b", "--out", "/nonexistent/out"],
        ["report", "Reports-none"],
    ])
    func baselines(_ command: [String]) throws {
        let run = try suspendsim(command + ["--baseline", "lru", "--baseline", "jetsam"], in: packageRoot)
        #expect(run.status == 64)
        #expect(run.stderr.contains("--baseline jetsam: a baseline policy is already given (lru)."), "\(run.stderr)")
    }

    @Test("Two what-ifs are refused alike by run, merge and report", arguments: [
        ["run", "Scenarios/state-lab.yaml", "--out", "/nonexistent/out"], ["merge", "a", "b", "--out", "/nonexistent/out"],
        ["report", "Reports-none"],
    ])
    func whatIfs(_ command: [String]) throws {
        let run = try suspendsim(command + ["--baseline", "device.ram_mb=2048", "--baseline", "end_s=60"], in: packageRoot)
        #expect(run.status == 64)
        #expect(run.stderr.contains("--baseline end_s=60: a what-if is already given (--baseline device.ram_mb=2048); a batch has one."),
                "\(run.stderr)")
    }
}

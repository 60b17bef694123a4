import ArgumentParser
import Foundation

/// `--jobs N` (`-j`): how many worker threads a command uses, declared once for every command
/// that has it (`run`, `check`, `validate`, `report`). SPEC 9: the output is byte-identical
/// for any value.
struct JobsOption: ParsableArguments {
    @Option(name: .shortAndLong, help: ArgumentHelp(
        "Worker threads; the output is byte-identical for any value. (default: all cores)", valueName: "n"))
    var jobs: Int?

    /// The number of worker threads to use: `--jobs`, else one per core.
    var workerCount: Int { jobs ?? ProcessInfo.processInfo.activeProcessorCount }

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1, got \(jobs).") }
    }
}

import ArgumentParser
import Foundation

/// The options every subcommand shares: which scenarios, on how many threads.
struct ScenarioInputOptions: ParsableArguments {
    @Argument(help: "Scenario files or folders (a folder gives its .yaml, .yml and .json files, sorted by name).")
    var paths: [String] = ["Scenarios"]

    @Option(name: .shortAndLong, help: "Worker threads; the output is byte-identical for any value. (default: all cores)")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1, got \(jobs).") }
    }
}

/// The built-in policies, as `--policy` spells them.
enum PolicyOption: String, CaseIterable, ExpressibleByArgument {
    case largestFirst = "largest-first"
    case lru
}

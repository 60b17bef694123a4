import ArgumentParser
import Foundation
import SuspendSim

/// The options every subcommand shares: which scenarios, on how many threads.
struct ScenarioInputOptions: ParsableArguments {
    @Argument(help: "Scenario files or folders (a folder gives its .yaml, .yml and .json files, sorted by name).")
    var paths: [String] = ["Scenarios"]

    @OptionGroup var threads: JobsOption

    /// The number of worker threads to use.
    var workerCount: Int { threads.workerCount }

    func validate() throws {
        try OptionChecks.paths(paths, "a scenario path")
    }
}

/// `--policy`: one policy for every scenario, a built-in or one of the files' `policies:`
/// written in YAML (SPEC 6), or `all` the built-ins.
struct PolicyOption: Equatable, ExpressibleByArgument {
    /// The policy's name, or `all`.
    let rawValue: String

    static let all = PolicyOption(rawValue: "all")

    init(rawValue: String) { self.rawValue = rawValue }

    init?(argument: String) {
        guard !argument.isEmpty else { return nil }
        rawValue = argument
    }

    static var allValueStrings: [String] { BuiltInPolicies.names + ["all"] }

    /// The policies to run `scenario` under: this option's, or (without the option) the
    /// scenario's own; nil when the scenario knows no policy of that name.
    static func policies(_ option: PolicyOption?, for scenario: Scenario) -> [any EvictionPolicy]? {
        switch option {
        case .all?: BuiltInPolicies.all
        case let named?: scenario.policy(named: named.rawValue).map { [$0] }
        case nil: [scenario.policy]
        }
    }

    /// The option as a batch plan's policy choice (nil: each file's own).
    static func batchChoice(_ option: PolicyOption?) -> BatchPlan.PolicyChoice? {
        switch option {
        case .all?: .every
        case let named?: .named(named.rawValue)
        case nil: nil
        }
    }
}

import ArgumentParser
import SuspendSim

extension SuspendsimCommand {
    /// `suspendsim validate`: parse and validate only (SPEC 9).
    struct ValidateCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "validate",
            abstract: "Parse and validate scenario files without running them.",
            discussion: """
                Prints every problem as file:line:column: field: message and exits 2 if any file \
                is invalid; otherwise prints one line per valid file.
                """
        )

        @OptionGroup var input: ScenarioInputOptions

        func run() throws {
            let scenarios = try ScenarioBatchLoader.load(input)
            for scenario in scenarios {
                print("valid \(scenario.sourcePath ?? scenario.name): \(scenario.name), "
                    + "\(scenario.apps.count) apps, \(scenario.events.count) events")
            }
        }
    }
}

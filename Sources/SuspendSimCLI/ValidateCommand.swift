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
                is invalid (every point of a sweep: block included); otherwise prints one line \
                per valid file. Warnings on stderr name what is valid but probably not meant, \
                such as a trace_name that matches no app_name of the trace.
                """
        )

        @OptionGroup var input: ScenarioInputOptions

        func run() throws {
            let templates = try ScenarioBatchLoader.loadTemplates(input)
            let plan: BatchPlan
            do {
                // Every point of each file's sweep: is read too, as run reads them.
                plan = try BatchPlan(templates: templates, options: BatchPlan.Options())
            } catch {
                printError(error.description)
                throw CommandFailure.invalidInput
            }
            try SensitivityOptions.validateFiles(templates, plan: plan)
            for warning in plan.warnings { printWarning(warning.description) }
            for scenario in templates.map(\.scenario) {
                print("valid \(scenario.sourcePath ?? scenario.name): \(scenario.name), "
                    + "\(RunCommand.counted(scenario.apps.count, "app")), \(RunCommand.counted(scenario.events.count, "event"))")
            }
        }
    }
}

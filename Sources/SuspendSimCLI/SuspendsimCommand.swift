import ArgumentParser

/// `suspendsim`: the root command holds only its configuration (SPEC 9).
public struct SuspendsimCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "suspendsim",
        abstract: "Simulate iOS app life cycles under memory pressure and report who survives.",
        discussion: """
            Scenario files (YAML or JSON) describe a device, its apps and a timeline of user and \
            system events. `run` simulates them and writes CSV reports, `check` compares each run \
            with the file's `expect:` block, `validate` only parses and validates, `merge` \
            joins the output folders of a sharded batch, `report` draws a report folder as an HTML \
            page, `explain` says why each eviction of a report folder happened, `import` turns a \
            JetsamEvent report into a scenario, `devices` lists the device catalog, and \
            `assumptions` lists every default with its source.
            """,
        version: "0.1.0",
        subcommands: [
            RunCommand.self, CheckCommand.self, ValidateCommand.self, MergeCommand.self, ReportCommand.self,
            ExplainCommand.self, ImportCommand.self, DevicesCommand.self, AssumptionsCommand.self,
        ]
    )

    public init() {}

    /// Parses the command line and runs the command, as ArgumentParser's own `main()` does,
    /// except that a command ending while an interruption's clean-up is under way leaves the
    /// process's end to that clean-up (`Interruption.waitForCleanUpIfInterrupted`): exit 130 or
    /// 143 with whole reports or none, never the command's own status racing it.
    public static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            Interruption.waitForCleanUpIfInterrupted()
            CommandFailure.endProcess(after: error)
        }
        Interruption.waitForCleanUpIfInterrupted()
    }
}

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
    /// 143 with whole reports or none, never the command's own status racing it; and that a
    /// `run` that parses is parsed by `RunCommand` alone (`parsedRun`).
    public static func main() {
        do {
            var command = try parsedRun(Array(CommandLine.arguments.dropFirst())) ?? parseAsRoot()
            try command.run()
        } catch {
            Interruption.waitForCleanUpIfInterrupted()
            CommandFailure.endProcess(after: error)
        }
        Interruption.waitForCleanUpIfInterrupted()
    }

    /// The `run` command `arguments` give, parsed (and validated) with `RunCommand` as the
    /// root, when the first argument is `run` and that parse gives a `RunCommand`; nil for any
    /// other command and whenever it does not (help, a version or completion request, any
    /// mistake), and `main()` then parses with the whole command tree as before. So every
    /// help text, message and status still comes from the whole tree's parse, and a run that
    /// parses has the values that parse gives it (`TypedOptionsTests`).
    ///
    /// Why: the root's parse builds `run`'s options by reflection twice more before `run`'s
    /// own parse builds them (argument-parser asks whether `run` takes all remaining input
    /// when it meets the word), 3.3 M instructions of every run's start (callgrind, the
    /// 100-app 10^5-event JSON: the run's thread 280.35 → 277.01 M; docs/performance.md).
    /// A run of only scenario paths, `--out` and `--jobs` is read without ArgumentParser
    /// (`RunCommand.plainlyParsed`), to the same values.
    static func parsedRun(_ arguments: [String]) -> RunCommand? {
        guard arguments.first == "run" else { return nil }
        let words = Array(arguments.dropFirst())
        if let plain = RunCommand.plainlyParsed(words) { return plain }
        return (try? RunCommand.parseAsRoot(words)) as? RunCommand
    }
}

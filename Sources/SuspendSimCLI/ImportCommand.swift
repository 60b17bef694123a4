import ArgumentParser
import Foundation
import SuspendSim

extension SuspendsimCommand {
    /// `suspendsim import`: real data in (SPEC 12).
    struct ImportCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Turn real data into a scenario file.",
            subcommands: [JetsamCommand.self, MetricKitCommand.self]
        )

        /// `suspendsim import jetsam REPORT.ips [-o FILE] [--replay-kills]`.
        struct JetsamCommand: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "jetsam",
                abstract: "Turn a JetsamEvent report (.ips) into a scenario of the device as it was.",
                discussion: """
                    The device (its catalog model from the report's product, else its RAM from \
                    the page counts; its iOS release), its apps in the report's order with their \
                    resident memory, listed in initial:, and everything else as system memory, so \
                    that free memory at time 0 is the report's. The leading comment lists what was \
                    read and what was approximated. With --replay-kills, the suspended apps the \
                    report killed become expect.evictions, so that `suspendsim check FILE --policy \
                    all` says which policy reproduces the device's kill order.
                    """
            )

            @Argument(help: "A JetsamEvent report (bug_type 298), as the device wrote it.")
            var report: String

            @Option(name: .shortAndLong, help: ArgumentHelp("Write the scenario here instead of to standard output.", valueName: "file"))
            var output: String?

            @Flag(help: "Replay the report's kills of suspended apps as expect.evictions.")
            var replayKills = false

            func validate() throws {
                try OptionChecks.path(report, "the report")
                try OptionChecks.path(output, "--output")
            }

            func run() throws {
                let text: String
                do {
                    let parsed = try JetsamReport(bytes: ImportInputFile.read(report, expected: "a JetsamEvent report"), file: report)
                    text = try JetsamImport.checkedScenarioText(parsed, file: report, replayKills: replayKills)
                } catch {
                    printError("error: \(error.description)")
                    throw CommandFailure.invalidInput
                }
                guard let output else { return print(text, terminator: "") }
                OutputFolder.removeStale(of: output)
                do {
                    try AtomicTextFile.write(text, to: output)
                } catch {
                    printError("error: \(error)")
                    throw CommandFailure(writing: error)
                }
                print("wrote \(output)")
            }
        }
    }
}

import ArgumentParser
import SuspendSim

extension SuspendsimCommand {
    /// `suspendsim explain REPORT_DIR [APP]` (SPEC 14).
    struct ExplainCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "explain",
            abstract: "Explain each eviction of a report folder: who went, when, and why before the others.",
            discussion: """
                For every eviction in REPORT_DIR/evictions.csv (or only APP's): what set it off \
                (which threshold, timer or limit), and the policy's order at that instant, its \
                top five with the keys it ranks by (band and time in band, adj, footprint, \
                recency). The run is replayed from the scenario file named in device.csv, at the \
                sweep point and replicate the folder's path names (as --details writes them); a \
                replay that does not give the folder's evictions is an error. A folder without \
                device.csv (a batch's --out) exits 2, naming the first run folders below it.

                With --app ID, REPORT_DIR is a batch's --out instead (SPEC 41): ID's kills \
                across every run, by mechanism and state (count, share, median time of day), \
                and the three commonest sequences that end in its kill, with one example's \
                times, read from kills.csv and survival.csv (run the batch with --kills; no \
                --details needed).
                """
        )

        @Argument(help: "A report folder: a run's, or one written by --details; with --app, a batch's --out.")
        var reportFolder: String

        @Argument(help: "Only this app's evictions.")
        var app: String?

        @Option(name: .customLong("app"), help: "An app's kills across the batch folder REPORT_DIR (SPEC 41).")
        var batchApp: String?

        func validate() throws {
            try OptionChecks.path(reportFolder, "the report folder")
            if batchApp != nil, app != nil {
                throw ValidationError("give the app either after the folder (one run) or with --app (a batch), not both")
            }
        }

        func run() throws {
            do {
                if let batchApp {
                    print(try BatchKillNarrative.text(folder: reportFolder, app: batchApp), terminator: "")
                    return
                }
                let replay = try ReportReplay(folder: reportFolder)
                let outcome = try replay.run()
                print(try EvictionNarrative.text(outcome.evictions, freeDrops: outcome.freeDrops,
                                                 compressionSteps: outcome.compressionSteps, tasks: outcome.tasks, freezer: outcome.freezer,
                                                 scenario: replay.scenario,
                                                 policy: replay.policy, app: app), terminator: "")
            } catch {
                printError("error: \(error.description)")
                throw CommandFailure.invalidInput
            }
        }
    }
}

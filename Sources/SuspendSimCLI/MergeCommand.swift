import ArgumentParser
import SuspendSim

extension SuspendsimCommand {
    /// `suspendsim merge`: join the output folders of `run --shard K/N` (docs/batch-runs.md).
    struct MergeCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "merge",
            abstract: "Join the output folders of a sharded run into one.",
            discussion: """
                Give the --out folders of all N shards of one run (suspendsim run --shard K/N \
                with the same files and options), in any order. Writes <out>/summary.csv and \
                <out>/survival.csv exactly as a single run writes them, and copies the shards' \
                report folders. Exits 2 if the folders are not the N shards of one batch. \
                groups.csv and paired.csv (SPEC 21) are written as run writes them for the \
                whole batch: by default for a batch over several trace users, or with --by. \
                whatif.csv (SPEC 25) likewise, from the shards' focus_runs.csv, against \
                --baseline KEY=VALUE or else the shards' own baseline.
                """
        )

        @Argument(help: "The shards' output folders.")
        var folders: [String]

        @Option(help: "Folder for the merged reports.")
        var out: String = "Reports"

        @OptionGroup var comparison: ComparisonOptions

        func validate() throws {
            try OptionChecks.path(out, "--out")
            try OptionChecks.paths(folders, "a shard folder")
        }

        func run() throws {
            Interruption.cleanUpOnSignals()
            FolderOwnership.setCommand("merge")
            try OutputFolder.prepare(out, doing: "Nothing was merged.")
            try OutputFolder.writingSet(in: out) {
                do {
                    let merged = try ShardMerge.merge(folders, into: out)
                    print("merged \(merged.shards) shards, \(merged.units) runs: \(BatchReportFile.summary.path(in: out))")
                    try FieldVerdictLines.printVerdict(folder: out)
                    let whatIf = comparison.given.whatIf ?? merged.whatIf
                    let finish = BatchFolderFinish(.merge, grouping: comparison.grouping, baseline: comparison.baseline, whatIf: whatIf)
                    try BatchFolderLines.finish(finish, folder: out, by: comparison.by)
                    try SensitivityLines.recompute(folder: out, whatIf: whatIf, printing: true)
                } catch let error as CommandFailure {
                    throw error
                } catch let error as FolderOwnership.NotOurs {
                    printError("error: \(error). Nothing was merged.")
                    throw CommandFailure.cannotCreate
                } catch let error as MergeError {
                    printError("error: \(error)")
                    throw CommandFailure.invalidInput
                } catch {
                    printError("error: \(error)")
                    throw CommandFailure(writing: error)
                }
            }
        }
    }
}

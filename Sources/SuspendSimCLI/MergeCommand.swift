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
                report folders. Exits 2 if the folders are not the N shards of one batch.
                """
        )

        @Argument(help: "The shards' output folders.")
        var folders: [String]

        @Option(help: "Folder for the merged reports.")
        var out: String = "Reports"

        func run() throws {
            Interruption.cleanUpOnSignals()
            do {
                let merged = try ShardMerge.merge(folders, into: out)
                print("merged \(merged.shards) shards, \(merged.units) runs: \(out)/summary.csv")
            } catch let error as MergeError {
                printError("error: \(error)")
                throw ScenarioBatchLoader.invalidInputStatus
            } catch {
                printError("error: \(error)")
                throw ExitCode.failure
            }
        }
    }
}

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
                whatif.csv (SPEC 25) likewise, from the shards' focus_runs.csv.
                """
        )

        @Argument(help: "The shards' output folders.")
        var folders: [String]

        @Option(help: "Folder for the merged reports.")
        var out: String = "Reports"

        @Option(help: ArgumentHelp(
            "Write groups.csv and paired.csv grouped by these comma-separated keys among scenario, policy and the sweep columns.",
            valueName: "keys"))
        var by: String?

        @Option(name: .customLong("baseline"), help: ArgumentHelp(
            "POLICY: the policy paired.csv compares the others with (default: the first policy in summary.csv); KEY=VALUE: the sweep key and baseline value of whatif.csv (default: the shards' own). Both may be given.",
            valueName: "policy|key=value"))
        var baselines: [String] = []

        func validate() throws {
            try OptionChecks.path(out, "--out")
            try OptionChecks.paths(folders, "a shard folder")
            _ = try WhatIfFiles.Baselines(baselines)
        }

        func run() throws {
            Interruption.cleanUpOnSignals()
            try OutputFolder.prepare(out, doing: "Nothing was merged.")
            defer { OutputSet.finish(out) }
            do {
                let merged = try ShardMerge.merge(folders, into: out)
                print("merged \(merged.shards) shards, \(merged.units) runs: \(BatchReportFile.summary.path(in: out))")
                try FieldVerdictLines.printVerdict(folder: out)
                let given = try WhatIfFiles.Baselines(baselines)
                try ComparisonFiles.write(folder: out, by: by, baseline: given.policy)
                if let whatIf = given.whatIf ?? merged.whatIf { try WhatIfFiles.write(folder: out, whatIf: whatIf) }
            } catch let error as ExitCode {
                throw error
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

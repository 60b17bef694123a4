import ArgumentParser
import SuspendSim

/// SPEC 21's `groups.csv` and `paired.csv` for `run`, `merge` and `report`: with `--by` (or
/// `--baseline`) for any batch, and by default for a batch over several trace users.
enum ComparisonFiles {
    /// Writes the files for the finished batch in `folder` and prints their paths, and a
    /// warning on stderr for each key the grouping pools (`GroupPooling`); nothing when there
    /// is no grouping to apply. Without `--by`, the keys come from `plan` when the command ran
    /// it (`run`), else from the folder's `summary.csv` (`merge`, `report`).
    ///
    /// - Throws: `CommandFailure.usage` for a bad key or baseline (listing what there is), exit 2 for
    ///   a summary that cannot be compared, `CommandFailure.failed` for a file not written.
    static func write(folder: String, _ options: ComparisonOptions, plan: BatchPlan? = nil) throws {
        let summary = BatchReportFile.summary.path(in: folder)
        let (by, baseline) = (options.by, options.baseline)
        try exitingOnComparisonErrors {
            let keys: [String]?
            if let grouping = options.grouping {
                keys = grouping
            } else if let plan {
                keys = BatchComparison.defaultKeys(plan: plan) ?? (baseline == nil ? nil : BatchComparison.allKeys(plan: plan))
            } else {
                keys = try BatchComparison.defaultKeys(summaryPath: summary)
                    ?? (baseline == nil ? nil : BatchComparison.allKeys(summaryPath: summary))
            }
            guard let keys else { return }
            let written = try BatchComparison(keys: keys, baseline: baseline).write(folder: folder)
            for path in written.paths {
                print("\(path.hasSuffix(BatchReportFile.groups.fileName) ? "groups" : "paired"): \(path)")
            }
            for pooling in written.pooled {
                printWarning("\(by.map { "--by \($0)" } ?? "the grouping (\(keys.joined(separator: ",")))"): \(pooling)")
            }
        }
    }

    /// Runs `body`, printing its error and exiting as the comparison files do: a
    /// `ComparisonError.usage` is exit 64, another `ComparisonError` exit 2 (input that cannot
    /// be compared), anything else (a file not written) exit 1.
    static func exitingOnComparisonErrors(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as ComparisonError {
            printError("error: \(error.description)")
            if case .usage = error { throw CommandFailure.usage }
            throw CommandFailure.invalidInput
        } catch {
            printError("error: \(error)")
            throw CommandFailure.failed
        }
    }
}

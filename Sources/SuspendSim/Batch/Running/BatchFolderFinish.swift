#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Finishing a batch's folder: every file beside `summary.csv` that follows from the batch and
/// from what the command was given, written (or removed) in one call by `run`, `merge` and
/// `report` alike, which print what it returns and map its failure to an exit status:
/// - `groups.csv` and `paired.csv` (SPEC 21, `BatchComparison`): with `--by` or `--baseline
///   POLICY`, and by default for a batch over several trace users; never by a shard. Without
///   `--by`, `run` takes the keys from its plan, `merge` and `report` from `summary.csv`.
/// - `whatif.csv` (SPEC 25, `BatchWhatIf`) for the batch's what-if. A shard, or a batch
///   without a what-if, removes the `whatif.csv` an earlier batch left in the folder, and the
///   `focus_runs.csv` too when it has no what-if: a folder never holds another batch's answer.
/// - `labels.csv` (SPEC 15 "Labels", `LabelsCSV`) and, for a batch with a sweep or replicates,
///   `focus.csv` (SPEC 19, `FocusAppsCSV`): `run` writes them from the scenarios, or removes
///   an earlier batch's; `merge` copies the shards' (`ShardMerge`), `report` reads them.
///
/// The files are written in that order: the comparison, the what-if, the labels, the focus
/// apps. A step that fails stops the rest (`Failure`, with what was written before it).
package struct BatchFolderFinish {
    /// How the folder's batch came to be: what decides which files the folder gets.
    package enum Origin {
        /// `run` ran `plan`'s share `shard`; `focusRuns` are the what-if apps' values it kept
        /// in memory (nil: read from `focus_runs.csv`), `labels` the scenarios' `labels:`, and
        /// `focusApps` the sweep chart's apps (nil: none named).
        case run(BatchPlan, shard: BatchShard, focusRuns: FocusRunsTable?, labels: [SweepValueLabel], focusApps: [String]?)
        /// `merge` joined shards into the folder: it gets the comparison files as `run` of the
        /// whole batch would have written them.
        case merge
        /// `report` over a finished folder: only the files it is asked for (`--by`, `--baseline`);
        /// `whatIfApps` (`--app`), when not empty, are `whatif.csv`'s apps, in that order.
        case report(whatIfApps: [String])
    }

    /// The batch and the command finishing its folder.
    package var origin: Origin
    /// `--by`'s keys, in the order given; nil: the default grouping.
    package var grouping: [String]?
    /// `--baseline POLICY`: `paired.csv`'s baseline; nil: the first policy in `summary.csv`.
    package var baseline: String?
    /// The batch's what-if (SPEC 25): `whatif.csv`'s key and baseline value; nil: none.
    package var whatIf: WhatIf?
    /// The threads `whatif.csv`'s bootstraps run on; the file is the same at any number.
    package var jobs: Int

    package init(_ origin: Origin, grouping: [String]? = nil, baseline: String? = nil, whatIf: WhatIf? = nil, jobs: Int = 1) {
        self.origin = origin
        self.grouping = grouping
        self.baseline = baseline
        self.whatIf = whatIf
        self.jobs = jobs
    }

    /// What `write(folder:)` wrote and removed, in the order written.
    package struct Written: Sendable {
        /// The comparison's files (`groups.csv`, then `paired.csv`) with the keys they are
        /// grouped by and what the grouping pools (`GroupPooling`); nil when none was written.
        package var comparison: (keys: [String], files: BatchComparison.Written)?
        /// `whatif.csv`'s path when written.
        package var whatIf: String?
        /// `labels.csv`'s path when written.
        package var labels: String?
        /// `focus.csv`'s path when written.
        package var focusApps: String?
        /// The files an earlier batch left that were removed.
        package var removed: [String] = []

        package init() {}
    }

    /// A step that failed, its error, and what the steps before it wrote.
    package struct Failure: Error {
        /// The file being written.
        package enum Step: Sendable {
            case comparison, whatIf, labels, focusApps
        }

        package var step: Step
        /// The step's error: for the comparison and the what-if a `ComparisonError` (`.usage`,
        /// a command-line mistake; `.invalid`, files that cannot be compared), else the
        /// writer's (`ReportWriter.Error`, ...).
        package var error: any Error
        package var written: Written
    }

    /// Writes and removes the files beside `folder`'s `summary.csv` for this batch, and
    /// returns what it did.
    ///
    /// - Throws: `Failure` for the first step that fails; the steps after it are not taken.
    package func write(folder: String) throws(Failure) -> Written {
        var written = Written()
        var step = Failure.Step.comparison
        do {
            if let keys = try comparisonKeys(folder: folder) {
                written.comparison = (keys, try BatchComparison(keys: keys, baseline: baseline).write(folder: folder))
            }
            step = .whatIf
            try writeWhatIf(folder: folder, into: &written)
            guard case .run(let plan, _, _, let labels, let focusApps) = origin else { return written }
            step = .labels
            written.labels = try LabelsCSV.write(labels, in: folder)
            step = .focusApps
            if plan.writesSurvival { written.focusApps = try FocusAppsCSV.write(focusApps, in: folder) }
        } catch {
            throw Failure(step: step, error: error, written: written)
        }
        return written
    }

    /// The keys `groups.csv` and `paired.csv` are grouped by, or nil when the folder gets no
    /// comparison: `--by`'s, else the default grouping (SPEC 21), else, with `--baseline
    /// POLICY`, every key; none for a shard, nor for `report` without `--by` or a baseline.
    private func comparisonKeys(folder: String) throws(ComparisonError) -> [String]? {
        switch origin {
        case .run(let plan, let shard, _, _, _):
            guard shard.count == 1 else { return nil }
            return grouping ?? BatchComparison.defaultKeys(plan: plan) ?? (baseline == nil ? nil : BatchComparison.allKeys(plan: plan))
        case .report where grouping == nil && baseline == nil:
            return nil
        case .merge, .report:
            let summary = BatchReportFile.summary.path(in: folder)
            if let grouping { return grouping }
            if let keys = try BatchComparison.defaultKeys(summaryPath: summary) { return keys }
            return baseline == nil ? nil : try BatchComparison.allKeys(summaryPath: summary)
        }
    }

    /// Writes `whatif.csv` for `whatIf`; for a shard or a run without a what-if, removes the
    /// `whatif.csv` (and without a what-if the `focus_runs.csv`) an earlier batch left.
    private func writeWhatIf(folder: String, into written: inout Written) throws {
        switch origin {
        case .run(_, let shard, let focusRuns, _, _):
            if shard.count == 1, let whatIf {
                written.whatIf = try BatchWhatIf.write(folder: folder, whatIf: whatIf, focusRuns: focusRuns, jobs: jobs)
                return
            }
            let stale = [BatchReportFile.whatif] + (whatIf == nil ? [.focusRuns] : [])
            for file in stale where (try? FileManager.default.removeItem(atPath: file.path(in: folder))) != nil {
                written.removed.append(file.path(in: folder))
            }
        case .merge:
            if let whatIf { written.whatIf = try BatchWhatIf.write(folder: folder, whatIf: whatIf, jobs: jobs) }
        case .report(let apps):
            if let whatIf { written.whatIf = try BatchWhatIf.write(folder: folder, whatIf: whatIf, apps: apps, jobs: jobs) }
        }
    }
}

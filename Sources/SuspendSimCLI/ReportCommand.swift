import ArgumentParser
import Foundation
import SuspendSim

extension SuspendsimCommand {
    /// `suspendsim report DIR`: write a report folder's HTML page (SPEC 15).
    struct ReportCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "report",
            abstract: "Write DIR/index.html: a self-contained HTML page of a report folder.",
            discussion: """
                DIR is a run's report folder (with survivors.csv, memory.csv, pressure.csv, \
                evictions.csv, transitions.csv and callbacks.csv) or the --out folder of a run or \
                batch (with summary.csv). A run's page draws memory over time (footprints stacked per \
                app, free memory, the warning, idle and critical thresholds from device.csv, every \
                eviction), a state timeline and the survivors table. A batch's page draws survival \
                per app among the runs that launched it, with 95 % Wilson intervals, pressure kills and the hot-launch ratio per \
                point, and links to a page for every run folder under it (written too; run with \
                --details to have them). A scenario that sweeps one key gets a chart per focus app \
                of its never-killed rate against the swept value, a line per policy (--app picks \
                the apps; else the 6 whose rate changes most), and with observed.csv a chart per \
                counter of the simulated against the observed. One file, inline SVG, no script: it \
                opens offline, and the same reports give the same bytes. A folder that is not a \
                report folder exits 2, naming the first run folders below it. With --by or \
                --baseline POLICY it also writes the batch's groups.csv and paired.csv (SPEC 21), \
                and with --baseline KEY=VALUE its whatif.csv, from focus_runs.csv (SPEC 25).
                """
        )

        @Argument(help: ArgumentHelp("A report folder.", valueName: "dir"))
        var folder: String

        @OptionGroup var threads: JobsOption

        @Option(name: .customLong("app"), help: ArgumentHelp(
            "An app to draw against a sweep, in the order given (repeat for more); apps not in a scenario are skipped there. With --baseline KEY=VALUE, also whatif.csv's apps, among those focus_runs.csv records.",
            valueName: "id"))
        var apps: [String] = []

        @OptionGroup var comparison: ComparisonOptions

        @OptionGroup var figures: FigureOptions

        @Option(name: .customLong("label"), help: ArgumentHelp(
            "Name swept value VALUE of sweep key KEY as TEXT on every chart and table of the page, over the scenario's labels: (repeat for more; KEY and VALUE hold no '=', TEXT is the rest).",
            valueName: "key=value=text"))
        var labels: [String] = []

        /// `--label`'s labels, read once, by `validate()`.
        private(set) var sweepLabels: [SweepValueLabel] = []

        /// The options ArgumentParser reads; `sweepLabels` is `validate()`'s.
        enum CodingKeys: CodingKey {
            case folder, threads, apps, comparison, figures, labels
        }

        mutating func validate() throws {
            try OptionChecks.path(folder, "the report folder")
            try OptionChecks.appIDs(apps)
            sweepLabels = try Self.parseLabels(labels)
        }

        /// The tables at the top of the folder that `report` reads and never removes, not even
        /// when interrupted (SPEC 35 "One top-level set per command"): it cannot make them again.
        static let tablesRead: Set<String> = Set([BatchReportFile.summary, .survival, .exits, .observed, .focus, .focusRuns, .labels, .shard]
            .map(\.fileName) + ["sensitivity_runs.csv", "assumptions.csv"])

        /// The members of the top-level set this `report` leaves alone, even when interrupted:
        /// the tables it reads (`tablesRead`) and every member it does not write (`whatif.csv`
        /// without `--baseline KEY=VALUE`, `groups.csv` and `paired.csv` without `--by` or a
        /// baseline policy); it writes the page, `figures/` and what it is asked to compute.
        func keptMembers() -> Set<String> {
            let given = comparison.given
            var writes: Set<String> = ["index.html", "figures"]
            if comparison.by != nil || given.policy != nil { writes.formUnion([BatchReportFile.groups.fileName, BatchReportFile.paired.fileName]) }
            if given.whatIf != nil { writes.insert(BatchReportFile.whatif.fileName) }
            // SPEC 39: `report` computes the sensitivity tables again from sensitivity_runs.csv.
            if FileManager.default.fileExists(atPath: SensitivityFile.runs.path(in: folder)) {
                writes.formUnion([SensitivityFile.table.rawValue, SensitivityFile.whatIf.rawValue])
            }
            return OutputSet.names.subtracting(writes).union(Self.tablesRead)
        }

        /// `--label KEY=VALUE=TEXT` options (SPEC 15 "Labels"); a malformed one is a usage error.
        static func parseLabels(_ options: [String]) throws -> [SweepValueLabel] {
            try options.map { option in
                switch SweepValueLabel.parse(option) {
                case .success(let label): label
                case .failure(let problem): throw ValidationError(problem.description)
                }
            }
        }

        func run() throws {
            Interruption.cleanUpOnSignals()
            FolderOwnership.setCommand("report")
            if let figuresFolder = figures.folder {
                try OutputFolder.claim([figuresFolder], doing: "Nothing was written.")
                try OutputFolder.removeStale(in: figuresFolder, doing: "Nothing was written.")
            }
            try OutputFolder.prepare(folder, doing: "Nothing was written.", reading: keptMembers())
            try OutputFolder.writingSet(in: folder) {
                let given = comparison.given
                let finish = BatchFolderFinish(.report(whatIfApps: apps), grouping: comparison.grouping, baseline: given.policy, whatIf: given.whatIf)
                try BatchFolderLines.finish(finish, folder: folder, by: comparison.by)
                try SensitivityLines.recompute(folder: folder, whatIf: given.whatIf ?? SensitivityRunsFile.savedWhatIf(folder: folder), printing: false)
                let focusApps: [String]? = try apps.isEmpty ? HTMLPages.exitStatuses { try HTMLReport.focusApps(folder: folder) } : apps
                let labels = sweepLabels
                let pages = try HTMLPages.write(folder: folder, jobs: threads.workerCount,
                                                focusApps: focusApps, labels: labels)
                print(HTMLPages.line(pages))
                try figures.write(folder: folder, focusApps: focusApps, labels: labels)
            }
        }
    }
}

/// Writing pages from a command (`report`, `run --html`, `check --html`), with SPEC 9's exit
/// statuses: 2 for a folder that is not a report folder or a report that cannot be read, 1
/// for a page that cannot be written.
enum HTMLPages {
    /// Writes the pages of `folder`; prints the problem and exits on failure. `focusApps`: the
    /// apps a batch page draws against a sweep (`HTMLReport.write`); nil: the change rule.
    static func write(folder: String, jobs: Int, focusApps: [String]? = nil, labels: [SweepValueLabel] = []) throws -> [String] {
        try exitStatuses {
            do {
                return try HTMLReport.write(folder: folder, jobs: jobs, focusApps: focusApps, labels: labels)
            } catch let error as SweepValueLabel.Problem {
                printError("error: \(error); no page was written.")
                throw CommandFailure.usage
            }
        }
    }

    /// Runs `body` with SPEC 9's exit statuses for what it throws: a `CommandFailure` as it is, 2 for
    /// a folder that is not a report folder or a report that cannot be read (`HTMLReport.Error`),
    /// 1 for anything else; the problem is printed on stderr.
    static func exitStatuses<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as CommandFailure {
            throw error
        } catch let error as FolderOwnership.NotOurs {
            printError("error: \(error)")
            throw CommandFailure.cannotCreate
        } catch let error as HTMLReport.Error {
            printError("error: \(error)")
            throw CommandFailure.invalidInput
        } catch {
            printError("error: \(error)")
            throw CommandFailure(writing: error)
        }
    }

    /// "html: Reports/index.html" or "html: Reports/index.html and 12 run pages".
    static func line(_ pages: [String]) -> String {
        guard let first = pages.first else { return "html: no page written" }
        let runs = pages.count - 1
        return "html: \(first)" + (runs > 0 ? " and \(runs) run page\(runs == 1 ? "" : "s")" : "")
    }
}

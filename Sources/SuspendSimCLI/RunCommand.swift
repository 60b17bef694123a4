import ArgumentParser
import Foundation
import SuspendSim

extension SuspendsimCommand {
    /// `suspendsim run`: simulate scenarios and write their reports (SPEC 8, 9; batches: docs/batch-runs.md).
    struct RunCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "run",
            abstract: "Run scenarios and write CSV reports.",
            discussion: """
                Each scenario writes a folder <out>/<name>/ with survivors.csv, evictions.csv, \
                transitions.csv, callbacks.csv, memory.csv, pressure.csv, skipped.csv, exits.csv, \
                tasks.csv, launches.csv, device.csv and assumptions.csv (docs/reports.md); the run \
                writes <out>/summary.csv with a row per scenario, in the order the files were given, \
                and <out>/assumptions.csv, the defaults each took. \
                With --policy all, each scenario runs under every built-in policy into \
                <out>/<name>/<policy>/, and <out>/comparison.csv compares them. A report folder \
                appears whole or not at all. If any file is invalid, nothing runs and the exit \
                status is 2.

                A scenario with a workload: block runs --replicates times (default: its \
                replicates:, else 1), each with a seed derived from --seed, the scenario's name \
                and the replicate number. --set key=v1,v2 (repeatable) and a sweep: block run \
                every point of the grid of values. Such batches write a row per run to \
                summary.csv (with the sweep keys as extra columns) and <out>/survival.csv, and \
                report folders only with --details. --shard K/N runs every N-th run, from the \
                K-th; merge joins the shards' folders. See docs/batch-runs.md. A batch over \
                several trace users, or one given --by or --baseline POLICY, also writes \
                groups.csv and paired.csv (SPEC 21); a batch that sweeps one key, or one given \
                --baseline KEY=VALUE, writes whatif.csv (SPEC 25; by default against the key's \
                first value). --kills also writes kills.csv, every kill of every batch run, \
                which explain --app reads. --html also writes <out>/index.html and an index.html in every report folder under the scenarios run.

                --metrickit also writes metrickit/<app>.json into every report folder: for each \
                app that launched, a payload in the JSON shape of MetricKit's MXMetricPayload \
                (exit counts, launch histograms, memory, foreground and background time) for \
                comparison with the field's. A batch writes report folders only with --details, \
                so there --metrickit needs --details.
                """
        )

        @OptionGroup var input: ScenarioInputOptions

        @Option(help: "Folder for the reports.")
        var out: String = "Reports"

        @Option(help: "Run every scenario under this policy instead of its own (a built-in or one of its policies: written in YAML); all: under each built-in policy.")
        var policy: PolicyOption?

        @Option(help: ArgumentHelp(
            "Runs of each scenario with a workload (default: the file's replicates:, else 1).", valueName: "n"))
        var replicates: Int?

        @Option(help: ArgumentHelp("The batch's seed; each run's seed is derived from it.", valueName: "s"))
        var seed: UInt64 = 0

        @Option(name: .customLong("set"), help: ArgumentHelp(
            "Sweep a key over values: policy, end_s, device.<key>, workload.<key>, workload.allocations.<key>, app.<id>.<key> or trace.user (all: every user) (repeat for a grid).",
            valueName: "key=v1,v2,..."))
        var settings: [String] = []

        @Flag(help: "Also write every run's report folder (<out>/<name>/<key>=<value>/.../replicate-<k>/).")
        var details = false

        @Flag(help: "Also write kills.csv: every kill of every batch run with the victim's last two state changes, which explain --app reads.")
        var kills = false

        @Flag(name: .customLong("metrickit"), help: ArgumentHelp(
            "Also write metrickit/<app>.json, a MetricKit payload per app that launched, into every report folder (a batch needs --details)."))
        var metricKit = false

        @Option(help: ArgumentHelp(
            "Run only shard K of N of the runs (K from 1 to N); merge joins the shards.", valueName: "K/N"))
        var shard: String?

        @Flag(help: "Also write index.html, a self-contained HTML page, into --out and every report folder written (see report --help).")
        var html = false

        @OptionGroup var comparison: ComparisonOptions

        @OptionGroup var sensitivityOptions: SensitivityOptions

        @Option(name: .customLong("app"), help: ArgumentHelp(
            "A what-if app of whatif.csv, in the order given (repeat for more; default: the observed: and expect: apps, else every app).",
            valueName: "id"))
        var apps: [String] = []

        @Flag(help: "Print jemalloc's statistics (stats.allocated, stats.active, stats.resident) and the batch's serial part after the run.")
        var stats = false

        /// `--set`'s sweep axes, read once, by `validate()`.
        private(set) var axes: [SweepAxis] = []

        /// `--shard`'s part of the batch (the whole without it), read once, by `validate()`.
        private(set) var part = BatchShard.whole

        /// The options ArgumentParser reads; `axes` and `part` are `validate()`'s. An option
        /// added to the command needs its case here (ArgumentParser refuses one without).
        enum CodingKeys: CodingKey {
            case input, out, policy, replicates, seed, settings, details, kills, metricKit, shard, html, comparison,
                 sensitivityOptions, apps, stats
        }

        mutating func validate() throws {
            try OptionChecks.path(out, "--out")
            try OptionChecks.appIDs(apps)
            if let replicates, !(1...Int(InputLimits.count)).contains(replicates) {
                throw ValidationError("--replicates must be from 1 to \(InputLimits.count), got \(replicates).")
            }
            axes = try sweepAxes()
            if let by = comparison.by, shard != nil {
                throw ValidationError("--by \(by): a shard writes no groups.csv or paired.csv; give --by to merge.")
            }
            if let shard {
                guard let part = BatchShard(parsing: shard) else {
                    throw ValidationError("--shard must be K/N with 1 <= K <= N, got \(shard).")
                }
                self.part = part
                if policy == .all {
                    throw ValidationError("--shard cannot be combined with --policy all; use --set policy=\(BuiltInPolicies.names.joined(separator: ",")).")
                }
            }
            if policy != nil, axes.contains(where: { $0.key == .policy }) {
                throw ValidationError("--policy and --set policy=... cannot be combined.")
            }
        }

        /// The `--set` options as sweep axes; each key at most once.
        private func sweepAxes() throws -> [SweepAxis] {
            var axes: [SweepAxis] = []
            for setting in settings {
                let axis: SweepAxis
                do {
                    axis = try SweepAxis(parsing: setting)
                } catch {
                    throw ValidationError(error.description)
                }
                if axes.contains(where: { $0.key == axis.key }) {
                    throw ValidationError("--set \(axis.key.path) is given twice; list its values in one --set.")
                }
                axes.append(axis)
            }
            return axes
        }

        /// The sweep chart's focus apps (SPEC 19): the apps each scenario's `expect:` and
        /// `observed:` name, in file order, each once, as `<scenario>/<app>` so that each
        /// scenario's chart takes its own; for a scenario that names none, the what-if apps
        /// given (`--app`, SPEC 27), else, when `apps:` includes the typical day, the app the
        /// file lists last (the engineer's own, not one the include brought: SPEC 41's issue);
        /// nil when none is found (the page then takes the apps whose rate changes most).
        static func focusApps(_ plan: BatchPlan, given: [String] = []) -> [String]? {
            var apps: [String] = []
            for entry in plan.entries {
                guard let scenario = entry.points.first?.scenario else { continue }
                var named: [String] = []
                if let expected = scenario.expectation {
                    for expectation in [expected] + expected.byPolicy.keys.sorted().compactMap({ expected.byPolicy[$0] }) {
                        named += (expectation.evictions ?? []) + (expectation.survivors ?? []) + (expectation.survives ?? [])
                        named += (expectation.neverKilled ?? []) + (expectation.killed ?? []) + expectation.rates.map(\.app)
                    }
                }
                if let observed = scenario.observed { named.append(scenario.apps[observed.app].id) }
                if named.isEmpty { named = given.isEmpty ? ownApp(scenario).map { [$0] } ?? [] : given }
                for app in named.map({ entry.name + "/" + $0 }) where !apps.contains(app) { apps.append(app) }
            }
            return apps.isEmpty ? nil : apps
        }

        /// The app a scenario's file lists last that `include: typical-day` did not bring
        /// (`Scenario.Given.includedAppIDs`); nil without the include.
        static func ownApp(_ scenario: Scenario) -> String? {
            guard scenario.given.includesTypicalDayApps else { return nil }
            return scenario.apps.last { !scenario.given.includedAppIDs.contains($0.id) }?.id
        }

        /// SPEC 20: `--replicates N` on a scenario without randomness would run N copies of
        /// the same run; it runs one, and says so on stderr.
        private func warnAboutReplicatesWithoutRandomness(_ plan: BatchPlan) {
            guard let replicates, replicates > 1 else { return }
            for entry in plan.entries where !entry.isRandomized {
                printWarning("\(entry.path): --replicates \(replicates) on a scenario without randomness "
                    + "(no workload: draws from a seed): every replicate would be the same run, so it runs once.")
            }
        }

        func run() throws {
            Interruption.cleanUpOnSignals()
            ReportFolderWriter.prepareShippedDataBeside()
            let (plan, fileWhatIfs, labels, requests) = try makePlan()
            let sensitivity = try sensitivityOptions.plan(plan, files: requests, apps: apps)
            warnAboutReplicatesWithoutRandomness(plan)
            for warning in plan.warnings { printWarning(warning.description) }
            for note in plan.systemMemoryNotes { printError(note) }
            for note in plan.notes { printError("note: " + note) }
            try validateComparison(plan)
            let asked = comparison.given.whatIf
            let whatIf = plan.writesSurvival || asked != nil ? try WhatIfFiles.resolve(plan, commandLine: asked, files: fileWhatIfs) : nil
            try claimReportFolders(plan)
            if let sensitivity {
                for line in SensitivityOptions.plannedLines(sensitivity, batch: plan) { print(line) }
                for note in SensitivityOptions.unplannedNotes(sensitivity, batch: plan) { printError(note) }
            }
            try OutputFolder.prepare(out)
            try OutputFolder.writingSet(in: out) {
                let output = try runBatch(plan, part: part, whatIf: whatIf, sensitivity: sensitivity)
                report(plan, output, shard: part)
                try failOnBadInputOrUnwrittenReports(output)
                if part.count == 1 { try FieldVerdictLines.printVerdict(folder: out) }
                for warning in FieldVerdictLines.runLengthWarnings(plan.observedRunLengths(measured: output.observedRunLengths)) { printWarning(warning) }
                if let sensitivity {
                    try SensitivityLines.runAndPrint(plan, sensitivity, base: output.sensitivityRuns, out: out, jobs: input.workerCount,
                                                     whatIf: whatIf, shard: part)
                }
                try printAndFinishOutputs(plan, output, part: part, whatIf: whatIf, labels: labels)
            }
        }

        /// The batch of the input files under the command line's options; a bad `--set` value
        /// is exit 64 (the command line's mistake, SPEC 14), a bad value in a file exit 2. With
        /// it, the files' `whatif:` blocks (SPEC 25), by file, and their `labels:` (SPEC 15).
        private func makePlan() throws -> (BatchPlan, [(path: String, whatIf: WhatIf)], [SweepValueLabel], [SensitivityRequest?]) {
            let templates = try ScenarioBatchLoader.loadTemplates(input, streamingEvents: true)
            var options = BatchPlan.Options()
            options.seed = seed
            options.replicates = replicates
            options.settings = axes
            options.details = details
            options.kills = kills
            options.metricKit = metricKit
            options.policy = PolicyOption.batchChoice(policy)
            let plan: BatchPlan
            do {
                plan = try BatchPlan(templates: templates, options: options)
            } catch {
                printError(error.description)
                if error.diagnostics.allSatisfy(\.isFromCommandLine) {
                    printError("error: a --set option gives invalid scenarios; nothing was run.")
                    throw CommandFailure.usage
                }
                printError("error: the sweep gives invalid scenarios; nothing was run.")
                throw CommandFailure.invalidInput
            }
            // Whether a scenario is a batch is known from its file only, so this usage error
            // (exit 64, as validate()'s) is found here.
            if metricKit, !details, let batch = plan.entries.first(where: { $0.kind == .batch }) {
                printError("error: --metrickit writes into report folders, which a batch (\(batch.name)) writes only with --details; "
                    + "add --details. Nothing was run.")
                throw CommandFailure.usage
            }
            return (plan, templates.compactMap { template in template.whatIf.map { (template.path, $0) } }, templates.flatMap(\.labels),
                    templates.map(\.sensitivity))
        }

        /// Refuses, before anything runs (exit 73), a scenario whose report folder would hold
        /// an input of this command, and a single run's folder that stands and is not the
        /// tool's (`FolderOwnership`). A batch's run folders lie below `<out>/<name>/`, which is
        /// written into, not replaced; `AtomicOutput` checks each of them as it lands.
        private func claimReportFolders(_ plan: BatchPlan) throws {
            FolderOwnership.setCommand("run")
            try OutputFolder.refuseOverInputs(plan.entries.map { "\(out)/\($0.name)" }, inputs: input.paths + plan.entries.map(\.path),
                                              doing: "Nothing was run.")
            try OutputFolder.claim(plan.entries.filter { $0.kind != .batch }.map { "\(out)/\($0.name)" }, doing: "Nothing was run.")
        }

        /// `--by` and `--baseline` name keys and a policy the batch has (SPEC 21: exit 64).
        private func validateComparison(_ plan: BatchPlan) throws {
            guard comparison.by != nil || comparison.baseline != nil else { return }
            do {
                try BatchComparison(keys: comparison.grouping ?? [SweepKey.policy.path], baseline: comparison.baseline).validate(plan)
            } catch {
                printError("error: \(error.description). Nothing was run.")
                throw CommandFailure.usage
            }
        }

        /// Runs the batch's share `part`, with the progress line.
        private func runBatch(_ plan: BatchPlan, part: BatchShard, whatIf: WhatIf?, sensitivity: SensitivityPlan?) throws -> BatchRunner.Output {
            let whatIfApps = whatIf.map { _ in plan.whatIfApps(given: apps) }
            let progress = ProgressLine(total: part.unitCount(of: plan.unitCount), label: "runs")
            do {
                let output = try BatchRunner.run(plan, outPath: out, jobs: input.workerCount, shard: part, whatIfApps: whatIfApps, whatIf: whatIf,
                                                sensitivity: sensitivity) {
                    progress.advance()
                }
                progress.finish()
                return output
            } catch {
                progress.finish()
                printError("error: \(error)")
                throw CommandFailure(writing: error)
            }
        }

        /// A large JSON file's mistake, found as its events were read, is exit 2; a report
        /// that could not be written is exit 1.
        private func failOnBadInputOrUnwrittenReports(_ output: BatchRunner.Output) throws {
            if output.invalidInputCount > 0 {
                for failure in output.failures { printError(failure.message) }
                printError("error: \(output.invalidInputCount) scenario file(s) are invalid; no summary was written.")
                throw CommandFailure.invalidInput
            }
            if output.failureCount > 0 {
                for failure in output.failures { printError("error: \(failure.path): \(failure.message)") }
                if output.failureCount > output.failures.count {
                    printError("error: ... and \(output.failureCount - output.failures.count) more.")
                }
                printError("error: \(output.failureCount) of \(output.unitsRun) reports could not be written.")
                throw CommandFailure(errno: output.failureCode)
            }
        }

        /// Prints the files written, then finishes the folder (`BatchFolderFinish`: the
        /// comparison's files, `whatif.csv`, `labels.csv`, the focus apps) and writes the
        /// page, and the `--stats` lines.
        private func printAndFinishOutputs(_ plan: BatchPlan, _ output: BatchRunner.Output, part: BatchShard, whatIf: WhatIf?,
                                           labels: [SweepValueLabel]) throws {
            print("summary: \(BatchReportFile.summary.path(in: out))")
            if plan.writesSurvival { print("survival: \(BatchReportFile.survival.path(in: out))") }
            if !output.comparisonRows.isEmpty { print("comparison: \(BatchReportFile.comparison.path(in: out))") }
            let focusApps = Self.focusApps(plan, given: apps)
            let ran = BatchFolderFinish.Origin.run(plan, shard: part, focusRuns: output.focusRuns, labels: labels, focusApps: focusApps)
            let finish = BatchFolderFinish(ran, grouping: comparison.grouping, baseline: comparison.baseline, whatIf: whatIf, jobs: input.workerCount)
            try BatchFolderLines.finish(finish, folder: out, by: comparison.by)
            if part.count > 1 {
                print("shard \(part): \(BatchReportFile.shard.path(in: out)); join the \(part.count) shards' folders with suspendsim merge")
            }
            if html {
                print(HTMLPages.line(try HTMLPages.write(folder: out, jobs: input.workerCount, focusApps: focusApps)))
            }
            if stats {
                if let figures = JemallocStats.read() { print(figures.description) }
                print(Self.serialPart(output))
            }
        }

        /// The `--stats` line on the batch's serial part (time under the writer's lock), per
        /// run and as a share of all the work, with Amdahl's bound at 16 workers.
        ///
        /// `serial part: 0.84 µs per run, 0.31 % of the work (Amdahl's bound at 16 jobs: 15.3x)`
        static func serialPart(_ output: BatchRunner.Output) -> String {
            let runs = max(1, output.unitsRun)
            let perRun = Double(output.serialNanoseconds) / Double(runs) / 1_000
            let share = output.serialShare
            let bound = 1 / (share + (1 - share) / 16)
            return "serial part: \(fixed(perRun, 2)) µs per run, \(fixed(share * 100, 2)) % of the work "
                + "(workers: \(fixed(Double(output.workerNanoseconds) / Double(runs) / 1_000, 1)) µs per run; "
                + "Amdahl's bound at 16 jobs: \(fixed(bound, 1))x)"
        }

        /// `value` with `decimals` decimals.
        private static func fixed(_ value: Double, _ decimals: Int) -> String {
            String(format: "%.\(decimals)f", value)
        }

        /// The line a single run prints: what ran, how many events were skipped (with the file
        /// that says why), the pressure kills and where the report is.
        ///
        /// `state-lab: largest-first, 1 app, 12 events (2 skipped: see skipped.csv), 0 pressure kills -> Reports/state-lab/`
        static func runLine(_ name: String, _ row: SummaryRow, folder: String) -> String {
            let skipped = row.extent.skippedEvents > 0 ? " (\(row.extent.skippedEvents) skipped: see \(folder)skipped.csv)" : ""
            return "\(name): \(row.run.policy), \(counted(row.extent.apps, "app")), \(counted(row.extent.events, "event"))\(skipped), "
                + "\(counted(row.memory.pressureKills, "pressure kill")) -> \(folder)"
        }

        /// "1 app", "2 apps", "0 apps".
        static func counted(_ count: Int, _ noun: String) -> String {
            "\(count) \(noun)\(count == 1 ? "" : "s")"
        }

        /// A line per single run (as before batches), and one per batch scenario.
        private func report(_ plan: BatchPlan, _ output: BatchRunner.Output, shard: BatchShard) {
            for entry in plan.entries {
                switch entry.kind {
                case .single, .singleEveryPolicy:
                    for (_, row) in output.singleRunRows where row.run.scenario == entry.name {
                        let folder = entry.kind == .singleEveryPolicy ? "\(out)/\(entry.name)/\(row.run.policy)/" : "\(out)/\(entry.name)/"
                        print(Self.runLine(entry.name, row, folder: folder))
                    }
                case .batch:
                    let runs = shard.unitCount(from: entry.firstUnit, length: entry.unitCount)
                    let shape = "\(entry.points.count) point\(entry.points.count == 1 ? "" : "s") x "
                        + "\(entry.replicates) replicate\(entry.replicates == 1 ? "" : "s")"
                    let folders = details ? ", report folders under \(out)/\(entry.name)/" : ""
                    print("\(entry.name): \(runs) runs (\(shape))\(folders)")
                }
            }
        }
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dispatch
import Synchronization

/// Runs a `BatchPlan` (on worker threads, or in order on the calling thread for a plan of one
/// unit) and writes `summary.csv`, `survival.csv` and `exits.csv` (when the plan has a batch)
/// and `kills.csv` (also with `--kills`), `focus_runs.csv` (with what-if apps, SPEC 27),
/// `comparison.csv` (with `--policy all`), `assumptions.csv` (SPEC 36) and, for a shard,
/// `shard.csv`.
///
/// ```swift
/// let output = try BatchRunner.run(plan, outPath: "Reports", jobs: 8) { progress.advance() }
/// ```
///
/// The output is the same bytes at any number of workers, and memory stays bounded by it:
/// workers take units in order from a shared counter, run them, format their `summary.csv`
/// rows and count their survivals in a tally of their own (sums do not depend on order, so
/// the tallies are added up at the end). Each unit's formatted rows wait in a reorder window
/// until every earlier unit is written; under the lock there is only that copy. A worker does
/// not take a unit more than `window` units ahead of the oldest unwritten one, so at most
/// `window` results are held, whatever the batch's size. A plan of one unit, or one job, has
/// nothing to reorder and runs without workers (`runInOrder`).
package enum BatchRunner {
    /// What a run of a plan did.
    package struct Output: Sendable {
        /// The rows of single-run scenarios, by scenario (for the command's report lines).
        package var singleRunRows: [(entry: Int, row: SummaryRow)] = []
        /// Units run.
        package var unitsRun = 0
        /// The first units whose report folder could not be written (at most
        /// `failuresKept`): the scenario's file and the error. When there is any, no
        /// batch-wide file is written.
        package var failures: [(path: String, message: String)] = []
        /// How many units could not be written, all told.
        package var failureCount = 0
        /// The system's error (`errno`) of the first unit that could not be written, when
        /// it was one, for the exit status (docs/reports.md).
        package var failureCode: Int32?
        /// How many failures `failures` keeps.
        package static let failuresKept = 20
        /// Of the failures, those that are mistakes in a scenario file found while running (a
        /// large JSON file's events are read as it runs); the rest are reports not written.
        package var invalidInputCount = 0
        /// The batch's serial part: nanoseconds spent under the writer's lock, putting units'
        /// rows in order and writing them, plus the plan's passes over usage traces
        /// (`BatchPlan.traceReadNanoseconds`). Everything else runs on the workers.
        package var serialNanoseconds: UInt64 = 0
        /// Nanoseconds the workers spent running units, formatting their rows and counting
        /// their survivals, added up over the workers (the batch's parallel part).
        package var workerNanoseconds: UInt64 = 0

        /// The rows of `comparison.csv`, when it was written (single runs under `--policy all`).
        package var comparisonRows: [SummaryRow] = []
        /// The shortest and longest run of each batch scenario with `observed:`, by scenario
        /// name: one run stands for one day of the field, and `run` warns when they do not last
        /// one (SPEC 27).
        package var observedRunLengths: [String: ClosedRange<Millis>] = [:]
        /// The batch's survival, exit and observed counts, by group (SPEC 14, 17, 18): what
        /// `survival.csv`, `exits.csv` and `observed.csv` were written from.
        package var tally: SurvivalTally?
        /// Every run's what-if values, in `summary.csv`'s order, when the batch has what-if
        /// apps and is not a shard: what `whatif.csv` is computed from (`BatchWhatIf`).
        package var focusRuns: FocusRunsTable?
        /// The batch's own runs that SPEC 39's sensitivity compares (the first `R` replicates
        /// of each point of a scenario that asks for it), in `summary.csv`'s order.
        package var sensitivityRuns: [SensitivityRun] = []

        /// An output of no units yet.
        package init() {}

        /// The serial part's share of all the work (Amdahl's law: with this serial fraction
        /// `s`, n workers are at most 1 / (s + (1 - s) / n) times faster than one).
        package var serialShare: Double {
            let total = serialNanoseconds + workerNanoseconds
            return total == 0 ? 0 : Double(serialNanoseconds) / Double(total)
        }
    }

    /// What the units' results are written into, in unit order: the streamed files, the
    /// survival tally and the output. The workers share it under one lock; a run in order
    /// owns it.
    struct WriterState: ~Copyable {
        /// The next unit to write: every unit before it is written.
        var nextToWrite = 0
        /// The workers' results that wait for an earlier unit (the reorder window).
        var waiting: [Int: UnitResult] = [:]
        var summary: AtomicCSVStream?
        var focusRuns: AtomicCSVStream?
        var kills: AtomicCSVStream?
        /// Each `summary.csv` row's what-if values, in its order, when the batch computes
        /// `whatif.csv` after the runs (not for a shard).
        var focusValues: [[Int64]]?
        /// The runs' survival counts: the workers' tallies, added up as each worker
        /// finishes, or each unit's counts as it is written in order.
        var tally: SurvivalTally
        var comparison: [SummaryRow] = []
        var output = Output()

        /// Opens the files streamed as units are written: `summary.csv`, and `focus_runs.csv`
        /// with what-if apps, `kills.csv` for a batch with `--kills`.
        init(_ work: UnitWork) throws {
            let plan = work.plan
            let out = work.out
            let shape = plan.tallyShape()
            tally = SurvivalTally(appCounts: shape.appCounts, observedApps: shape.observedApps)
            summary = try AtomicCSVStream(path: BatchReportFile.summary.path(in: out), header: BatchReportFile.summary.header(followedBy: plan.columns))
            focusRuns = try work.whatIfApps.map { _ in
                try AtomicCSVStream(path: BatchReportFile.focusRuns.path(in: out), header: FocusRunsCSV.header(sweepColumns: plan.columns))
            }
            kills = try plan.writesSurvival && plan.keepsKills ? AtomicCSVStream(
                path: BatchReportFile.kills.path(in: out), header: KillsCSV.header(sweepColumns: plan.columns)) : nil
            focusValues = work.whatIfApps != nil && work.shard.count == 1 ? [] : nil
        }
    }

    /// Runs this shard's units of `plan` (all of them by default) with `jobs` workers,
    /// writing into the folder `outPath`; `progress` is called after each unit, from any
    /// worker. `sensitivity` keeps the runs SPEC 39 compares (`Output.sensitivityRuns`). `whatIfApps` (by entry, `BatchPlan.whatIfApps(given:)`) has `focus_runs.csv`
    /// written with those apps' values of every run of a batch scenario (SPEC 27); a shard
    /// records `whatIf` in its manifest.
    ///
    /// A plan of one unit (a single run, `--policy all` of one scenario), or any plan at one
    /// job, runs in order on the calling thread (`runInOrder`): no worker threads, no lock, no
    /// reorder window. More units at more jobs run on workers (`runOnWorkers`). Both run a
    /// unit, write its rows and finish the folder through the same functions (`execute`,
    /// `write`, `finish`), so the files are the same bytes either way.
    ///
    /// - Throws: `ReportWriter.Error` when a batch-wide file cannot be written. A unit whose report
    ///   folder cannot be written is a failure in the output instead; the other units run.
    package static func run(
        _ plan: BatchPlan, outPath: String, jobs: Int, shard: BatchShard = .whole, whatIfApps: [[String]]? = nil, whatIf: WhatIf? = nil,
        sensitivity: SensitivityPlan? = nil, progress: @escaping @Sendable () -> Void = {}
    ) throws -> Output {
        let out = outPath.hasSuffix("/") && outPath.count > 1 ? String(outPath.dropLast()) : outPath
        let work = UnitWork(plan: plan, shard: shard, out: out, whatIfApps: whatIfApps, sensitivity: sensitivity)
        let units = shard.unitCount(of: plan.unitCount)
        let workers = max(1, min(jobs, units))
        if workers == 1 {
            var state = try WriterState(work)
            runInOrder(work, units: units, into: &state, progress: progress)
            return try finish(&state, work, whatIf: whatIf)
        }
        let state = Mutex(try WriterState(work))
        runOnWorkers(work, units: units, workers: workers, state: state, progress: progress)
        return try state.withLock { state throws -> Output in try finish(&state, work, whatIf: whatIf) }
    }

    /// Closes the batch once every unit has run: discards the streamed files when a unit
    /// failed; otherwise commits them and writes the batch-wide files (`assumptions.csv`, the
    /// survival tables, `comparison.csv`, a shard's manifest).
    private static func finish(_ state: inout WriterState, _ work: UnitWork, whatIf: WhatIf?) throws -> Output {
        let (plan, out, shard, whatIfApps) = (work.plan, work.out, work.shard, work.whatIfApps)
        state.output.unitsRun = state.nextToWrite
        state.output.serialNanoseconds += plan.traceReadNanoseconds
        guard state.output.failureCount == 0 else {
            state.summary?.discard()
            state.focusRuns?.discard()
            state.kills?.discard()
            return state.output
        }
        try state.summary?.commit()
        try state.focusRuns?.commit()
        try state.kills?.commit()
        try BatchAssumptionsCSV.write(plan, toPath: BatchReportFile.assumptions.path(in: out))
        if let values = state.focusValues, let apps = whatIfApps {
            state.output.focusRuns = FocusRunsTable(apps: plan.whatIfAppsByScenario(apps), runs: values)
        }
        state.output.tally = state.tally
        if plan.writesSurvival {
            try SurvivalCSV.write(plan, tally: state.tally, shard: shard.count > 1, toPath: BatchReportFile.survival.path(in: out))
            try BatchExitsCSV.write(plan, tally: state.tally, shard: shard.count > 1, toPath: BatchReportFile.exits.path(in: out))
            if plan.writesObserved {
                try ObservedCSV.write(plan, tally: state.tally, shard: shard.count > 1, toPath: BatchReportFile.observed.path(in: out))
            }
        }
        // Only single runs are compared there: a batch under every policy writes none.
        if plan.policy == .every, shard.count == 1, !state.comparison.isEmpty {
            try ComparisonCSV.write(state.comparison, toPath: BatchReportFile.comparison.path(in: out))
            state.output.comparisonRows = state.comparison
        }
        if shard.count > 1 {
            try ShardManifest(batch: plan.fingerprint, shard: shard, units: plan.unitCount, survival: plan.writesSurvival, whatIf: whatIf,
                              inputs: ShardManifest.inputsDigest(plan.inputFiles), assumptionsSHA256: AssumptionTable.shippedSHA256)
                .write(toFolder: out)
        }
        return state.output
    }

    /// Writes a unit's formatted rows (in unit order; under the lock, on workers).
    static func write(_ unit: UnitResult, plan: BatchPlan, into state: inout WriterState) {
        let result: UnitRows
        switch unit {
        case .failed(let failure):
            state.output.failureCount += 1
            if failure.isInvalidInput { state.output.invalidInputCount += 1 }
            if state.output.failures.count < Output.failuresKept { state.output.failures.append((failure.path, failure.message)) }
            if state.output.failureCode == nil { state.output.failureCode = failure.code }
            return
        case .ran(let made):
            result = made
        }
        state.summary?.appendLines(bytes: result.summaryBytes)
        if !result.focusBytes.isEmpty { state.focusRuns?.appendLines(bytes: result.focusBytes) }
        if !result.killBytes.isEmpty { state.kills?.appendLines(bytes: result.killBytes) }
        state.focusValues? += result.focusValues
        state.output.sensitivityRuns += result.sensitivityRuns
        for item in result.rows {
            switch result.kind {
            case .single: state.output.singleRunRows.append((result.entry, item.row))
            case .singleEveryPolicy:
                state.output.singleRunRows.append((result.entry, item.row))
                state.comparison.append(item.row)
            case .batch:
                let entry = plan.entries[result.entry]
                guard entry.points.first?.scenario.observed != nil else { continue }
                let length = item.row.extent.durationMs
                let known = state.output.observedRunLengths[entry.name]
                state.output.observedRunLengths[entry.name] = min(known?.lowerBound ?? length, length)...max(known?.upperBound ?? length, length)
            }
        }
    }
}

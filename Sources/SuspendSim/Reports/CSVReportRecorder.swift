#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A recorder that streams a run into the CSV files of a report folder (SPEC 8):
/// `transitions.csv`, `callbacks.csv`, `evictions.csv`, `memory.csv`, `pressure.csv` and
/// `skipped.csv`, `launches.csv` and `freezer.csv` as the run goes, then `survivors.csv`, `exits.csv` and
/// `tasks.csv` from the result (`finish(survivors:tasks:)`), each through one helper that opens
/// a report, writes its rows and closes it.
///
/// Each file has its own byte buffer, written out whenever it passes 256 KiB, so memory
/// stays bounded however long the run. App ids, the policy name and every enum spelling
/// are quoted once, up front: a row costs no `String` work. A long run's rows, but for
/// the few of `evictions.csv` and `freezer.csv`, are formatted on a thread of their own
/// (`CSVFormattingThread`), in the same order and to the same bytes, and the full buffers of
/// `transitions.csv`, `callbacks.csv` and `evictions.csv` are written out by another
/// (`CSVWriteBehindThread`).
///
/// Most callers want `Simulation.run(_:policy:writingReportTo:)`, which also makes the folder appear
/// whole or not at all. To drive it by hand:
///
/// ```swift
/// let recorder = try CSVReportRecorder(scenario: scenario, policyName: policy.name, folder: folder)
/// var simulation = Simulation(scenario, policy: policy, recorder: recorder)
/// simulation.run()
/// try recorder.finish(survivors: simulation.result.apps, tasks: simulation.result.tasks)
/// ```
///
/// Copies of a recorder share its files; rows recorded through any copy land in order.
/// Nothing may be recorded after `finish(survivors:tasks:)`.
///
/// - Complexity: each `record...` call is amortized O(row length), plus an occasional
///   write of 256 KiB.
///
/// The files' columns are declared in `RunReportColumns.swift`; each row writer visits them
/// in order.
package struct CSVReportRecorder: SimulationRecorder {
    /// How full a file's buffer gets before it is written out.
    package static let defaultFlushThreshold = 256 * 1024

    private let folder: String
    private let flushThreshold: Int
    /// The eight files streamed as the run goes.
    private let files: RunReportStreams
    /// App ids, the policy name and every enum spelling, quoted once.
    private let words: RunReportSpellings
    /// Most rows share their time with the row before (one event makes several): the time's
    /// digits are formatted once per instant.
    private let time = CSVTimeField()
    /// Which threads write the files: the run's alone, or, for a long run, a formatting
    /// thread and a write-behind thread beside it.
    private let threads: RunReportThreads
    /// A long run's formatting thread, which `threads` keeps alive: reached without the
    /// reference counting of a strong reference (two retains and releases a row, a fifth of
    /// what queueing the row cost).
    private let formatting: Unmanaged<CSVFormattingThread>?

    /// Creates the eight streamed files, with their header rows, in `folder` (which must exist
    /// and must not hold them yet).
    ///
    /// - Parameters:
    ///   - scenario: names the apps (`AppIndex` -> id).
    ///   - policyName: the `policy` column of `evictions.csv`.
    ///   - folder: where the files go.
    /// - Throws: `ReportWriter.Error` naming the file that could not be created.
    package init(scenario: Scenario, policyName: String, folder: URL) throws {
        try self.init(scenario: scenario, policyName: policyName, folderPath: folder.path,
                      flushThreshold: Self.defaultFlushThreshold)
    }

    /// As the public initializer, with the folder as a path and a chosen flush threshold
    /// (tests use tiny ones); `formatsOnAThreadOfItsOwn` hands six of the files to a
    /// `CSVFormattingThread` (the same bytes, written beside the run).
    init(scenario: Scenario, policyName: String, folderPath: String, flushThreshold: Int,
         formatsOnAThreadOfItsOwn: Bool = false) throws {
        folder = folderPath
        self.flushThreshold = flushThreshold
        // The full buffers of a long run's `transitions.csv`, `callbacks.csv` and
        // `evictions.csv` are written out by a thread of their own; the formatting thread
        // writes the other files it formats itself.
        let writeBehind = formatsOnAThreadOfItsOwn ? CSVWriteBehindThread() : nil
        files = try RunReportStreams(folderPath: folderPath, flushThreshold: flushThreshold, writeBehind: writeBehind)
        words = RunReportSpellings(scenario: scenario, policyName: policyName)
        let besideRows = RunReportBesideRows(files: files, words: words)
        if let writeBehind {
            // The formatting thread writes the rows there, with a time field of its own; after
            // the hand-over only that thread touches those six files' buffers.
            let writer = UncheckedSendable((rows: besideRows, time: CSVTimeField()))
            let thread = CSVFormattingThread { chunk in writer.value.rows.write(chunk, time: writer.value.time) }
            threads = .beside(formatting: thread, writeBehind: writeBehind)
            formatting = .passUnretained(thread)
        } else {
            threads = .runsThread(rows: besideRows)
            formatting = nil
        }
    }

    // MARK: SimulationRecorder
    //
    // The `record` methods change nothing in the recorder (its files are shared references),
    // yet are `mutating`, as `SimulationRecorder` declares them: the engine calls them
    // unspecialized from another module, through the protocol's witness, which then hands on
    // the recorder's address. A non-mutating method made the witness copy the whole recorder
    // (256 bytes, by `memcpy`) at every row first: about 52 instructions a row, 40 M of the
    // 847 M of a 10^5-event run (docs/performance.md, Part XI).

    /// A row of `transitions.csv`.
    package mutating func record(_ transition: EventLog.Transition) {
        if let formatting { return formatting._withUnsafeGuaranteedRef { $0.append(transition) } }
        writeOnRunsThread(transition)
    }

    /// A row of `callbacks.csv` (`phase` empty for an app-delegate app, SPEC 11).
    package mutating func record(_ callback: EventLog.CallbackRecord) {
        if let formatting { return formatting._withUnsafeGuaranteedRef { $0.append(callback) } }
        writeOnRunsThread(callback)
    }

    /// A row of `evictions.csv`.
    package mutating func record(_ eviction: Eviction) {
        files.evictions.appendRow(EvictionColumn.self) { column, row in
            switch column {
            case .seq: CSVFormatting.appendInteger(eviction.who.seq, to: &row)
            case .time: time.append(eviction.who.timeMs, to: &row)
            case .app: row.append(words.appIDs[eviction.who.app])
            case .state: row.append(words.states[eviction.who.state])
            case .footprint: CSVFormatting.appendMB(eviction.memory.footprintKiB, to: &row)
            case .reason: row.append(words.killReasons[eviction.who.reason])
            case .policy: row.append(words.policyName)
            case .freeBefore: CSVFormatting.appendMB(eviction.memory.freeBeforeKiB, to: &row)
            case .freeAfter: CSVFormatting.appendMB(eviction.memory.freeAfterKiB, to: &row)
            case .priority: if let priority = eviction.ranking.priority { CSVFormatting.appendInteger(priority, to: &row) }
            case .trigger: row.append(words.killTriggers[eviction.who.trigger])
            case .threshold: if let threshold = eviction.memory.thresholdKiB { CSVFormatting.appendMB(threshold, to: &row) }
            case .rank: if let rank = eviction.ranking.rank { CSVFormatting.appendInteger(rank, to: &row) }
            case .candidates: CSVFormatting.appendInteger(eviction.ranking.candidateCount, to: &row)
            case .runnerUp: if let runnerUp = eviction.ranking.runnerUp { row.append(words.appIDs[runnerUp]) }
            case .compressed: CSVFormatting.appendMB(eviction.compressor.compressedKiB, to: &row)
            }
        }
    }

    /// A row of `memory.csv`.
    package mutating func record(_ footprint: EventLog.FootprintRecord) {
        if let formatting { return formatting._withUnsafeGuaranteedRef { $0.append(footprint) } }
        writeOnRunsThread(footprint)
    }

    /// A row of `pressure.csv`.
    package mutating func record(_ free: EventLog.FreeRecord) {
        if let formatting { return formatting._withUnsafeGuaranteedRef { $0.append(free) } }
        writeOnRunsThread(free)
    }

    /// A row of `skipped.csv` (`app` empty when the event names none).
    package mutating func record(_ skip: EventLog.Skip) {
        if let formatting { return formatting._withUnsafeGuaranteedRef { $0.append(skip) } }
        writeOnRunsThread(skip)
    }

    /// A row of `launches.csv`.
    package mutating func record(_ launch: EventLog.Launch) {
        if let formatting { return formatting._withUnsafeGuaranteedRef { $0.append(launch) } }
        writeOnRunsThread(launch)
    }

    // A short run formats its rows on the run's thread, through these: kept out of the
    // `record` methods above, whose common case (a long run's) is then a copy into the chunk
    // with no register saved and restored around it (14 of its 33 instructions were the
    // pushes and pops this path needed: about 10 M of a 10^5-event run, docs/performance.md,
    // "The run's thread, the engine's steps"). `mutating` for the reason the `record` methods
    // are: non-mutating, the call copied the whole recorder (264 bytes) onto the stack first.

    @inline(never)
    private mutating func writeOnRunsThread(_ transition: EventLog.Transition) {
        if case .runsThread(let rows) = threads { rows.write(transition, time: time) }
    }

    @inline(never)
    private mutating func writeOnRunsThread(_ callback: EventLog.CallbackRecord) {
        if case .runsThread(let rows) = threads { rows.write(callback, time: time) }
    }

    @inline(never)
    private mutating func writeOnRunsThread(_ footprint: EventLog.FootprintRecord) {
        if case .runsThread(let rows) = threads { rows.write(footprint, time: time) }
    }

    @inline(never)
    private mutating func writeOnRunsThread(_ free: EventLog.FreeRecord) {
        if case .runsThread(let rows) = threads { rows.write(free, time: time) }
    }

    @inline(never)
    private mutating func writeOnRunsThread(_ skip: EventLog.Skip) {
        if case .runsThread(let rows) = threads { rows.write(skip, time: time) }
    }

    @inline(never)
    private mutating func writeOnRunsThread(_ launch: EventLog.Launch) {
        if case .runsThread(let rows) = threads { rows.write(launch, time: time) }
    }

    /// A row of `freezer.csv` (SPEC 37), written on the run's thread.
    package mutating func record(_ act: EventLog.FreezerRecord) {
        files.freezerActs.appendRow(FreezerColumn.self) { column, row in
            switch column {
            case .time: time.append(act.timeMs, to: &row)
            case .app: row.append(words.appIDs[act.app])
            case .action: row.append(words.freezerActions[act.action])
            case .written: CSVFormatting.appendMB(act.writtenKiB, to: &row)
            case .budgetLeft: CSVFormatting.appendMB(act.budgetLeftKiB, to: &row)
            case .frozenCount: CSVFormatting.appendInteger(act.frozenCount, to: &row)
            }
        }
    }

    // MARK: Finishing

    /// Writes `survivors.csv` and `exits.csv` from the run's outcome, one row per app in
    /// scenario order, and `tasks.csv`, one row per task request (SPEC 28), then writes out and
    /// closes every file. Closes them all even after an error.
    ///
    /// - Throws: the first `ReportWriter.Error` met while writing any of the files.
    package func finish(survivors: [AppOutcome], tasks: [EventLog.TaskRecord]) throws {
        if case .beside(let formatting, _) = threads { formatting.finish() }
        var firstError: (any Error)?
        do {
            try writeReport(.survivors, survivors, SurvivorColumn.self) { appendSurvivor($0, $1, to: &$2) }
            try writeReport(.exits, survivors, ExitColumn.self) { appendExit($0, $1, to: &$2) }
            try writeReport(.tasks, tasks, TaskColumn.self) { appendTask($0, $1, to: &$2) }
        } catch {
            firstError = error
        }
        for file in files.all {
            do {
                try file.close()
            } catch {
                if firstError == nil { firstError = error }
            }
        }
        if case .beside(_, let writeBehind) = threads { writeBehind.finish() }
        if let firstError { throw firstError }
    }

    /// Writes a report that the run's end makes whole (SPEC 8): opens `file` in the folder with
    /// its header, appends a row of `Columns` per item of `items` (`cell` appends the item's
    /// field in each column, in file order), then closes it. `survivors.csv`, `exits.csv` and
    /// `tasks.csv` go through here, as the streamed files go through
    /// `CSVFileBuffer.appendRow(_:_:)`.
    private func writeReport<Item, Columns: CSVColumns>(
        _ file: RunReportFile, _ items: [Item], _ columns: Columns.Type, _ cell: (Item, Columns, inout CSVRowWriter) -> Void
    ) throws {
        let buffer = try CSVFileBuffer(path: folder + "/" + file.rawValue, header: file.header, flushThreshold: flushThreshold)
        for item in items {
            buffer.appendRow(columns) { column, row in cell(item, column, &row) }
        }
        try buffer.close()
    }

    /// A row of `survivors.csv` (SPEC 8, 14, 17): `outcome`'s field in `column`.
    private func appendSurvivor(_ outcome: AppOutcome, _ column: SurvivorColumn, to row: inout CSVRowWriter) {
        switch column {
        case .app: CSVFormatting.appendField(outcome.id, to: &row)
        case .survived: CSVFormatting.appendBool(outcome.survived, to: &row)
        case .finalState: row.append(words.states[outcome.finalState])
        case .footprint: CSVFormatting.appendMB(outcome.footprintKiB, to: &row)
        case .coldLaunches: CSVFormatting.appendInteger(outcome.coldLaunches, to: &row)
        case .warmLaunches: CSVFormatting.appendInteger(outcome.warmLaunches, to: &row)
        case .pressureKills: CSVFormatting.appendInteger(outcome.pressureKills, to: &row)
        case .otherKills: CSVFormatting.appendInteger(outcome.otherKills, to: &row)
        case .stateLosses: CSVFormatting.appendInteger(outcome.stateLosses, to: &row)
        case .neverKilled: CSVFormatting.appendBool(outcome.neverKilled, to: &row)
        case .firstKill: if let firstKill = outcome.firstKillMs { CSVFormatting.appendSeconds(firstKill, to: &row) }
        case .resident: CSVFormatting.appendSeconds(outcome.residentMs, to: &row)
        case .launchWait: CSVFormatting.appendSeconds(outcome.launchWaitMs, to: &row)
        case .compressions: CSVFormatting.appendInteger(outcome.compressions, to: &row)
        case .refreshRuns: CSVFormatting.appendInteger(outcome.refreshRuns, to: &row)
        case .processingRuns: CSVFormatting.appendInteger(outcome.processingRuns, to: &row)
        case .freezes: CSVFormatting.appendInteger(outcome.freezes, to: &row)
        case .thaws: CSVFormatting.appendInteger(outcome.thaws, to: &row)
        }
    }

    /// A row of `exits.csv` (SPEC 17): the app's terminations in MetricKit's exit categories.
    private func appendExit(_ outcome: AppOutcome, _ column: ExitColumn, to row: inout CSVRowWriter) {
        switch column {
        case .app: CSVFormatting.appendField(outcome.id, to: &row)
        case .exit(let category): CSVFormatting.appendInteger(outcome.field.exits[category], to: &row)
        }
    }

    /// A row of `tasks.csv` (SPEC 28): one task request, in submission order, with what became
    /// of it; a run without `bg_tasks` writes the header alone.
    ///
    /// ```text
    /// seq,app,kind,submitted_s,due_s,granted_s,ended_s,outcome
    /// 1,com.acme.news,refresh,10.000,910.000,910.000,920.000,completed
    /// 2,com.acme.news,refresh,960.000,1810.000,,,pending
    /// ```
    private func appendTask(_ task: EventLog.TaskRecord, _ column: TaskColumn, to row: inout CSVRowWriter) {
        switch column {
        case .seq: CSVFormatting.appendInteger(task.seq, to: &row)
        case .app: row.append(words.appIDs[task.app])
        case .kind: row.append(words.taskKinds[task.kind])
        case .submitted: CSVFormatting.appendSeconds(task.submittedMs, to: &row)
        case .due: CSVFormatting.appendSeconds(task.dueMs, to: &row)
        case .granted: if let granted = task.grantedMs { CSVFormatting.appendSeconds(granted, to: &row) }
        case .ended: if let ended = task.endedMs { CSVFormatting.appendSeconds(ended, to: &row) }
        case .outcome: row.append(words.taskOutcomes[task.outcome])
        }
    }
}

/// A value handed to another thread whose type the compiler cannot check: the caller
/// guarantees that the threads do not touch it at once (`CSVReportRecorder`'s formatting
/// thread owns its three files once started).
///
/// Not the JSON fast path's `_UncheckedSendableBox`: that is a class with a mutable slot for a
/// result; this is an immutable struct, read once per row. Reading the recorder out of the
/// class's `var` on every row (a copy and an exclusivity check each time) made a 10^6-event run
/// 2.5 times slower (0.35 -> 0.91 s, measured).
private struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

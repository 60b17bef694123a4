#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A recorder that streams a run into the CSV files of a report folder (SPEC 8):
/// `transitions.csv`, `callbacks.csv`, `evictions.csv`, `memory.csv`, `pressure.csv` and
/// `skipped.csv` as the run goes, then `survivors.csv` from the result.
///
/// Each file has its own byte buffer, written out whenever it passes 256 KiB, so memory
/// stays bounded however long the run. App ids, the policy name and every enum spelling
/// are quoted once, up front: a row costs no `String` work.
///
/// Most callers want `ReportWriter.run(_:policy:into:)`, which also makes the folder appear
/// whole or not at all. To drive it by hand:
///
/// ```swift
/// let recorder = try CSVReportRecorder(scenario: scenario, policyName: policy.name, folder: folder)
/// var simulation = Simulation(scenario, policy: policy, recorder: recorder)
/// simulation.run()
/// try recorder.finish(survivors: simulation.result.apps)
/// ```
///
/// Copies of a recorder share its files; rows recorded through any copy land in order.
/// Nothing may be recorded after `finish(survivors:)`.
///
/// - Complexity: each `record...` call is amortized O(row length), plus an occasional
///   write of 256 KiB.
///
/// `evictions.csv` has one column more than SPEC 8 lists, `priority` (the victim's jetsam
/// band or lmkd adj; empty when the policy has none).
package struct CSVReportRecorder: SimulationRecorder {
    /// The files of a report folder and their header rows, in the order they are closed.
    static let headers: [(file: String, header: String)] = [
        ("transitions.csv", "time_s,app,from,to,cause"),
        ("callbacks.csv", "time_s,app,callback,phase"),
        ("evictions.csv", "seq,time_s,app,state,footprint_mb,reason,policy,free_before_mb,free_after_mb,priority,"
            + "trigger,threshold_mb,rank,candidates,runner_up"),
        ("memory.csv", "time_s,app,state,footprint_mb"),
        ("pressure.csv", "time_s,used_mb,free_mb,level"),
        ("skipped.csv", "time_s,event,app,reason"),
    ]
    static let survivorsFile = "survivors.csv"
    static let survivorsHeader =
        "app,survived,final_state,footprint_mb,cold_launches,warm_launches,pressure_kills,other_kills,state_losses,"
        + "never_killed,first_kill_s,resident_s"

    /// How full a file's buffer gets before it is written out.
    public static let defaultFlushThreshold = 256 * 1024

    private let folder: String
    private let flushThreshold: Int
    private let transitions: CSVFileBuffer
    private let callbacks: CSVFileBuffer
    private let evictions: CSVFileBuffer
    private let memory: CSVFileBuffer
    private let pressure: CSVFileBuffer
    private let skipped: CSVFileBuffer

    private let appIDs: CSVFieldStorage
    private let policyName: UnsafeBufferPointer<UInt8>
    private let policyNameStorage: CSVFieldStorage
    private let states = CSVFieldTable<LifecycleState>()
    private let callbackNames = CSVFieldTable<Callback>()
    private let scenePhases = CSVFieldTable<ScenePhase>()
    private let killReasons = CSVFieldTable<KillReason>()
    private let killTriggers = CSVFieldTable<KillTrigger>()
    private let timerKinds = CSVFieldTable<TimerKind>()
    private let eventKinds = CSVFieldTable<EventKind>()
    private let levels = CSVFieldTable<PressureLevel>()
    private let skipReasons = CSVFieldTable<SkipReason>()
    /// Most rows share their time with the row before (one event makes several): the time's
    /// digits are formatted once per instant.
    private let time = CSVTimeField()

    /// Creates the six streamed files, with their header rows, in `folder` (which must exist
    /// and must not hold them yet).
    ///
    /// - Parameters:
    ///   - scenario: names the apps (`AppIndex` -> id).
    ///   - policyName: the `policy` column of `evictions.csv`.
    ///   - folder: where the files go.
    /// - Throws: `ReportError` naming the file that could not be created.
    public init(scenario: Scenario, policyName: String, folder: URL) throws {
        try self.init(scenario: scenario, policyName: policyName, folderPath: folder.path,
                      flushThreshold: Self.defaultFlushThreshold)
    }

    /// As the public initializer, with the folder as a path and a chosen flush threshold
    /// (tests use tiny ones).
    init(scenario: Scenario, policyName: String, folderPath: String, flushThreshold: Int) throws {
        folder = folderPath
        self.flushThreshold = flushThreshold
        var files: [CSVFileBuffer] = []
        do {
            for (file, header) in Self.headers {
                files.append(try CSVFileBuffer(path: folderPath + "/" + file, header: header,
                                               flushThreshold: flushThreshold))
            }
        } catch {
            // Close what was opened; the caller removes the folder.
            for file in files { try? file.close() }
            throw error
        }
        (transitions, callbacks, evictions, memory, pressure, skipped) =
            (files[0], files[1], files[2], files[3], files[4], files[5])
        appIDs = CSVFieldStorage(scenario.apps.map { CSVFormatting.field($0.id) })
        policyNameStorage = CSVFieldStorage([CSVFormatting.field(policyName)])
        self.policyName = policyNameStorage[0]
    }

    // MARK: SimulationRecorder

    /// A row of `transitions.csv`: `time_s,app,from,to,cause`.
    public func recordTransition(at timeMs: Millis, app: AppIndex, from: LifecycleState, to: LifecycleState, cause: TransitionCause) {
        transitions.appendRow { row in
            time.append(timeMs, to: &row)
            row.append(CSVFormatting.comma)
            row.append(appIDs[app])
            row.append(CSVFormatting.comma)
            row.append(states[from])
            row.append(CSVFormatting.comma)
            row.append(states[to])
            row.append(CSVFormatting.comma)
            switch cause {
            case .event(let kind): row.append(eventKinds[kind])
            case .timer(let kind): row.append(timerKinds[kind])
            case .kill(let reason): row.append(killReasons[reason])
            }
        }
    }

    /// A row of `callbacks.csv`: `time_s,app,callback,phase` (`phase` empty for an
    /// app-delegate app, SPEC 11).
    public func recordCallback(at timeMs: Millis, app: AppIndex, _ callback: Callback, phase: ScenePhase?) {
        callbacks.appendRow { row in
            time.append(timeMs, to: &row)
            row.append(CSVFormatting.comma)
            row.append(appIDs[app])
            row.append(CSVFormatting.comma)
            row.append(callbackNames[callback])
            row.append(CSVFormatting.comma)
            if let phase { row.append(scenePhases[phase]) }
        }
    }

    /// A row of `evictions.csv`:
    /// `seq,time_s,app,state,footprint_mb,reason,policy,free_before_mb,free_after_mb,priority`,
    /// then SPEC 14's `trigger,threshold_mb,rank,candidates,runner_up`.
    public func recordEviction(_ eviction: Eviction) {
        evictions.appendRow { row in
            CSVFormatting.appendInteger(eviction.seq, to: &row)
            row.append(CSVFormatting.comma)
            time.append(eviction.timeMs, to: &row)
            row.append(CSVFormatting.comma)
            row.append(appIDs[eviction.app])
            row.append(CSVFormatting.comma)
            row.append(states[eviction.state])
            row.append(CSVFormatting.comma)
            CSVFormatting.appendMB(eviction.footprintKiB, to: &row)
            row.append(CSVFormatting.comma)
            row.append(killReasons[eviction.reason])
            row.append(CSVFormatting.comma)
            row.append(policyName)
            row.append(CSVFormatting.comma)
            CSVFormatting.appendMB(eviction.freeBeforeKiB, to: &row)
            row.append(CSVFormatting.comma)
            CSVFormatting.appendMB(eviction.freeAfterKiB, to: &row)
            row.append(CSVFormatting.comma)
            if let priority = eviction.priority { CSVFormatting.appendInteger(priority, to: &row) }
            row.append(CSVFormatting.comma)
            row.append(killTriggers[eviction.trigger])
            row.append(CSVFormatting.comma)
            if let threshold = eviction.thresholdKiB { CSVFormatting.appendMB(threshold, to: &row) }
            row.append(CSVFormatting.comma)
            if let rank = eviction.rank { CSVFormatting.appendInteger(rank, to: &row) }
            row.append(CSVFormatting.comma)
            CSVFormatting.appendInteger(eviction.candidateCount, to: &row)
            row.append(CSVFormatting.comma)
            if let runnerUp = eviction.runnerUp { row.append(appIDs[runnerUp]) }
        }
    }

    /// A row of `memory.csv`: `time_s,app,state,footprint_mb`.
    public func recordFootprint(at timeMs: Millis, app: AppIndex, state: LifecycleState, footprintKiB: KiB) {
        memory.appendRow { row in
            time.append(timeMs, to: &row)
            row.append(CSVFormatting.comma)
            row.append(appIDs[app])
            row.append(CSVFormatting.comma)
            row.append(states[state])
            row.append(CSVFormatting.comma)
            CSVFormatting.appendMB(footprintKiB, to: &row)
        }
    }

    /// A row of `pressure.csv`: `time_s,used_mb,free_mb,level`.
    public func recordFree(at timeMs: Millis, usedKiB: KiB, freeKiB: KiB, level: PressureLevel) {
        pressure.appendRow { row in
            time.append(timeMs, to: &row)
            row.append(CSVFormatting.comma)
            CSVFormatting.appendMB(usedKiB, to: &row)
            row.append(CSVFormatting.comma)
            CSVFormatting.appendMB(freeKiB, to: &row)
            row.append(CSVFormatting.comma)
            row.append(levels[level])
        }
    }

    /// A row of `skipped.csv`: `time_s,event,app,reason` (`app` empty when the event names
    /// none).
    public func recordSkipped(at timeMs: Millis, event: EventKind, app: AppIndex?, reason: SkipReason) {
        skipped.appendRow { row in
            time.append(timeMs, to: &row)
            row.append(CSVFormatting.comma)
            row.append(eventKinds[event])
            row.append(CSVFormatting.comma)
            if let app { row.append(appIDs[app]) }
            row.append(CSVFormatting.comma)
            row.append(skipReasons[reason])
        }
    }

    // MARK: Finishing

    /// Writes `survivors.csv` from the run's outcome, one row per app in scenario order,
    /// then writes out and closes every file. Closes them all even after an error.
    ///
    /// - Throws: the first `ReportError` met while writing any of the files.
    public func finish(survivors: [AppOutcome]) throws {
        var firstError: (any Error)?
        do {
            let file = try CSVFileBuffer(path: folder + "/" + Self.survivorsFile, header: Self.survivorsHeader,
                                         flushThreshold: flushThreshold)
            for outcome in survivors {
                file.appendRow { row in
                    CSVFormatting.appendField(outcome.id, to: &row)
                    row.append(CSVFormatting.comma)
                    CSVFormatting.appendBool(outcome.survived, to: &row)
                    row.append(CSVFormatting.comma)
                    row.append(states[outcome.finalState])
                    row.append(CSVFormatting.comma)
                    CSVFormatting.appendMB(outcome.footprintKiB, to: &row)
                    for count in [outcome.coldLaunches, outcome.warmLaunches, outcome.pressureKills,
                                  outcome.otherKills, outcome.stateLosses] {
                        row.append(CSVFormatting.comma)
                        CSVFormatting.appendInteger(count, to: &row)
                    }
                    // SPEC 14's outcome columns.
                    row.append(CSVFormatting.comma)
                    CSVFormatting.appendBool(outcome.neverKilled, to: &row)
                    row.append(CSVFormatting.comma)
                    if let firstKill = outcome.firstKillMs { CSVFormatting.appendSeconds(firstKill, to: &row) }
                    row.append(CSVFormatting.comma)
                    CSVFormatting.appendSeconds(outcome.residentMs, to: &row)
                }
            }
            try file.close()
        } catch {
            firstError = error
        }
        for file in [transitions, callbacks, evictions, memory, pressure, skipped] {
            do {
                try file.close()
            } catch {
                if firstError == nil { firstError = error }
            }
        }
        if let firstError { throw firstError }
    }
}

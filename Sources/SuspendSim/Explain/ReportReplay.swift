@_spi(Generators) import SuspendSimCore
import Foundation

/// A report folder's run, found again: the scenario file named in its `device.csv`, at the
/// sweep point and replicate its path names, under its policy (SPEC 14 `explain`).
///
/// A folder holds what happened, not the policy's whole order at each kill; the run is
/// deterministic, so replaying it gives that order exactly. The replay is checked against the
/// folder's `evictions.csv`: a scenario file edited since the report was written is an error,
/// not a wrong explanation.
package struct ReportReplay {
    package var scenario: Scenario
    package var policy: any EvictionPolicy
    /// The kills the folder recorded: time, app and reason, in order.
    package var recordedKills: [(timeMs: String, app: String, reason: String)]

    /// Finds the run of the report folder at `folder`.
    ///
    /// - Throws: `ExplainError` saying what is missing or does not match.
    package init(folder: String) throws(ExplainError) {
        try Self.checkIsRunFolder(folder)
        let device = try Self.table(RunReportFile.device.path(in: folder))
        var values: [String: String] = [:]
        for row in device.rows where row.count == DeviceColumn.allCases.count { values[row[0]] = row[1] }
        guard let file = values[DeviceCSV.RunKey.file.rawValue], let policyName = values[DeviceCSV.RunKey.policy.rawValue] else {
            throw ExplainError("\(RunReportFile.device.path(in: folder)): no file or policy row; is this a report folder?")
        }
        guard !file.isEmpty else { throw ExplainError("\(folder): the run came from a scenario built in code; nothing to replay") }
        let template: ScenarioTemplate
        do {
            template = try ScenarioLoader.template(path: Self.scenarioPath(file, of: folder))
        } catch {
            throw ExplainError("\(folder): cannot read its scenario \(file): \(error.description)")
        }
        guard let policy = template.scenario.policy(named: policyName) else {
            throw ExplainError("\(RunReportFile.device.path(in: folder)): policy '\(policyName)' is neither built in nor in \(file)")
        }
        // The folder's path names its sweep point (`KEY=VALUE`) and replicate (`replicate-N`).
        let components = URL(fileURLWithPath: folder).standardizedFileURL.pathComponents
        var settings: [SweepSetting] = []
        var pointValues: [String: String] = [:]
        var replicate: Int?
        for component in components {
            if let number = RunFolderName.replicate(in: component).flatMap({ Int($0) }) {
                replicate = number
            } else if let setting = RunFolderName.setting(in: component), setting.key != .policy {
                settings.append(SweepSetting(axis: SweepAxis(key: setting.key, values: [setting.value]), index: 0))
                pointValues[setting.key.path] = setting.value
            }
        }
        var scenario: Scenario
        do {
            scenario = try template.scenario(at: settings)
        } catch {
            throw ExplainError("\(folder): its sweep point does not read: \(error.description)")
        }
        if scenario.isRandomized {
            scenario.seed = try Self.seed(near: folder, scenario: scenario.name, policy: policyName,
                                          replicate: replicate ?? 0, point: pointValues)
        }
        self.scenario = scenario
        self.policy = policy
        let evictions = try Self.table(RunReportFile.evictions.path(in: folder))
        let column = { (column: EvictionColumn) in evictions.header.firstIndex(of: column.rawValue) }
        guard let time = column(.time), let app = column(.app), let reason = column(.reason)
        else { throw ExplainError("\(RunReportFile.evictions.path(in: folder)): no time_s, app or reason column") }
        recordedKills = evictions.rows.filter { $0.count > max(time, app, reason) }.map { ($0[time], $0[app], $0[reason]) }
    }

    /// What a replay gives `explain`: the evictions with the head of the policy's order at
    /// each, and for each pressure kill (by `seq`) what brought free memory down before it.
    package struct Outcome {
        package var evictions: [Eviction]
        package var freeDrops: [Int: FreeDrop]
        /// For each victim that held compressed memory (by `seq`), its compression steps.
        package var compressionSteps: [Int: [CompressionStep]]
        /// The run's task grants and rows (SPEC 28).
        package var tasks: TaskNarrative.Context
        /// Frozen victims' standings and the launches that waited for a thaw (SPEC 37).
        package var freezer: FreezerNarrative.Context
    }

    /// Replays the run, step by step, and returns its evictions and what lowered free memory.
    ///
    /// - Throws: `ExplainError` when the replay's kills differ from the folder's.
    package func run() throws(ExplainError) -> Outcome {
        var simulation = Simulation(scenario, policy: policy, recorder: OrderRecorder())
        var tracker = FreeDropTracker()
        while let time = simulation.peek() {
            let event = simulation.nextStepEvent()
            let before = simulation.freeKiB
            let evictionsBefore = simulation.recorder.evictions.count
            let freesBefore = simulation.recorder.frees.count
            simulation.step()
            tracker.stepRan(at: time, cause: event.map(describe) ?? "a timer", freeBefore: before,
                            lowestFree: simulation.recorder.frees[freesBefore...].min() ?? before,
                            evictions: simulation.recorder.evictions[evictionsBefore...])
        }
        let evictions = simulation.recorder.evictions
        let replayed = evictions.map { (CSVFormatting.secondsText($0.who.timeMs), scenario.apps[$0.who.app].id, $0.who.reason.rawValue) }
        guard replayed.count == recordedKills.count,
              zip(replayed, recordedKills).allSatisfy({ $0.0 == $1.timeMs && $0.1 == $1.app && $0.2 == $1.reason })
        else {
            throw ExplainError("the replay of \(scenario.sourcePath ?? scenario.name) does not give the folder's evictions: was the scenario changed since the report was written?")
        }
        let tasks = TaskNarrative.Context(grants: simulation.recorder.grants, grantBefore: simulation.recorder.grantBefore,
                                          tasks: simulation.result.tasks)
        return Outcome(evictions: evictions, freeDrops: tracker.drops, compressionSteps: simulation.recorder.compressions.stepsByEviction,
                       tasks: tasks, freezer: simulation.recorder.freezer.context)
    }

    /// An event as `explain` names it: its kind and its app (`open com.example.game`).
    private func describe(_ event: ScenarioEvent) -> String {
        let kind = event.action.kind.rawValue
        return event.action.app.map { "\(kind) \(scenario.apps[$0].id)" } ?? kind
    }

    /// The seed of a batch's replicate, from the `summary.csv` of the batch (in a folder above).
    private static func seed(near folder: String, scenario: String, policy: String, replicate: Int,
                             point: [String: String]) throws(ExplainError) -> UInt64 {
        var url = URL(fileURLWithPath: folder).standardizedFileURL
        for _ in 0..<6 {
            url.deleteLastPathComponent()
            let summary = BatchReportFile.summary.path(in: url.path)
            guard FileManager.default.fileExists(atPath: summary) else { continue }
            let table = try table(summary)
            let column = { (name: String) in table.header.firstIndex(of: name) }
            guard let scenarioColumn = column(SummaryColumn.scenario.rawValue), let policyColumn = column(SummaryColumn.policy.rawValue),
                  let seedColumn = column(SummaryColumn.seed.rawValue),
                  let replicateColumn = column(SummaryColumn.replicate.rawValue) else { continue }
            let row = table.rows.first { row in
                row.count == table.header.count && row[scenarioColumn] == scenario && row[policyColumn] == policy
                    && row[replicateColumn] == String(replicate)
                    && point.allSatisfy { key, value in column(key).map { row[$0] == value } ?? false }
            }
            if let row, let seed = UInt64(row[seedColumn]) { return seed }
        }
        throw ExplainError("\(folder): cannot find this replicate's seed in the batch's \(BatchReportFile.summary.fileName)")
    }

    /// Where the scenario file `file` (as `device.csv` names it: the path `run` was given) is
    /// now: as given when it is absolute or is there from the current folder (the folder
    /// `run` ran in), else under the nearest folder above the report folder that holds it, so
    /// that `explain .` works from inside `Reports/NAME` too. Unchanged when none holds it
    /// (the error then names it as given).
    static func scenarioPath(_ file: String, of folder: String) -> String {
        let manager = FileManager.default
        if file.hasPrefix("/") || manager.fileExists(atPath: file) { return file }
        var ancestor = URL(fileURLWithPath: folder).standardizedFileURL
        while ancestor.path != "/" {
            let candidate = ancestor.appendingPathComponent(file).path
            if manager.fileExists(atPath: candidate) { return candidate }
            ancestor.deleteLastPathComponent()
        }
        return file
    }

    /// A report CSV's header and rows (read by `ReportCSV`, as the HTML report reads them).
    /// A folder without `device.csv` is not a run's folder: the error names up to five run
    /// folders below it and how many there are (SPEC 14), so that a batch's `--out`, or a folder
    /// a one-value `--set` nested one level deeper, says where the runs are.
    private static func checkIsRunFolder(_ folder: String) throws(ExplainError) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue,
              !RunFoldersBelow.isRunFolder(folder)
        else { return }
        throw ExplainError("\(folder) is not a run's report folder: it has no \(RunReportFile.device.fileName). "
            + RunFoldersBelow(folder: folder).sentence)
    }

    private static func table(_ path: String) throws(ExplainError) -> (header: [String], rows: [[String]]) {
        do {
            let csv = try ReportCSV(path: path)
            return (csv.header, try csv.rows())
        } catch {
            throw ExplainError("\(error)")
        }
    }
}

/// What `explain` could not do, for people.
package struct ExplainError: Error, Sendable, CustomStringConvertible {
    package var description: String
    init(_ description: String) { self.description = description }
}

/// Keeps the evictions of a replay, with the head of the policy's order at each, every value
/// free memory took, the compression steps of each victim, and the task grants (SPEC 28).
private struct OrderRecorder: SimulationRecorder {
    var evictions: [Eviction] = []
    var frees: [KiB] = []
    var grants: [TaskNarrative.Grant] = []
    var grantBefore: [Int: TaskNarrative.Grant] = [:]
    static var recordsPolicyOrder: Bool { true }
    mutating func record(_ transition: EventLog.Transition) {
        guard case .grant(let grant) = transition.cause else { return }
        grants.append(TaskNarrative.Grant(
            timeMs: transition.timeMs, app: transition.app, kind: grant == .refresh ? .refresh : .processing,
            launched: transition.from == .notRunning))
    }
    mutating func record(_ callback: EventLog.CallbackRecord) {}
    var compressions = CompressionStepTracker()
    mutating func record(_ eviction: Eviction) {
        evictions.append(eviction)
        if let grant = grants.last, grant.timeMs == eviction.who.timeMs { grantBefore[eviction.who.seq] = grant }
        compressions.evictionRow(eviction)
        freezer.evictionRow(eviction)
    }
    var freezer = FreezerStandingTracker()
    mutating func record(_ act: EventLog.FreezerRecord) { freezer.act(act) }
    mutating func record(_ footprint: EventLog.FootprintRecord) {
        compressions.footprintRow(at: footprint.timeMs, app: footprint.app, state: footprint.state, compressedKiB: footprint.compressedKiB)
    }
    mutating func record(_ free: EventLog.FreeRecord) { frees.append(free.freeKiB) }
    mutating func record(_ skip: EventLog.Skip) {}
}

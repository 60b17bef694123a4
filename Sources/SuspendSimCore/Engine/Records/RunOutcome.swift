/// What a run ends with, whatever recorded it: each app's outcome (`survivors.csv`, SPEC 8),
/// the run's totals (`summary.csv`, SPEC 21) and its task requests (`tasks.csv`, SPEC 28).
///
/// Not generic: the recorder is no part of it, so the report folder's writer, the batch's
/// tables and `check` take the same value whether the run kept its records in memory, wrote
/// them to files or dropped them. `SimulationResult` is this outcome and the recorder.
package struct RunOutcome: Sendable, Hashable {
    package var scenarioName: String
    package var policyName: String
    /// Per app, in scenario order.
    package var apps: [AppOutcome]
    /// Scenario events run, skipped ones included.
    package var eventsRun: Int
    /// Of those, the no-ops (`skipped.csv`).
    package var eventsSkipped: Int
    /// The lowest free memory of the run, the starting value included.
    package var minFreeKiB: KiB
    /// The run's length: `end_s` when given, else the last event or timer (SPEC 21
    /// `duration_s`, the end `resident_s` counts to).
    package var durationMs: Millis
    /// The apps killed for `memory-pressure`, in order, by index.
    package var pressureEvictionOrder: [AppIndex]
    /// Every pressure kill, in order, by index (the reaper's and `vm-pageshortage` included).
    package var pressureKillOrder: [AppIndex]
    /// Every task request, in submission order, with what became of it; empty without
    /// `bg_tasks`.
    package var tasks: [EventLog.TaskRecord]

    package init(
        scenarioName: String, policyName: String, apps: [AppOutcome], eventsRun: Int, eventsSkipped: Int, minFreeKiB: KiB,
        durationMs: Millis, pressureEvictionOrder: [AppIndex], pressureKillOrder: [AppIndex], tasks: [EventLog.TaskRecord]
    ) {
        self.scenarioName = scenarioName
        self.policyName = policyName
        self.apps = apps
        self.eventsRun = eventsRun
        self.eventsSkipped = eventsSkipped
        self.minFreeKiB = minFreeKiB
        self.durationMs = durationMs
        self.pressureEvictionOrder = pressureEvictionOrder
        self.pressureKillOrder = pressureKillOrder
        self.tasks = tasks
    }

    /// The ids of the apps killed for `memory-pressure`, in order (SPEC 7 `expect.evictions`).
    package var pressureEvictions: [String] { pressureEvictionOrder.map { apps[$0].id } }
    /// The ids of the apps killed by every pressure kill, in order (SPEC 5, 11).
    package var pressureKilled: [String] { pressureKillOrder.map { apps[$0].id } }
    /// The ids of the apps resident at the end.
    package var survivors: [String] { apps.filter(\.survived).map(\.id) }
    package var coldLaunches: Int { apps.reduce(0) { $0 + $1.coldLaunches } }
    package var warmLaunches: Int { apps.reduce(0) { $0 + $1.warmLaunches } }
    /// `summary.csv`'s `pressure_kills` (SPEC 5, 11).
    package var pressureKills: Int { apps.reduce(0) { $0 + $1.pressureKills } }
    package var stateLosses: Int { apps.reduce(0) { $0 + $1.stateLosses } }
    /// The apps' launch waits added up (SPEC 17 `launch_wait_s` of `summary.csv`).
    package var launchWaitMs: Millis { apps.reduce(.zero) { $0 + $1.launchWaitMs } }
}

/// What a run ends with: each app's outcome (`survivors.csv`) and the run's totals
/// (`summary.csv`), plus whatever the recorder kept.
public struct SimulationResult<Recorder: SimulationRecorder> {
    /// One row of `survivors.csv`.
    public typealias AppOutcome = SuspendSimCore.AppOutcome

    public var scenarioName: String
    public var policyName: String
    /// Per app, in scenario order.
    public var apps: [AppOutcome]
    /// Scenario events run, skipped ones included.
    public var eventsRun: Int
    /// Of those, the no-ops (`skipped.csv`).
    public var eventsSkipped: Int
    /// The lowest free memory of the run, the starting value included.
    public var minFreeKiB: KiB
    /// The apps killed for `memory-pressure`, in order, by index.
    public var pressureEvictionOrder: [AppIndex]
    /// The recorder, with whatever it kept.
    public var log: Recorder

    /// The ids of the apps killed for `memory-pressure`, in order (`expect.evictions`).
    public var pressureEvictions: [String] { pressureEvictionOrder.map { apps[$0].id } }
    /// The ids of the apps resident at the end.
    public var survivors: [String] { apps.filter(\.survived).map(\.id) }
    public var coldLaunches: Int { apps.reduce(0) { $0 + $1.coldLaunches } }
    public var warmLaunches: Int { apps.reduce(0) { $0 + $1.warmLaunches } }
    /// `memory-pressure` and `vm-pageshortage` kills.
    public var pressureKills: Int { apps.reduce(0) { $0 + $1.pressureKills } }
    public var stateLosses: Int { apps.reduce(0) { $0 + $1.stateLosses } }
}

extension SimulationResult: Sendable where Recorder: Sendable {}

/// One app's outcome: a row of `survivors.csv`.
public struct AppOutcome: Sendable, Hashable {
    public var id: String
    /// Resident at the end of the run.
    public var survived: Bool
    public var finalState: LifecycleState
    public var footprintKiB: KiB
    public var coldLaunches: Int
    public var warmLaunches: Int
    public var pressureKills: Int
    public var otherKills: Int
    public var stateLosses: Int
    /// When the app was first killed by the system (a pressure or other kill, SPEC 5); nil
    /// when never. Force-quits and exits-on-suspend are the user's or the app's choice.
    public var firstKillMs: Millis?
    /// How long the app was resident, until `end_s` when given, else until the run's end.
    public var residentMs: Millis

    /// No pressure or other kill in the run (SPEC 14 `never_killed`): "resident at the end"
    /// (`survived`) is not "never killed".
    public var neverKilled: Bool { pressureKills + otherKills == 0 }
}

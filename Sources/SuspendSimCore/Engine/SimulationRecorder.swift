/// Receives everything a run does, in the order it happens. The CSV report writer, the
/// in-memory `EventLog` and the no-op `NullRecorder` implement it; a run is generic over
/// its recorder so that the hot loop calls it directly.
public protocol SimulationRecorder {
    /// An app changed state (`transitions.csv`).
    mutating func recordTransition(at timeMs: Millis, app: AppIndex, from: LifecycleState, to: LifecycleState, cause: TransitionCause)
    /// An app received a callback (`callbacks.csv`); `phase` is a scene-based app's
    /// `ScenePhase` after it, nil for an app-delegate app (SPEC 11).
    mutating func recordCallback(at timeMs: Millis, app: AppIndex, _ callback: Callback, phase: ScenePhase?)
    /// An app was terminated (`evictions.csv`).
    mutating func recordEviction(_ eviction: Eviction)
    /// An app's footprint changed (`memory.csv`).
    mutating func recordFootprint(at timeMs: Millis, app: AppIndex, state: LifecycleState, footprintKiB: KiB)
    /// Free memory changed (`pressure.csv`).
    mutating func recordFree(at timeMs: Millis, usedKiB: KiB, freeKiB: KiB, level: PressureLevel)
    /// An event was a no-op (`skipped.csv`).
    mutating func recordSkipped(at timeMs: Millis, event: EventKind, app: AppIndex?, reason: SkipReason)
}

/// One termination: a row of `evictions.csv`.
public struct Eviction: Sendable, Hashable {
    /// 1 for the run's first termination, then rising.
    public var seq: Int
    public var timeMs: Millis
    public var app: AppIndex
    /// The state the app was in when it was terminated.
    public var state: LifecycleState
    /// Its footprint when terminated (after any purge).
    public var footprintKiB: KiB
    public var reason: KillReason
    /// Free memory just before the termination (after any purge) and just after.
    public var freeBeforeKiB: KiB
    public var freeAfterKiB: KiB
    /// The victim's band or adj under the policy in force, when the policy has one.
    public var priority: Int?
}

/// A recorder that keeps nothing: for benchmarks and for runs whose result alone matters.
public struct NullRecorder: SimulationRecorder, Sendable {
    public init() {}
    public mutating func recordTransition(at timeMs: Millis, app: AppIndex, from: LifecycleState, to: LifecycleState, cause: TransitionCause) {}
    public mutating func recordCallback(at timeMs: Millis, app: AppIndex, _ callback: Callback, phase: ScenePhase?) {}
    public mutating func recordEviction(_ eviction: Eviction) {}
    public mutating func recordFootprint(at timeMs: Millis, app: AppIndex, state: LifecycleState, footprintKiB: KiB) {}
    public mutating func recordFree(at timeMs: Millis, usedKiB: KiB, freeKiB: KiB, level: PressureLevel) {}
    public mutating func recordSkipped(at timeMs: Millis, event: EventKind, app: AppIndex?, reason: SkipReason) {}
}

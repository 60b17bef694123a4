/// Receives everything a run does, in the order it happens. The CSV report writer, the
/// in-memory `EventLog` and the no-op `NullRecorder` implement it; a run is generic over
/// its recorder so that the hot loop calls it directly.
public protocol SimulationRecorder {
    /// An app changed state (`transitions.csv`).
    mutating func recordTransition(at timeMs: Millis, app: AppIndex, from: LifecycleState, to: LifecycleState, cause: EventLog.TransitionCause)
    /// An app received a callback (`callbacks.csv`); `phase` is a scene-based app's
    /// `Callback.ScenePhase` after it, nil for an app-delegate app (SPEC 11).
    mutating func recordCallback(at timeMs: Millis, app: AppIndex, _ callback: Callback, phase: Callback.ScenePhase?)
    /// An app was terminated (`evictions.csv`).
    mutating func recordEviction(_ eviction: Eviction)
    /// An app's footprint or compressed memory changed (`memory.csv`).
    mutating func recordFootprint(at timeMs: Millis, app: AppIndex, state: LifecycleState, footprintKiB: KiB, compressedKiB: KiB)
    /// Free memory or the compressor changed (`pressure.csv`): the apps' compressed memory
    /// added up, and what the compressor holds it in.
    mutating func recordFree(
        at timeMs: Millis, usedKiB: KiB, freeKiB: KiB, level: EventLog.PressureLevel, compressedKiB: KiB, compressorKiB: KiB)
    /// An event was a no-op (`skipped.csv`).
    mutating func recordSkipped(at timeMs: Millis, event: ScenarioEvent.Kind, app: AppIndex?, reason: EventLog.SkipReason)
    /// An app was launched (`launches.csv`): cold from `not-running`, else warm, with its wait
    /// as `launch_wait_s` counts it (SPEC 17, 22). A no-op unless the recorder keeps launches.
    mutating func recordLaunch(at timeMs: Millis, app: AppIndex, cold: Bool, waitMs: Millis)
    /// Whether evictions carry the victim's place in the policy's order (`rank`,
    /// `candidateCount`, `runnerUp`), which costs a scan of the candidates per kill. True by
    /// default; the `NullRecorder` of summary-only runs says no.
    static var recordsVictimOrder: Bool { get }
    /// Whether evictions carry the head of the policy's order (`Eviction.policyOrder`), which
    /// costs a sort per kill. False by default; `suspendsim explain` asks for it.
    static var recordsPolicyOrder: Bool { get }
}

extension SimulationRecorder {
    public mutating func recordLaunch(at timeMs: Millis, app: AppIndex, cold: Bool, waitMs: Millis) {}
    public static var recordsVictimOrder: Bool { true }
    public static var recordsPolicyOrder: Bool { false }
}

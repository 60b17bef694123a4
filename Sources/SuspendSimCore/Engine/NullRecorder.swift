/// A recorder that keeps nothing: for benchmarks and for runs whose result alone matters.
public struct NullRecorder: SimulationRecorder, Sendable {
    public init() {}
    public static var recordsVictimOrder: Bool { false }
    public mutating func recordTransition(at timeMs: Millis, app: AppIndex, from: LifecycleState, to: LifecycleState, cause: EventLog.TransitionCause) {}
    public mutating func recordCallback(at timeMs: Millis, app: AppIndex, _ callback: Callback, phase: Callback.ScenePhase?) {}
    public mutating func recordEviction(_ eviction: Eviction) {}
    public mutating func recordFootprint(at timeMs: Millis, app: AppIndex, state: LifecycleState, footprintKiB: KiB, compressedKiB: KiB) {}
    public mutating func recordFree(
        at timeMs: Millis, usedKiB: KiB, freeKiB: KiB, level: EventLog.PressureLevel, compressedKiB: KiB, compressorKiB: KiB
    ) {}
    public mutating func recordSkipped(at timeMs: Millis, event: ScenarioEvent.Kind, app: AppIndex?, reason: EventLog.SkipReason) {}
}

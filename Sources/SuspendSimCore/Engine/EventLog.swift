/// A recorder that keeps every record in memory, for tests and for library users who want
/// to assert on a run: `Simulation.run(scenario).log.callbacks(of: "com.example.a")`.
public struct EventLog: SimulationRecorder, Sendable {
    public struct Transition: Sendable, Hashable {
        public var timeMs: Millis
        public var app: AppIndex
        public var from: LifecycleState
        public var to: LifecycleState
        public var cause: EventLog.TransitionCause
    }

    public struct CallbackRecord: Sendable, Hashable {
        public var timeMs: Millis
        public var app: AppIndex
        public var callback: Callback
        /// A scene-based app's phase after the callback; nil for an app-delegate app.
        public var phase: Callback.ScenePhase?
    }

    public struct FootprintRecord: Sendable, Hashable {
        public var timeMs: Millis
        public var app: AppIndex
        public var state: LifecycleState
        public var footprintKiB: KiB
        /// Its compressed memory (SPEC 22's `c`).
        public var compressedKiB: KiB
    }

    public struct FreeRecord: Sendable, Hashable {
        public var timeMs: Millis
        public var usedKiB: KiB
        public var freeKiB: KiB
        public var level: EventLog.PressureLevel
        /// The apps' compressed memory added up, and what the compressor holds it in (SPEC 22).
        public var compressedKiB: KiB
        public var compressorKiB: KiB
    }

    public struct Skip: Sendable, Hashable {
        public var timeMs: Millis
        public var event: ScenarioEvent.Kind
        public var app: AppIndex?
        public var reason: EventLog.SkipReason
    }

    public struct Launch: Sendable, Hashable {
        public var timeMs: Millis
        public var app: AppIndex
        /// From `not-running`; else warm.
        public var cold: Bool
        /// As `launch_wait_s` counts it (SPEC 17, 22).
        public var waitMs: Millis
    }

    public private(set) var transitions: [Transition] = []
    public private(set) var callbacks: [CallbackRecord] = []
    public private(set) var evictions: [Eviction] = []
    public private(set) var footprints: [FootprintRecord] = []
    public private(set) var frees: [FreeRecord] = []
    public private(set) var skips: [Skip] = []
    public private(set) var launches: [Launch] = []

    public init() {}

    public mutating func recordTransition(at timeMs: Millis, app: AppIndex, from: LifecycleState, to: LifecycleState, cause: EventLog.TransitionCause) {
        transitions.append(Transition(timeMs: timeMs, app: app, from: from, to: to, cause: cause))
    }

    public mutating func recordCallback(at timeMs: Millis, app: AppIndex, _ callback: Callback, phase: Callback.ScenePhase?) {
        callbacks.append(CallbackRecord(timeMs: timeMs, app: app, callback: callback, phase: phase))
    }

    public mutating func recordEviction(_ eviction: Eviction) {
        evictions.append(eviction)
    }

    public mutating func recordFootprint(at timeMs: Millis, app: AppIndex, state: LifecycleState, footprintKiB: KiB, compressedKiB: KiB) {
        footprints.append(FootprintRecord(timeMs: timeMs, app: app, state: state, footprintKiB: footprintKiB, compressedKiB: compressedKiB))
    }

    public mutating func recordFree(
        at timeMs: Millis, usedKiB: KiB, freeKiB: KiB, level: EventLog.PressureLevel, compressedKiB: KiB, compressorKiB: KiB
    ) {
        frees.append(FreeRecord(
            timeMs: timeMs, usedKiB: usedKiB, freeKiB: freeKiB, level: level, compressedKiB: compressedKiB, compressorKiB: compressorKiB))
    }

    public mutating func recordSkipped(at timeMs: Millis, event: ScenarioEvent.Kind, app: AppIndex?, reason: EventLog.SkipReason) {
        skips.append(Skip(timeMs: timeMs, event: event, app: app, reason: reason))
    }

    public mutating func recordLaunch(at timeMs: Millis, app: AppIndex, cold: Bool, waitMs: Millis) {
        launches.append(Launch(timeMs: timeMs, app: app, cold: cold, waitMs: waitMs))
    }

    /// The callbacks `app` received, in order.
    public func callbacks(of app: AppIndex) -> [Callback] {
        callbacks.filter { $0.app == app }.map(\.callback)
    }

    /// Records the log again into `recorder`: each kind of record in the order it was
    /// recorded (every record kind has its own report file, so this is the order each file
    /// gets during the run).
    package func replay<Other: SimulationRecorder>(into recorder: inout Other) {
        for record in transitions {
            recorder.recordTransition(at: record.timeMs, app: record.app, from: record.from, to: record.to, cause: record.cause)
        }
        for record in callbacks { recorder.recordCallback(at: record.timeMs, app: record.app, record.callback, phase: record.phase) }
        for eviction in evictions { recorder.recordEviction(eviction) }
        for record in footprints {
            recorder.recordFootprint(
                at: record.timeMs, app: record.app, state: record.state, footprintKiB: record.footprintKiB, compressedKiB: record.compressedKiB)
        }
        for record in frees {
            recorder.recordFree(
                at: record.timeMs, usedKiB: record.usedKiB, freeKiB: record.freeKiB, level: record.level,
                compressedKiB: record.compressedKiB, compressorKiB: record.compressorKiB)
        }
        for record in skips { recorder.recordSkipped(at: record.timeMs, event: record.event, app: record.app, reason: record.reason) }
        for record in launches { recorder.recordLaunch(at: record.timeMs, app: record.app, cold: record.cold, waitMs: record.waitMs) }
    }
}

/// The rows of a run's report files, one struct each: the one shape of a row, which the engine
/// makes and every `SimulationRecorder` takes whole (`Eviction` and `EventLog.TaskRecord` are
/// the other two).
extension EventLog {
    public struct Transition: Sendable, Hashable {
        public var timeMs: Millis
        public var app: AppIndex
        public var from: LifecycleState
        public var to: LifecycleState
        public var cause: EventLog.TransitionCause

        public init(timeMs: Millis, app: AppIndex, from: LifecycleState, to: LifecycleState, cause: EventLog.TransitionCause) {
            self.timeMs = timeMs
            self.app = app
            self.from = from
            self.to = to
            self.cause = cause
        }
    }

    public struct CallbackRecord: Sendable, Hashable {
        public var timeMs: Millis
        public var app: AppIndex
        public var callback: Callback
        /// A scene-based app's phase after the callback; nil for an app-delegate app.
        public var phase: Callback.ScenePhase?

        public init(timeMs: Millis, app: AppIndex, callback: Callback, phase: Callback.ScenePhase?) {
            self.timeMs = timeMs
            self.app = app
            self.callback = callback
            self.phase = phase
        }
    }

    public struct FootprintRecord: Sendable, Hashable {
        public var timeMs: Millis
        public var app: AppIndex
        public var state: LifecycleState
        public var footprintKiB: KiB
        /// Its compressed memory (SPEC 22's `c`).
        public var compressedKiB: KiB
        /// Its memory on flash (SPEC 37): its footprint while on flash, else 0.
        public var flashKiB: KiB

        public init(timeMs: Millis, app: AppIndex, state: LifecycleState, footprintKiB: KiB, compressedKiB: KiB, flashKiB: KiB) {
            self.timeMs = timeMs
            self.app = app
            self.state = state
            self.footprintKiB = footprintKiB
            self.compressedKiB = compressedKiB
            self.flashKiB = flashKiB
        }
    }

    public struct FreeRecord: Sendable, Hashable {
        public var timeMs: Millis
        public var usedKiB: KiB
        public var freeKiB: KiB
        public var level: EventLog.PressureLevel
        /// The apps' compressed memory added up, and what the compressor holds it in (SPEC 22).
        public var compressedKiB: KiB
        public var compressorKiB: KiB
        /// The apps' memory on flash added up (SPEC 37).
        public var flashKiB: KiB

        public init(
            timeMs: Millis, usedKiB: KiB, freeKiB: KiB, level: EventLog.PressureLevel, compressedKiB: KiB, compressorKiB: KiB,
            flashKiB: KiB
        ) {
            self.timeMs = timeMs
            self.usedKiB = usedKiB
            self.freeKiB = freeKiB
            self.level = level
            self.compressedKiB = compressedKiB
            self.compressorKiB = compressorKiB
            self.flashKiB = flashKiB
        }
    }

    public struct Skip: Sendable, Hashable {
        public var timeMs: Millis
        public var event: ScenarioEvent.Kind
        public var app: AppIndex?
        public var reason: EventLog.SkipReason

        public init(timeMs: Millis, event: ScenarioEvent.Kind, app: AppIndex?, reason: EventLog.SkipReason) {
            self.timeMs = timeMs
            self.event = event
            self.app = app
            self.reason = reason
        }
    }

    public struct Launch: Sendable, Hashable {
        public var timeMs: Millis
        public var app: AppIndex
        /// From `not-running`; else warm.
        public var cold: Bool
        /// As `launch_wait_s` counts it (SPEC 17, 22).
        public var waitMs: Millis

        public init(timeMs: Millis, app: AppIndex, cold: Bool, waitMs: Millis) {
            self.timeMs = timeMs
            self.app = app
            self.cold = cold
            self.waitMs = waitMs
        }
    }
}

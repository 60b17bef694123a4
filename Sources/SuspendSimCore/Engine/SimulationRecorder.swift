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
    /// An app's footprint changed (`memory.csv`).
    mutating func recordFootprint(at timeMs: Millis, app: AppIndex, state: LifecycleState, footprintKiB: KiB)
    /// Free memory changed (`pressure.csv`).
    mutating func recordFree(at timeMs: Millis, usedKiB: KiB, freeKiB: KiB, level: EventLog.PressureLevel)
    /// An event was a no-op (`skipped.csv`).
    mutating func recordSkipped(at timeMs: Millis, event: ScenarioEvent.Kind, app: AppIndex?, reason: EventLog.SkipReason)
    /// Whether evictions carry the victim's place in the policy's order (`rank`,
    /// `candidateCount`, `runnerUp`), which costs a scan of the candidates per kill. True by
    /// default; the `NullRecorder` of summary-only runs says no.
    static var recordsVictimOrder: Bool { get }
    /// Whether evictions carry the head of the policy's order (`Eviction.policyOrder`), which
    /// costs a sort per kill. False by default; `suspendsim explain` asks for it.
    static var recordsPolicyOrder: Bool { get }
}

extension SimulationRecorder {
    public static var recordsVictimOrder: Bool { true }
    public static var recordsPolicyOrder: Bool { false }
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
    /// What set the kill off (SPEC 14).
    public var trigger: Eviction.Trigger
    /// The free-memory target of the loop that killed: critical, idle or reaper free, 0 for a
    /// page shortage; nil for limit, timer and user kills (SPEC 16).
    public var thresholdKiB: KiB?
    /// Where the policy's order of the resident non-frontmost apps placed the victim (1 =
    /// first); nil for the frontmost app, and when the recorder does not want it
    /// (`recordsVictimOrder`). A kill the policy chose is taken as it was chosen (rank 1).
    public var rank: Int?
    /// That order's length (0 when the recorder does not want it).
    public var candidateCount: Int
    /// The first app of that order that is not the victim: the one the policy would have
    /// named instead.
    public var runnerUp: AppIndex?
    /// The head of that order, first first (up to 6 apps: the victim and 5 others), as the
    /// policy saw them; empty unless the recorder `recordsPolicyOrder` (`suspendsim explain`).
    public var policyOrder: [Candidate] = []

    public init(
        seq: Int, timeMs: Millis, app: AppIndex, state: LifecycleState, footprintKiB: KiB, reason: KillReason,
        freeBeforeKiB: KiB, freeAfterKiB: KiB, priority: Int?, trigger: Eviction.Trigger? = nil, thresholdKiB: KiB? = nil,
        rank: Int? = nil, candidateCount: Int = 0, runnerUp: AppIndex? = nil, policyOrder: [Candidate] = []
    ) {
        self.seq = seq
        self.timeMs = timeMs
        self.app = app
        self.state = state
        self.footprintKiB = footprintKiB
        self.reason = reason
        self.freeBeforeKiB = freeBeforeKiB
        self.freeAfterKiB = freeAfterKiB
        self.priority = priority
        self.trigger = trigger ?? Eviction.Trigger(reason)
        self.thresholdKiB = thresholdKiB
        self.rank = rank
        self.candidateCount = candidateCount
        self.runnerUp = runnerUp
        self.policyOrder = policyOrder
    }
}

extension Eviction {
    /// The policy's order of the resident non-frontmost apps around one victim (SPEC 14).
    public struct VictimOrder: Sendable, Hashable {
        /// The victim's place, 1 = first; nil when it is not in the order (the frontmost app).
        public var rank: Int?
        /// The order's length.
        public var count: Int
        /// The first app of the order that is not the victim.
        public var runnerUp: AppIndex?
        /// The order's head (see `Eviction.policyOrder`).
        public var head: [Candidate] = []

        public init(rank: Int?, count: Int, runnerUp: AppIndex?) {
            self.rank = rank
            self.count = count
            self.runnerUp = runnerUp
        }
    }
}

/// A recorder that keeps nothing: for benchmarks and for runs whose result alone matters.
public struct NullRecorder: SimulationRecorder, Sendable {
    public init() {}
    public static var recordsVictimOrder: Bool { false }
    public mutating func recordTransition(at timeMs: Millis, app: AppIndex, from: LifecycleState, to: LifecycleState, cause: EventLog.TransitionCause) {}
    public mutating func recordCallback(at timeMs: Millis, app: AppIndex, _ callback: Callback, phase: Callback.ScenePhase?) {}
    public mutating func recordEviction(_ eviction: Eviction) {}
    public mutating func recordFootprint(at timeMs: Millis, app: AppIndex, state: LifecycleState, footprintKiB: KiB) {}
    public mutating func recordFree(at timeMs: Millis, usedKiB: KiB, freeKiB: KiB, level: EventLog.PressureLevel) {}
    public mutating func recordSkipped(at timeMs: Millis, event: ScenarioEvent.Kind, app: AppIndex?, reason: EventLog.SkipReason) {}
}

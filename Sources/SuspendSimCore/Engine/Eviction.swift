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
    /// The victim's compressed memory at the kill, at its uncompressed size (SPEC 22
    /// `evictions.csv` `compressed_mb`): the kill freed what the compressor held it in.
    public var compressedKiB: KiB
    /// For a kill with a free-memory target, why compression did not reach the target first
    /// (SPEC 23, `explain`); nil for any other kill.
    public var compressionShortfall: Eviction.CompressionShortfall?

    public init(
        seq: Int, timeMs: Millis, app: AppIndex, state: LifecycleState, footprintKiB: KiB, reason: KillReason,
        freeBeforeKiB: KiB, freeAfterKiB: KiB, priority: Int?, trigger: Eviction.Trigger? = nil, thresholdKiB: KiB? = nil,
        rank: Int? = nil, candidateCount: Int = 0, runnerUp: AppIndex? = nil, policyOrder: [Candidate] = [],
        compressedKiB: KiB, compressionShortfall: Eviction.CompressionShortfall?
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
        self.compressedKiB = compressedKiB
        self.compressionShortfall = compressionShortfall
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

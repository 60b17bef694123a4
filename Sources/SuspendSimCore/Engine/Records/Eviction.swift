/// One termination: a row of `evictions.csv`, in four named parts: who was killed and why,
/// memory around the kill, where the policy ranked the victim, and the compressor's part.
public struct Eviction: Sendable, Hashable {
    /// Which termination it was, of which app, and why.
    public var who: Who
    /// Footprint and free memory around the kill.
    public var memory: Memory
    /// The victim's priority and its place in the policy's order.
    public var ranking: Ranking
    /// What the compressor held of the victim, and why compression fell short.
    public var compressor: Compressor

    public init(who: Who, memory: Memory, ranking: Ranking, compressor: Compressor) {
        self.who = who
        self.memory = memory
        self.ranking = ranking
        self.compressor = compressor
    }
}

extension Eviction {
    /// Which termination, of which app, and why (`evictions.csv` `seq` to `reason`, `trigger`).
    public struct Who: Sendable, Hashable {
        /// 1 for the run's first termination, then rising.
        public var seq: Int
        public var timeMs: Millis
        public var app: AppIndex
        /// The state the app was in when it was terminated.
        public var state: LifecycleState
        public var reason: KillReason
        /// What set the kill off (SPEC 14); by default the reason's own trigger.
        public var trigger: Eviction.Trigger

        public init(
            seq: Int, timeMs: Millis, app: AppIndex, state: LifecycleState, reason: KillReason, trigger: Eviction.Trigger? = nil
        ) {
            self.seq = seq
            self.timeMs = timeMs
            self.app = app
            self.state = state
            self.reason = reason
            self.trigger = trigger ?? Eviction.Trigger(reason)
        }
    }

    /// Memory around the kill (`footprint_mb`, `free_before_mb`, `free_after_mb`,
    /// `threshold_mb`).
    public struct Memory: Sendable, Hashable {
        /// The victim's footprint when terminated (after any purge).
        public var footprintKiB: KiB
        /// Free memory just before the termination (after any purge) and just after.
        public var freeBeforeKiB: KiB
        public var freeAfterKiB: KiB
        /// The free-memory target of the loop that killed: critical, idle or reaper free, 0
        /// for a page shortage; nil for limit, timer and user kills (SPEC 16).
        public var thresholdKiB: KiB?

        public init(footprintKiB: KiB, freeBeforeKiB: KiB, freeAfterKiB: KiB, thresholdKiB: KiB? = nil) {
            self.footprintKiB = footprintKiB
            self.freeBeforeKiB = freeBeforeKiB
            self.freeAfterKiB = freeAfterKiB
            self.thresholdKiB = thresholdKiB
        }
    }

    /// The victim's priority and its place in the policy's order (`priority`, `rank`,
    /// `candidates`, `runner_up`; SPEC 14).
    public struct Ranking: Sendable, Hashable {
        /// The victim's band or adj under the policy in force, when the policy has one.
        public var priority: Int?
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
        public var policyOrder: [Candidate]

        /// `priority`, and `order` as the recorder asked for it (nil: none).
        public init(priority: Int?, order: Eviction.VictimOrder? = nil) {
            self.priority = priority
            rank = order?.rank
            candidateCount = order?.count ?? 0
            runnerUp = order?.runnerUp
            policyOrder = order?.head ?? []
        }
    }

    /// The compressor's part in the kill (SPEC 22, 23).
    public struct Compressor: Sendable, Hashable {
        /// The victim's compressed memory at the kill, at its uncompressed size (`evictions.csv`
        /// `compressed_mb`): the kill freed what the compressor held it in.
        public var compressedKiB: KiB
        /// For a kill with a free-memory target, why compression did not reach the target
        /// first (SPEC 23, `explain`); nil for any other kill.
        public var shortfall: Eviction.CompressionShortfall?

        public init(compressedKiB: KiB, shortfall: Eviction.CompressionShortfall?) {
            self.compressedKiB = compressedKiB
            self.shortfall = shortfall
        }
    }

    /// The policy's order of the resident non-frontmost apps around one victim (SPEC 14).
    public struct VictimOrder: Sendable, Hashable {
        /// The victim's place, 1 = first; nil when it is not in the order (the frontmost app).
        public var rank: Int?
        /// The order's length.
        public var count: Int
        /// The first app of the order that is not the victim.
        public var runnerUp: AppIndex?
        /// The order's head (see `Eviction.Ranking.policyOrder`).
        public var head: [Candidate] = []

        public init(rank: Int?, count: Int, runnerUp: AppIndex?) {
            self.rank = rank
            self.count = count
            self.runnerUp = runnerUp
        }
    }
}

/// One row of `Reports/summary.csv` (SPEC 8): a run's totals, in four named parts: which run
/// it was, how big it was, its launches, and its memory. No field of a part has a default, so
/// that a row built part by part cannot leave one out unseen (a run's length once was, on
/// some paths only). The row and its parts are built with their memberwise initialisers,
/// every field named.
package struct SummaryRow: Sendable, Hashable {
    /// Which run: its scenario, policy, seed and replicate.
    package var run: Run
    /// How big the run was: its apps, events, length and foreground time.
    package var extent: Extent
    /// The run's launches and their waits (SPEC 17).
    package var launches: Launches
    /// The run's memory: pressure kills, state losses and the lowest free memory.
    package var memory: Memory
}

extension SummaryRow {
    /// The totals of a finished run, whichever recorder it had.
    ///
    /// - Complexity: O(apps × distinct launch waits)
    init<R>(result: SimulationResult<R>, seed: UInt64? = nil, replicate: Int? = nil) {
        self.init(outcome: result.outcome, seed: seed, replicate: replicate)
    }

    /// The totals of a finished run.
    ///
    /// - Complexity: O(apps × distinct launch waits)
    init(outcome result: RunOutcome, seed: UInt64? = nil, replicate: Int? = nil) {
        let waits = LaunchWaits(result.apps)
        self.init(
            run: Run(scenario: result.scenarioName, policy: result.policyName, seed: seed, replicate: replicate),
            extent: Extent(apps: result.apps.count, events: result.eventsRun, skippedEvents: result.eventsSkipped,
                           durationMs: result.durationMs, foregroundMs: result.apps.reduce(.zero) { $0 + $1.field.foregroundMs }),
            launches: Launches(cold: result.coldLaunches, warm: result.warmLaunches, waitMs: result.launchWaitMs,
                               waitP50Ms: waits.percentile(50), waitP95Ms: waits.percentile(95)),
            memory: Memory(pressureKills: result.pressureKills, stateLosses: result.stateLosses, minFreeKiB: result.minFreeKiB,
                           freezes: result.apps.reduce(0) { $0 + $1.freezes }, thaws: result.apps.reduce(0) { $0 + $1.thaws },
                           frozenWrittenKiB: result.apps.reduce(.zero) { $0 + $1.frozenWrittenKiB }))
    }
}

extension SummaryRow {
    /// Which run (`scenario`, `policy`, `seed`, `replicate`).
    public struct Run: Sendable, Hashable {
        /// The scenario's name.
        public var scenario: String
        /// The eviction policy in force.
        public var policy: String
        /// The random seed; nil for a scenario without randomness.
        public var seed: UInt64?
        /// The replicate number; nil for a scenario without randomness.
        public var replicate: Int?
    }

    /// How big the run was (`apps`, `events`, `duration_s`; the frontmost time behind
    /// `kills_per_use_hour`).
    public struct Extent: Sendable, Hashable {
        /// How many apps the scenario has.
        public var apps: Int
        /// Scenario events run, skipped ones included.
        public var events: Int
        /// Of those, the no-ops (`skipped.csv`); not a `summary.csv` column.
        public var skippedEvents: Int
        /// The run's length (SPEC 21 `duration_s`).
        public var durationMs: Millis
        /// The time an app was frontmost (`active` or `inactive`), the apps' foreground time
        /// added up: SPEC 1 has one frontmost app at a time (`kills_per_use_hour`).
        public var foregroundMs: Millis
    }

    /// The run's launches (`cold_launches`, `warm_launches`, `launch_wait_s` and its
    /// percentiles; SPEC 8, 17).
    public struct Launches: Sendable, Hashable {
        public var cold: Int
        public var warm: Int
        /// The apps' launch waits added up (SPEC 17).
        public var waitMs: Millis
        /// The median and 95th percentile, nearest-rank, of the run's launch waits, one per
        /// launch (`launch_wait_p50_s`, `launch_wait_p95_s`); nil without a launch.
        public var waitP50Ms: Millis?
        public var waitP95Ms: Millis?
    }

    /// The run's memory (`pressure_kills`, `state_losses`, `min_free_mb`; SPEC 37's `freezes`,
    /// `thaws`, `frozen_mb_written`).
    public struct Memory: Sendable, Hashable {
        /// `memory-pressure` and `vm-pageshortage` kills.
        public var pressureKills: Int
        public var stateLosses: Int
        /// The lowest free memory of the run, the starting value included.
        public var minFreeKiB: KiB
        /// The freezer's freezes (refreezes included) and thaws, and what it wrote to flash.
        public var freezes: Int
        public var thaws: Int
        public var frozenWrittenKiB: KiB
    }
}

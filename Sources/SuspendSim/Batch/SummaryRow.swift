/// One row of `Reports/summary.csv` (SPEC 8): a run's totals.
package struct SummaryRow: Sendable, Hashable {
    /// The scenario's name.
    public var scenario: String
    /// The eviction policy in force.
    public var policy: String
    /// The random seed; nil for a scenario without randomness.
    public var seed: UInt64?
    /// The replicate number; nil for a scenario without randomness.
    public var replicate: Int?
    /// How many apps the scenario has.
    public var apps: Int
    /// Scenario events run, skipped ones included.
    public var events: Int
    /// Of those, the no-ops (`skipped.csv`); not a `summary.csv` column.
    public var skippedEvents: Int
    public var coldLaunches: Int
    public var warmLaunches: Int
    /// `memory-pressure` and `vm-pageshortage` kills.
    public var pressureKills: Int
    public var stateLosses: Int
    /// The lowest free memory of the run, the starting value included.
    public var minFreeKiB: KiB
    /// The apps' launch waits added up (SPEC 17).
    public var launchWaitMs: Millis
    /// The run's length (SPEC 21 `duration_s`).
    public var durationMs: Millis
    /// The median and 95th percentile, nearest-rank, of the run's launch waits, one per
    /// launch (`launch_wait_p50_s`, `launch_wait_p95_s`); nil without a launch.
    public var launchWaitP50Ms: Millis?
    public var launchWaitP95Ms: Millis?
    /// The time an app was frontmost (`active` or `inactive`), the apps' foreground time added
    /// up: SPEC 1 has one frontmost app at a time (`kills_per_use_hour`).
    public var foregroundMs: Millis

    /// A row with every field named: no field has a default, so that a row built field by
    /// field cannot leave one out unseen (a run's length once was, on some paths only).
    public init(
        scenario: String, policy: String, seed: UInt64?, replicate: Int?, apps: Int, events: Int,
        coldLaunches: Int, warmLaunches: Int, pressureKills: Int, stateLosses: Int, minFreeKiB: KiB,
        launchWaitMs: Millis, durationMs: Millis, launchWaitP50Ms: Millis?, launchWaitP95Ms: Millis?,
        foregroundMs: Millis, skippedEvents: Int
    ) {
        self.scenario = scenario
        self.policy = policy
        self.seed = seed
        self.replicate = replicate
        self.apps = apps
        self.events = events
        self.skippedEvents = skippedEvents
        self.coldLaunches = coldLaunches
        self.warmLaunches = warmLaunches
        self.pressureKills = pressureKills
        self.stateLosses = stateLosses
        self.minFreeKiB = minFreeKiB
        self.launchWaitMs = launchWaitMs
        self.durationMs = durationMs
        self.launchWaitP50Ms = launchWaitP50Ms
        self.launchWaitP95Ms = launchWaitP95Ms
        self.foregroundMs = foregroundMs
    }

    /// The totals of a finished run.
    ///
    /// - Complexity: O(apps × distinct launch waits)
    public init<R>(result: SimulationResult<R>, seed: UInt64? = nil, replicate: Int? = nil) {
        let waits = LaunchWaits(result.apps)
        self.init(
            scenario: result.scenarioName, policy: result.policyName, seed: seed, replicate: replicate,
            apps: result.apps.count, events: result.eventsRun, coldLaunches: result.coldLaunches,
            warmLaunches: result.warmLaunches, pressureKills: result.pressureKills,
            stateLosses: result.stateLosses, minFreeKiB: result.minFreeKiB, launchWaitMs: result.launchWaitMs,
            durationMs: result.durationMs, launchWaitP50Ms: waits.percentile(50), launchWaitP95Ms: waits.percentile(95),
            foregroundMs: result.apps.reduce(.zero) { $0 + $1.field.foregroundMs }, skippedEvents: result.eventsSkipped)
    }
}

extension AppRuntime {
    /// What a run counts of one app for its outcome (`survivors.csv`, `exits.csv`, SPEC 14, 17,
    /// 22): counters and times the outcome reports, beside the state the rules run on.
    struct Statistics {
        var coldLaunches = 0
        var warmLaunches = 0
        var pressureKills = 0
        var otherKills = 0
        var stateLosses = 0
        /// When the first pressure or other kill happened (SPEC 14 `first_kill_s`); nil: never.
        var firstKillMs: Millis?
        /// Time resident in earlier residencies, and when the current one began.
        var residentMs: Millis = .zero
        var residentSinceMs: Millis = .zero
        /// What MetricKit would have measured of the app so far (SPEC 17).
        var field = AppOutcome.FieldMetrics()
        /// The time up to which `field` has counted the app's state and footprint.
        var fieldCountedToMs: Millis = .zero
        /// Compression steps so far (`survivors.csv` `compressions`).
        var compressions = 0
        /// Terminations so far by `evictions.csv` trigger (SPEC 41).
        var kills = Eviction.TriggerCounts()
        /// Freezes and refreezes, and thaws, in the run (`survivors.csv` `freezes`, `thaws`,
        /// SPEC 37), and what its freezes wrote to flash.
        var freezes = 0
        var thaws = 0
        var frozenWrittenKiB: KiB = .zero
    }
}

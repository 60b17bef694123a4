/// Whether the simulation meets the field at a point (SPEC 26 "The field's own uncertainty",
/// SPEC 27 "Garwood's k"): a counter matches when its simulated 95 % interval and the field's
/// Poisson interval overlap, intervals that touch overlapping. A point with one run has no
/// simulated interval: its mean stands for one (of width 0), so it matches when the field's
/// interval holds the mean. Only the exit and launch counters are judged, not the seconds.
///
/// Judged on the numbers `observed.csv` prints (3 decimals), so that the file, `check` and the
/// verdict agree.
enum FieldMatch {
    /// A closed interval `low...high`.
    struct Interval: Sendable, Hashable {
        var low: Double
        var high: Double
    }

    /// The distance in intervals between `observed` and `simulated` (SPEC 27): the gap between
    /// them divided by the sum of their half-widths; 0 when they overlap, and infinite when
    /// they are apart and both of width 0.
    static func distance(_ observed: Interval, _ simulated: Interval) -> Double {
        let gap = max(0, simulated.low - observed.high, observed.low - simulated.high)
        guard gap > 0 else { return 0 }
        let halves = (observed.high - observed.low) / 2 + (simulated.high - simulated.low) / 2
        return halves > 0 ? gap / halves : .infinity
    }

    /// Whether a counter takes part in `observed_within_ci` and the verdict: the exit and
    /// launch counters do, the seconds do not (SPEC 27).
    static func isJudged(_ counter: Scenario.Observed.Counter) -> Bool {
        counter.kind != .seconds
    }
}

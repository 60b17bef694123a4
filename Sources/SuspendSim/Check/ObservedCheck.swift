/// `expect: { observed_within_ci: true }` (SPEC 18, 26): at each point of the batch and under
/// each policy, every observed exit and launch counter's simulated 95 % interval overlaps the
/// field's own interval (Garwood's, `PoissonInterval`), as `FieldMatch` says: touching
/// overlaps, and a point with one run matches when the field's interval holds its mean. The
/// seconds are not judged (SPEC 27). Judged on the numbers `observed.csv` prints (3 decimals),
/// so that what a reader sees and what `check` says agree. `BatchCheck` puts these problems
/// into a point's result.
enum ObservedCheck {
    /// What is wrong at one group (a point under one policy) of a batch's `tally`, whose
    /// observed app is its `app`-th (`observed.app`, or its place among pooled users' apps,
    /// SPEC 24): one line per judged counter of `observed` whose intervals do not overlap, in
    /// `observed.counters` order; empty when all overlap.
    static func problems(_ observed: Scenario.Observed, app: AppIndex, group: Int, tally: SurvivalTally) -> [String] {
        let counts = tally.counts(group: group, app: app)
        return observed.counters.compactMap { counter, thousandths in
            guard FieldMatch.isJudged(counter) else { return nil }
            let sums = ObservedCSV.Sums(runs: tally.runs[group], total: counts.value(of: counter),
                                        squares: tally.observedSquares(group: group, counter: counter))
            return problem(counter, observed: thousandths, days: observed.days(measuring: counter), sums: sums)
        }
    }

    /// What is wrong with one counter at one point, or nil when the intervals overlap.
    static func problem(_ counter: Scenario.Observed.Counter, observed: Int64, days: Int, sums: ObservedCSV.Sums) -> String? {
        guard sums.runs > 0 else { return "\(counter.rawValue): no run" }
        let mean = CheckDecimals.thousandths(Double(sums.total) / Double(sums.runs))
        let (low, high) = ObservedCSV.interval(sums).map { (CheckDecimals.thousandths($0.low), CheckDecimals.thousandths($0.high)) }
            ?? (mean, mean)
        let field = PoissonInterval.perDay(thousandthsPerDay: observed, days: days)
        let (fieldLow, fieldHigh) = (CheckDecimals.thousandths(field.low), CheckDecimals.thousandths(field.high))
        let distance = FieldMatch.distance(.init(low: Double(fieldLow), high: Double(fieldHigh)), .init(low: Double(low), high: Double(high)))
        guard distance > 0 else { return nil }
        let text = CheckDecimals.text
        let simulated = sums.runs == 1 ? "the simulated mean \(text(mean)) (1 run)"
            : "the simulated interval \(text(low))..\(text(high)) (mean \(text(mean)) per run, \(sums.runs) runs)"
        return "\(counter.rawValue) observed \(text(observed)) a day (field interval \(text(fieldLow))..\(text(fieldHigh)) "
            + "over \(days) day\(days == 1 ? "" : "s")) does not meet \(simulated): \(FieldVerdict.distanceText(distance)) apart"
    }
}

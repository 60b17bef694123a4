/// `expect: { observed_within_ci: true }` (SPEC 18): every observed counter lies inside its
/// simulated 95 % interval, at each point of the batch and under each policy. Judged on the
/// numbers `observed.csv` prints (3 decimals), so that what a reader sees and what `check`
/// says agree; a point with one run has no interval, and passes only when its mean equals
/// the observed value. `BatchCheck` puts these problems into a point's result.
enum ObservedCheck {
    /// What is wrong at one group (a point under one policy) of a batch's `tally`, whose
    /// observed app is its `app`-th (`observed.app`, or its place among pooled users' apps,
    /// SPEC 24): one line per counter of `observed` outside its interval, in
    /// `observed.counters` order; empty when all are inside.
    static func problems(_ observed: Scenario.Observed, app: AppIndex, group: Int, tally: SurvivalTally) -> [String] {
        let counts = tally.counts(group: group, app: app)
        return observed.counters.compactMap { counter, thousandths in
            let sums = ObservedCSV.Sums(runs: tally.runs[group], total: counts.value(of: counter),
                                        squares: tally.observedSquares(group: group, counter: counter))
            return problem(counter, observed: thousandths, sums: sums)
        }
    }

    /// What is wrong with one counter at one point, or nil when its observed value is inside.
    static func problem(_ counter: Scenario.Observed.Counter, observed: Int64, sums: ObservedCSV.Sums) -> String? {
        guard sums.runs > 0 else { return "\(counter.rawValue): no run" }
        let mean = CheckDecimals.thousandths(Double(sums.total) / Double(sums.runs))
        let (low, high) = ObservedCSV.interval(sums).map { (CheckDecimals.thousandths($0.low), CheckDecimals.thousandths($0.high)) }
            ?? (mean, mean)
        guard observed < low || observed > high else { return nil }
        let text = CheckDecimals.text
        return "\(counter.rawValue) observed \(text(observed)) a day is outside the simulated interval "
            + "\(text(low))..\(text(high)) (mean \(text(mean)) per run, \(sums.runs) run\(sums.runs == 1 ? "" : "s"))"
    }
}

/// `expect.rates` (SPEC 19): an app's `never_killed_rate`, `launched_survival_rate` or
/// `survival_rate` lies within its bound, at each point of the batch and under each policy.
///
/// A rate is judged on the value `survival.csv` prints (3 decimals, C's `printf("%.3f")`), so
/// that what a reader sees and what `check` says agree: 0.7995 is printed, and judged, as
/// 0.800. An app never launched at a point has no `launched_survival_rate` (the file's cell is
/// empty): a bound on it fails there, saying so, since nothing was measured.
/// `BatchCheck` puts these problems into a point's result.
enum RateCheck {
    /// What is wrong with `bound` at one group of `runs` runs whose counts of the bound's app
    /// are `counts`, or nil when the rate is within it: `0.650, expected >= 0.800 (never killed
    /// in 13 of 20 runs)`.
    static func problem(_ bound: Scenario.Expectation.RateBound, runs: Int, counts: SurvivalTally.Counts) -> String? {
        let expected = "expected \(text(bound.thousandths))"
        guard runs > 0 else { return "no run at this point (\(expected))" }
        let (numerator, denominator, story): (Int, Int, String)
        switch bound.rate {
        case .neverKilledRate:
            (numerator, denominator, story) = (counts.fate.neverKilled, runs, "never killed in \(counts.fate.neverKilled) of \(Self.runs(runs))")
        case .survivalRate:
            (numerator, denominator, story) = (counts.fate.survived, runs, "survived \(counts.fate.survived) of \(Self.runs(runs))")
        case .launchedSurvivalRate:
            guard counts.fate.launched > 0 else {
                return "never launched in the \(Self.runs(runs)) of this point, so it has no launched "
                    + "survival rate (\(expected))"
            }
            (numerator, denominator, story) = (counts.fate.survived, counts.fate.launched,
                                               "survived \(counts.fate.survived) of the \(Self.runs(counts.fate.launched)) that launched it")
        }
        let value = CheckDecimals.thousandths(numerator, of: denominator)
        guard !bound.thousandths.contains(Int(value)) else { return nil }
        return "\(CheckDecimals.text(value)), \(expected) (\(story))"
    }

    /// `1 run`, `20 runs`.
    private static func runs(_ count: Int) -> String {
        "\(count) run\(count == 1 ? "" : "s")"
    }

    /// A bound as messages print it, 3 decimals: `>= 0.800`, `<= 0.200`, or `0.400..0.600`.
    static func text(_ thousandths: ClosedRange<Int>) -> String {
        let low = CheckDecimals.text(Int64(thousandths.lowerBound))
        let high = CheckDecimals.text(Int64(thousandths.upperBound))
        if thousandths.upperBound == 1000, thousandths.lowerBound > 0 { return ">= \(low)" }
        if thousandths.lowerBound == 0, thousandths.upperBound < 1000 { return "<= \(high)" }
        return "\(low)..\(high)"
    }
}

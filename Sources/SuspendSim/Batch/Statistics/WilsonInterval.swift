/// The Wilson score interval for a binomial proportion (Wilson, "Probable inference, the law
/// of succession, and statistical inference", JASA 1927): `survival.csv`'s `ci_low` and
/// `ci_high`.
///
/// With p̂ = successes / trials, n = trials and z the normal quantile:
///
/// ```text
/// center = (p̂ + z²/2n) / (1 + z²/n)
/// half   = z / (1 + z²/n) · √(p̂(1 − p̂)/n + z²/4n²)
/// ```
///
/// Unlike the normal ("Wald") interval it stays inside [0, 1] and is not empty at 0 or n
/// successes: 0 of 10 gives [0, 0.278]. Only +, −, ×, ÷ and √ are used, which IEEE 754
/// rounds correctly on every platform, so the bounds are the same everywhere.
package enum WilsonInterval {
    /// z for a two-sided 95 % interval: the 0.975 quantile of the standard normal.
    package static let z95 = 1.959963984540054

    /// The interval for `successes` of `trials` at `z` (default 95 %), in [0, 1] (exactly 0
    /// at 0 successes, exactly 1 at `trials`); nil when there was no trial.
    package static func bounds(successes: Int, trials: Int, z: Double = z95) -> (low: Double, high: Double)? {
        guard trials > 0 else { return nil }
        precondition(successes >= 0 && successes <= trials, "\(successes) successes of \(trials) trials")
        let n = Double(trials)
        let p = Double(successes) / n
        let z2 = z * z
        let denominator = 1 + z2 / n
        let center = (p + z2 / (2 * n)) / denominator
        let half = z / denominator * (p * (1 - p) / n + z2 / (4 * n * n)).squareRoot()
        // At 0 or n successes the bound is exactly 0 or 1; rounding must not move it.
        let low = successes == 0 ? 0 : max(0, center - half)
        let high = successes == trials ? 1 : min(1, center + half)
        return (low, high)
    }
}

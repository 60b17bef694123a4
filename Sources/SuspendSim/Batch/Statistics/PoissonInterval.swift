import Foundation

/// Garwood's exact 95 % interval for the mean of a Poisson count (SPEC 26 "The field's own
/// uncertainty"): for k events, χ²(0.025, 2k)/2 to χ²(0.975, 2k + 2)/2, with a lower end of 0
/// when k = 0. Half a chi-square quantile with 2ν degrees of freedom is the gamma quantile
/// of shape ν (scale 1), so the ends are `gammaQuantile(0.025, shape: k)` and
/// `gammaQuantile(0.975, shape: k + 1)`: k = 8 gives 3.4538 to 15.7632, k = 0 gives 0 to 3.6889.
///
/// Written here rather than taken from a package: the standard library and Foundation have no
/// chi-square or gamma quantile, swift-numerics has none either (only `Double.logGamma`), and
/// the interval needs only the regularized incomplete gamma function (series and Lentz's
/// continued fraction, as in Numerical Recipes §6.2) inverted by bisection, about 60 lines.
enum PoissonInterval {
    /// The interval of the mean of a Poisson count of `k` events (k ≥ 0).
    static func garwood(_ k: Int) -> (low: Double, high: Double) {
        guard k < wilsonHilfertyFromCount else {
            return (wilsonHilfertyGammaQuantile(z: -normalQuantile975, shape: Double(k)),
                    wilsonHilfertyGammaQuantile(z: normalQuantile975, shape: Double(k) + 1))
        }
        let low = k == 0 ? 0 : gammaQuantile(0.025, shape: Double(k))
        return (low, gammaQuantile(0.975, shape: Double(k + 1)))
    }

    /// From this count on, the ends come from Wilson and Hilferty's cube-root approximation:
    /// the series and continued fraction take about √k steps, which for the largest counts a
    /// file may hold (k near 2^63) would run for hours. At k = 10^7 the approximation is within
    /// 5 × 10^−13 of the exact quantile (relative; 5 × 10^−6 absolute, below the 3 decimals
    /// written), and closer above.
    static let wilsonHilfertyFromCount = 10_000_000

    /// The standard normal's 97.5 % quantile, z with Φ(z) = 0.975.
    static let normalQuantile975 = 1.959963984540054

    /// The gamma quantile of `shape` a at the normal quantile `z`: half the chi-square quantile
    /// with 2a degrees of freedom, ν (1 − 2/(9ν) + z √(2/(9ν)))³ / 2 (Wilson and Hilferty, 1931).
    static func wilsonHilfertyGammaQuantile(z: Double, shape a: Double) -> Double {
        let nu = 2 * a, c = 2 / (9 * nu)
        let root = 1 - c + z * c.squareRoot()
        return nu * root * root * root / 2
    }

    /// The field's interval per day (SPEC 26): Garwood's interval of the count behind a
    /// per-day mean kept with 3 decimals (`count`), divided by the days that measured it.
    static func perDay(thousandthsPerDay: Int64, days: Int) -> (low: Double, high: Double) {
        let interval = garwood(count(thousandthsPerDay: thousandthsPerDay, days: days))
        return (interval.low / Double(days), interval.high / Double(days))
    }

    /// The field's count behind a per-day mean kept with 3 decimals (SPEC 27 "Garwood's k"):
    /// the mean × the days that measured it, rounded half up to a whole count.
    static func count(thousandthsPerDay: Int64, days: Int) -> Int {
        Int((thousandthsPerDay * Int64(days) + 500) / 1000)
    }

    /// The x at which the regularized lower incomplete gamma function P(`shape`, x) reaches
    /// `p` (0 < p < 1), by bisection to a relative width of 1e-13: P rises with x, so the
    /// bracket doubles until it holds the quantile, then halves.
    static func gammaQuantile(_ p: Double, shape a: Double) -> Double {
        var low = 0.0, high = max(1, a)
        while regularizedGammaP(a, high) < p { (low, high) = (high, high * 2) }
        for _ in 0..<200 where high - low > 1e-13 * high {
            let middle = (low + high) / 2
            if regularizedGammaP(a, middle) < p { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }

    /// P(a, x) = γ(a, x) / Γ(a), for a > 0 and x ≥ 0: its power series below x = a + 1, where
    /// it converges fast, else 1 − Q(a, x) from Q's continued fraction.
    static func regularizedGammaP(_ a: Double, _ x: Double) -> Double {
        guard x > 0 else { return 0 }
        let scale = exp(-x + a * log(x) - lgamma(a))
        if x < a + 1 {
            var term = 1 / a, sum = term, n = a
            while abs(term) > abs(sum) * 1e-16 {
                n += 1
                term *= x / n
                sum += term
            }
            return sum * scale
        }
        return 1 - scale * continuedFractionQ(a, x)
    }

    /// Q(a, x) × Γ(a) / (e^−x x^a), by Lentz's method.
    private static func continuedFractionQ(_ a: Double, _ x: Double) -> Double {
        let tiny = 1e-300
        var b = x + 1 - a, c = 1 / tiny, d = 1 / b, h = d
        for i in 1...10_000 {
            let an = -Double(i) * (Double(i) - a)
            b += 2
            d = an * d + b
            if abs(d) < tiny { d = tiny }
            c = b + an / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let step = d * c
            h *= step
            if abs(step - 1) < 1e-16 { break }
        }
        return h
    }
}

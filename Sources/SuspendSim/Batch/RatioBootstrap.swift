@_spi(Generators) import SuspendSimCore

/// `ratio` and its interval in `paired.csv` and `whatif.csv` (SPEC 21 and 25, refined): the
/// mean of the treatment over the mean of the baseline across the pairs, and its 95 %
/// percentile bootstrap interval.
///
/// - The ratio of the means is the ratio of the sums (the pairs are the same on both sides);
///   the sums are exact, in thousandths. No ratio when the baseline's sum is 0.
/// - The interval resamples the pairs with replacement, `resamples` times, drawing each pair
///   from a `SplitMix64` seeded with the row's seed; a resample whose baseline sums to 0 is
///   left out. Its ends are the 2.5th and 97.5th percentiles of the kept ratios, interpolated
///   linearly between order statistics as numpy's default `percentile` does (the method of
///   `scipy.stats.bootstrap(..., method="percentile")`).
/// - One pair has no interval (every resample is that pair), as one value has no Student's
///   interval.
enum RatioBootstrap {
    /// Resamples per interval.
    static let resamples = 10_000

    /// Σ value / Σ baseline; nil when the baseline sums to 0.
    static func ratio(_ sides: [(baseline: Int64, value: Int64)]) -> Double? {
        let baseline = sides.reduce(Int64(0)) { $0 + $1.baseline }
        guard baseline != 0 else { return nil }
        return Double(sides.reduce(Int64(0)) { $0 + $1.value }) / Double(baseline)
    }

    /// The 95 % percentile interval of the ratio, or nil with fewer than two pairs, a baseline
    /// that sums to 0, or no resample kept.
    ///
    /// - Complexity: O(`resamples` × pairs), plus sorting the resampled ratios.
    static func interval(_ sides: [(baseline: Int64, value: Int64)], seed: UInt64) -> (low: Double, high: Double)? {
        guard sides.count > 1, ratio(sides) != nil else { return nil }
        let baselines = sides.map(\.baseline), values = sides.map(\.value)
        let count = UInt64(sides.count)
        var generator = SplitMix64(seed: seed)
        var ratios: [Double] = []
        ratios.reserveCapacity(resamples)
        for _ in 0..<resamples {
            var baseline: Int64 = 0, value: Int64 = 0
            for _ in 0..<sides.count {
                // A uniform index in 0..<count: the high word of a 64 × 64-bit product.
                let index = Int(generator.next().multipliedFullWidth(by: count).high)
                baseline += baselines[index]
                value += values[index]
            }
            if baseline != 0 { ratios.append(Double(value) / Double(baseline)) }
        }
        guard !ratios.isEmpty else { return nil }
        ratios.sort()
        return (percentile(ratios, 0.025), percentile(ratios, 0.975))
    }

    /// The `q` quantile of `sorted` (ascending, not empty), interpolated linearly between the
    /// order statistics around (count − 1) × q, as numpy's default `percentile` does.
    static func percentile(_ sorted: [Double], _ q: Double) -> Double {
        let position = Double(sorted.count - 1) * q
        let below = Int(position.rounded(.down))
        guard below + 1 < sorted.count else { return sorted[below] }
        let fraction = position - Double(below)
        return sorted[below] + fraction * (sorted[below + 1] - sorted[below])
    }

    /// A row's seed: the batch's bootstrap seed mixed with the row's leading cells, so that
    /// each row has its own stream whatever order the rows are computed in.
    static func seed(base: UInt64, row: [String]) -> UInt64 {
        BatchSeed.mix(base ^ BatchSeed.fnv1a(row.joined(separator: "\u{1F}")))
    }
}

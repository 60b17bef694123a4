/// `ratio` and its interval in `paired.csv` and `whatif.csv` (SPEC 21 and 25, refined): the
/// mean of the treatment over the mean of the baseline across the pairs, and its 95 %
/// percentile bootstrap interval.
///
/// - The ratio of the means is the ratio of the sums (the pairs are the same on both sides);
///   the sums are exact, in thousandths. No ratio when the baseline's sum is 0.
/// - The interval resamples the pairs with replacement, `resamples` times, drawing each pair
///   from a `SplitMix64` seeded with the row's seed (`RatioBootstrap.Stream`); a resample whose
///   baseline sums to 0 is left out. Its ends are the 2.5th and 97.5th percentiles of the kept
///   ratios, interpolated linearly between order statistics as numpy's default `percentile`
///   does (the method of `scipy.stats.bootstrap(..., method="percentile")`).
/// - One pair has no interval (every resample is that pair), as one value has no Student's
///   interval.
///
/// The ends are computed without sorting the ratios and, where every kept ratio is provably
/// the same number, without resampling (`RatioBootstrap+ShortCut.swift`); both give the bytes
/// the plain method (sort every kept ratio) gives, which the tests check against it.
///
/// `interval(_:seed:)` is the per-row method. Reports draw the resamples once for all rows
/// over the same pairs (`RatioBootstrap+Counts.swift`), which gives each row, bit for bit,
/// `interval(_:seed:)` with the group's seed.
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
    /// - Complexity: O(`resamples` × pairs), plus selecting two pairs of order statistics
    ///   (expected O(`resamples`)); O(pairs) when every kept ratio is the same.
    static func interval(_ sides: [(baseline: Int64, value: Int64)], seed: UInt64) -> (low: Double, high: Double)? {
        guard sides.count > 1, ratio(sides) != nil else { return nil }
        if let known = ShortCut.interval(sides, seed: seed) { return known.interval }
        var ratios = resampledRatios(sides, seed: seed)
        guard !ratios.isEmpty else { return nil }
        return ends(&ratios, negative: sides.contains { $0.baseline < 0 || $0.value < 0 })
    }

    /// Every kept resample's ratio, in the order drawn.
    ///
    /// - Complexity: O(`resamples` × pairs). The hot loop reads the baselines and values from
    ///   two buffers without bounds checks (each index is below the pairs' count by
    ///   construction) and adds without overflow checks when no sum of n draws can overflow
    ///   (n × the largest magnitude below 2^63); otherwise it adds with them, as a plain loop.
    static func resampledRatios(_ sides: [(baseline: Int64, value: Int64)], seed: UInt64) -> [Double] {
        let baselines = sides.map(\.baseline), values = sides.map(\.value)
        let largest = sides.reduce(UInt64(0)) { max($0, $1.baseline.magnitude, $1.value.magnitude) }
        let bound = largest.multipliedReportingOverflow(by: UInt64(sides.count))
        let wrapping = !bound.overflow && bound.partialValue < UInt64(Int64.max)
        return baselines.withUnsafeBufferPointer { baselines in
            values.withUnsafeBufferPointer { values in
                wrapping ? draw(baselines, values, seed: seed, add: &+) : draw(baselines, values, seed: seed, add: +)
            }
        }
    }

    /// The resampling loop over `baselines` and `values` (the same count), summing with `add`.
    @inline(__always)
    private static func draw(_ baselines: UnsafeBufferPointer<Int64>, _ values: UnsafeBufferPointer<Int64>, seed: UInt64,
                             add: (Int64, Int64) -> Int64) -> [Double] {
        // The stream and the ratios are locals of this function, so that the stream's state
        // stays in a register.
        let count = baselines.count
        var stream = Stream(seed: seed)
        var ratios: [Double] = []
        ratios.reserveCapacity(resamples)
        for _ in 0..<resamples {
            var baseline: Int64 = 0, value: Int64 = 0
            for _ in 0..<count {
                let index = stream.nextIndex(below: count)
                baseline = add(baseline, baselines[index])
                value = add(value, values[index])
            }
            if baseline != 0 { ratios.append(Double(value) / Double(baseline)) }
        }
        return ratios
    }

    /// The `q` quantile of `sorted` (ascending, not empty), interpolated linearly between the
    /// order statistics around (count − 1) × q, as numpy's default `percentile` does.
    static func percentile(_ sorted: [Double], _ q: Double) -> Double {
        percentile(count: sorted.count, q) { sorted[$0] }
    }

    /// The `q` quantile of `count` values whose order statistic of rank i (from 0) is
    /// `orderStatistic(i)`, called for the lower rank first.
    static func percentile(count: Int, _ q: Double, orderStatistic: (Int) -> Double) -> Double {
        let position = Double(count - 1) * q
        let below = Int(position.rounded(.down))
        let lower = orderStatistic(below)
        guard below + 1 < count else { return lower }
        let fraction = position - Double(below)
        let upper = orderStatistic(below + 1)
        return lower + fraction * (upper - lower)
    }

    /// A row's seed: the batch's bootstrap seed mixed with the row's leading cells, so that
    /// each row has its own stream whatever order the rows are computed in.
    static func seed(base: UInt64, row: [String]) -> UInt64 {
        BatchSeed.mix(base ^ BatchSeed.fnv1a(row.joined(separator: "\u{1F}")))
    }
}

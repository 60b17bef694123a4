import Testing
@testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// The columns after `wilcoxon_p` in `paired.csv` and `whatif.csv`: the exact Wilcoxon test,
/// Holm's adjustment, and the ratio of means with its percentile bootstrap interval.
///
/// The expected numbers were computed with SciPy 1.17.1 and NumPy 2.4.6, then reviewed:
/// - p-values: `scipy.stats.wilcoxon(d / 1000, method="exact").pvalue` on the non-zero
///   differences (`method="approx", correction=False` for the normal one);
/// - intervals: `scipy.stats.bootstrap((b / 1000, t / 1000), lambda b, t, axis=-1:
///   np.mean(t, axis=axis) / np.mean(b, axis=axis), paired=True, vectorized=True,
///   n_resamples=10000, method="percentile", confidence_level=0.95,
///   rng=np.random.default_rng(42)).confidence_interval`.
@Suite struct PairedStatisticsTests {
    /// 8 pairs, one difference 0: 7 non-zero, no tied magnitudes.
    static let smallBaseline: [Int64] = [2500, 3100, 1750, 4200, 3000, 2200, 5050, 3300]
    static let smallValue: [Int64] = [1200, 2900, 1750, 1900, 3400, 800, 2050, 1100]
    /// 40 pairs.
    static let largeBaseline: [Int64] = [
        8559, 6000, 6473, 8177, 5626, 7205, 7669, 2801, 1444, 3401, 3280, 7988, 8300, 1042, 4998, 7569, 2051, 7376, 1952, 4743,
        7531, 3424, 3732, 3227, 6755, 3038, 8923, 4560, 4825, 5036, 5660, 5427, 5075, 8964, 7461, 7341, 6602, 5977, 3728, 8911,
    ]
    static let largeValue: [Int64] = [
        5080, 3144, 4435, 4362, 3946, 4503, 3984, 950, 777, 1297, 1394, 4815, 5732, 570, 3491, 5208, 1747, 4631, 1077, 2867,
        4144, 2048, 2046, 1532, 4842, 1040, 4708, 2243, 3645, 3328, 4006, 2776, 3398, 5169, 4458, 3609, 4149, 4114, 2497, 4793,
    ]
    /// 25 non-zero differences with distinct magnitudes.
    static let d25: [Int64] = [
        265, -1890, 1191, 988, -1733, 888, -737, -255, 963, 294, -1241, 1089, -797, 140, -259, -57, -1844, 1168, 1080, 292,
        1576, 1953, -1411, -1022, 1503,
    ]

    static func sides(_ baseline: [Int64], _ value: [Int64]) -> [(baseline: Int64, value: Int64)] {
        Array(zip(baseline, value)).map { (baseline: $0.0, value: $0.1) }
    }

    @Test("Exact Wilcoxon p-values equal SciPy's to the printed digits", arguments: [
        (zip(PairedStatisticsTests.smallValue, PairedStatisticsTests.smallBaseline).map { $0 - $1 }, "0.04688"),   // n' = 7 (the zero dropped)
        ([120, 340, -50, 560, 780, 910, 1030, 215, 1440, -75, 1660, 1870], "0.002441"),
        ([10, 20, 30, 40, 50, 60, 70, 80, 90, 100], "0.001953"),       // 2 / 2^10
        (Array(PairedStatisticsTests.d25.prefix(5)), "0.8125"),
        (Array(PairedStatisticsTests.d25.prefix(2)), "1"),
        (PairedStatisticsTests.d25, "0.6338"),                                                 // n' = 25: still exact
        ([-400], "1"),                                                   // one difference gives 1
    ] as [([Int64], String)])
    func exactPValues(differences: [Int64], printed: String) throws {
        let test = try #require(WilcoxonSignedRank.test(thousandths: differences))
        #expect(test.method == .exact)
        #expect(ComparisonNumbers.general4(test.p) == printed)
    }

    @Test("More than 25 non-zero differences, or tied magnitudes, take the normal approximation")
    func normalWhenLargeOrTied() throws {
        let large = try #require(WilcoxonSignedRank.test(thousandths: Self.d25 + [777, 0]))
        #expect(large.method == .normal)
        #expect(ComparisonNumbers.general4(large.p) == "0.5338")   // SciPy, method="approx", correction=False
        let tied = try #require(WilcoxonSignedRank.test(thousandths: [1000, 1000]))
        #expect(tied.method == .normal && ComparisonNumbers.general4(tied.p) == "0.1573")
        let opposite = try #require(WilcoxonSignedRank.test(thousandths: [300, -300, 500]))
        #expect(opposite.method == .normal)
        #expect(WilcoxonSignedRank.test(thousandths: [0, 0]) == nil)
    }

    @Test("The exact distribution counts subsets: n = 4 has 1,1,1,2,2,2,2,2,1,1,1 ways to reach 0...10")
    func subsetSums() {
        #expect(WilcoxonExact.subsetSumCounts(4) == [1, 1, 1, 2, 2, 2, 2, 2, 1, 1, 1])
        #expect(WilcoxonExact.subsetSumCounts(25).reduce(0, +) == 1 << 25)
    }

    @Test("Holm: p(j) becomes the running max of min(1, (m - j + 1) p(j)) within a family; rows without p are left out")
    func holm() {
        // Family "a": 0.01, 0.04, 0.03 -> sorted 0.01 (x3 = 0.03), 0.03 (x2 = 0.06), 0.04 (x1 = 0.04, max 0.06).
        // Family "b": 0.2 and 0.7 -> 0.4, then max(0.4, 0.7) = 0.7. Family "c": 0.6, 0.6 -> 1 (capped), 1.
        let p: [Double?] = [0.01, 0.2, 0.04, nil, 0.03, 0.7, 0.6, 0.6]
        let families = ["a", "b", "a", "a", "a", "b", "c", "c"]
        let adjusted = HolmAdjustment.adjust(p, families: families)
        let expected: [Double?] = [0.03, 0.4, 0.06, nil, 0.06, 0.7, 1, 1]
        #expect(adjusted.count == expected.count)
        for (actual, wanted) in zip(adjusted, expected) {
            #expect((actual == nil) == (wanted == nil))
            if let actual, let wanted { #expect(abs(actual - wanted) < 1e-12) }
        }
    }

    @Test("The ratio is mean(value) / mean(baseline), empty when the baseline's mean is 0", arguments: [
        (PairedStatisticsTests.smallBaseline, PairedStatisticsTests.smallValue, "0.602"),      // SciPy: 0.601593625498008
        (PairedStatisticsTests.largeBaseline, PairedStatisticsTests.largeValue, "0.595"),      // SciPy: 0.5948144724502022
        ([1000, -1000], [500, 700], nil),
    ] as [([Int64], [Int64], String?)])
    func ratio(baseline: [Int64], value: [Int64], expected: String?) {
        #expect(RatioBootstrap.ratio(Self.sides(baseline, value)).map(ComparisonNumbers.fixed3) == expected)
    }

    /// A percentile end of 10,000 resamples varies from seed to seed, the more so the fewer the
    /// pairs: over 8 pairs SciPy's own upper end goes from 0.827 to 0.838 over six seeds, ours
    /// from 0.827 to 0.849 over twenty (400,000 resamples give 0.830). So each seed's ends are
    /// held within 2 % of SciPy's for 40 pairs and 3 % for 8, and their mean over five seeds
    /// within 2 % for both.
    @Test("The bootstrap interval is within 2 % of SciPy's percentile interval (10,000 resamples), small and large n", arguments: [
        (PairedStatisticsTests.smallBaseline, PairedStatisticsTests.smallValue, 0.4290653495440731, 0.8274134239433995),
        (PairedStatisticsTests.largeBaseline, PairedStatisticsTests.largeValue, 0.5674434428134579, 0.621220112159407),
    ] as [([Int64], [Int64], Double, Double)])
    func bootstrapAgainstSciPy(baseline: [Int64], value: [Int64], low: Double, high: Double) throws {
        let tolerance = baseline.count < 20 ? 0.03 : 0.02
        var lows: [Double] = [], highs: [Double] = []
        for seed in 0..<5 as Range<UInt64> {
            let interval = try #require(RatioBootstrap.interval(Self.sides(baseline, value), seed: seed))
            #expect(abs(interval.low - low) <= tolerance * low, "seed \(seed): \(interval.low) against \(low)")
            #expect(abs(interval.high - high) <= tolerance * high, "seed \(seed): \(interval.high) against \(high)")
            lows.append(interval.low)
            highs.append(interval.high)
        }
        #expect(abs(lows.reduce(0, +) / 5 - low) <= 0.02 * low)
        #expect(abs(highs.reduce(0, +) / 5 - high) <= 0.02 * high)
    }

    @Test("Two pairs: every resample is one pair twice or both, so the interval's ends are the extreme ratios")
    func bootstrapTwoPairs() throws {
        // (2, 3) twice: 1.5; (4, 5) twice: 1.25; one of each: 8 / 6. About a quarter each way.
        let interval = try #require(RatioBootstrap.interval([(2000, 3000), (4000, 5000)], seed: 7))
        #expect(interval.low == 1.25 && interval.high == 1.5)
        #expect(RatioBootstrap.interval([(2000, 3000)], seed: 7) == nil)          // one pair: no interval
        #expect(RatioBootstrap.interval([(0, 3000), (0, 1000)], seed: 7) == nil)  // baseline mean 0
    }

    @Test("Percentiles interpolate linearly as numpy's default does")
    func percentile() {
        // np.percentile([1, 2, 4, 8], [2.5, 50, 97.5]) = [1.075, 3.0, 7.7]
        let values: [Double] = [1, 2, 4, 8]
        #expect(abs(RatioBootstrap.percentile(values, 0.025) - 1.075) < 1e-12)
        #expect(RatioBootstrap.percentile(values, 0.5) == 3)
        #expect(abs(RatioBootstrap.percentile(values, 0.975) - 7.7) < 1e-12)
    }

    @Test("A row's interval depends on its seed and its leading cells only, so any order of rows gives the same bytes")
    func seedPerRow() throws {
        let sides = Self.sides(Self.largeBaseline, Self.largeValue)
        let a = RatioBootstrap.seed(base: 5, row: ["lru", "kills"]), b = RatioBootstrap.seed(base: 5, row: ["lru", "wait"])
        #expect(a != b && a == RatioBootstrap.seed(base: 5, row: ["lru", "kills"]) && a != RatioBootstrap.seed(base: 6, row: ["lru", "kills"]))
        let first = try #require(RatioBootstrap.interval(sides, seed: a))
        let again = try #require(RatioBootstrap.interval(sides, seed: a))
        #expect(first == again)
    }
}

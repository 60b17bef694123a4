import Testing
@testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// Rows over the same pairs share their resamples (`RatioBootstrap.Counts`): each row's
/// interval must be, bit for bit, the per-row method's with the group's seed, so each row is
/// still a 10,000-resample percentile bootstrap of its own pairs (and SciPy's tolerances, held
/// by `PairedStatisticsTests` for the per-row method, hold for it unchanged).
@Suite struct RatioBootstrapGroupTests {
    typealias Sides = [(baseline: Int64, value: Int64)]

    @Test("Two pairs from the group's counts: the ends are the extreme ratios, 1.25 and 1.5")
    func twoPairs() throws {
        // (2, 3) twice: 1.5; (4, 5) twice: 1.25; one of each: 8 / 6. About a quarter each way.
        let interval = try #require(RatioBootstrap.Counts(pairs: 2, seed: 7).interval([(2000, 3000), (4000, 5000)]))
        #expect(interval.low == 1.25 && interval.high == 1.5)
        #expect(RatioBootstrap.Counts(pairs: 2, seed: 7).interval([(0, 3000), (0, 1000)]) == nil)  // baseline mean 0
    }

    @Test("Each hand-made row from counts is the plain per-row method's interval, bit for bit")
    func handMade() {
        for (index, sides) in RatioBootstrapExactnessTests.rows.enumerated() {
            for seed in [0, 7, 0xDEAD_BEEF] as [UInt64] {
                let grouped = RatioBootstrap.Counts(pairs: sides.count, seed: seed).interval(sides)
                #expect(RatioBootstrapExactnessTests.same(grouped, RatioBootstrapExactnessTests.plain(sides, seed: seed)),
                        "row \(index), seed \(seed)")
            }
        }
    }

    @Test("Rows of one group (the same pairs, other metrics, zeros and negatives) each get the per-row method's interval")
    func sharedDraws() {
        var generator = SplitMix64(seed: 11)
        for trial in 0..<20 {
            let count = 2 + Int(generator.int(in: 0...60))
            let seed = generator.next()
            let counts = RatioBootstrap.Counts(pairs: count, seed: seed)
            for metric in 0..<4 {
                let sides: Sides = (0..<count).map { _ in
                    let baseline = generator.chance(40) ? 0 : generator.int(in: 0...[4, 5000, 30, 9][metric]) * 125
                    let value = generator.chance(30) ? 0 : generator.int(in: 0...[4, 5000, 30, 9][metric]) * 125
                    return metric == 3 && generator.chance(20) ? (-baseline, value) : (baseline, value)
                }
                #expect(RatioBootstrapExactnessTests.same(counts.interval(sides), RatioBootstrap.interval(sides, seed: seed)),
                        "trial \(trial), metric \(metric)")
            }
        }
    }

    @Test("Sums that may pass 2^53 are formed in Int64 (wrapping below 2^63), and give the per-row method's interval")
    func largeSums() {
        let large: Int64 = 1 << 51  // 3 pairs × 2^51 ≥ 2^53: not exact in Double
        let rows: [Sides] = [[(large, large - 1), (large - 7, 3), (5, large)], [(large, 1), (0, 0), (large - 1, large)]]
        for sides in rows {
            for seed in [1, 99] as [UInt64] {
                #expect(RatioBootstrapExactnessTests.same(RatioBootstrap.Counts(pairs: 3, seed: seed).interval(sides),
                                                          RatioBootstrapExactnessTests.plain(sides, seed: seed)))
            }
        }
    }

    @Test("A block's sums: eight resamples at a time and the rest one by one, each over the listed pairs only")
    func blockSums() {
        // Pair j's count in resample r is (j + r) mod 3; pairs 0 and 2 are listed, with sides
        // (1000, 2000) and (3000, −500). Resample 0: counts 0 and 2, sums 6000 and −1000;
        // resample 1: 1 and 0, 1000 and 2000; resample 2: 2 and 1, 5000 and 3500; then again.
        // Ten resamples: one group of eight and two alone.
        let width = 10, counts = (0..<3).flatMap { pair in (0..<width).map { UInt16((pair + $0) % 3) } }
        let pairs = [0, 2], sides: [Double] = [1000, 2000, 3000, -500]
        var sums = [Double](repeating: .nan, count: 2 * width)
        counts.withUnsafeBufferPointer { counts in
            pairs.withUnsafeBufferPointer { pairs in
                sides.withUnsafeBufferPointer { sides in
                    RatioBootstrap.Counts.blockSums(counts.baseAddress!, width: width, pairs: pairs, sides: sides, into: &sums)
                }
            }
        }
        let baselines: [Double] = [6000, 1000, 5000], values: [Double] = [-1000, 2000, 3500]
        #expect(sums == (0..<width).map { baselines[$0 % 3] } + (0..<width).map { values[$0 % 3] })
    }

    @Test("SciPy's fixed data through the group's counts: the per-row method's ends, which PairedStatisticsTests holds to SciPy")
    func sciPyData() {
        for (baseline, value) in [(PairedStatisticsTests.smallBaseline, PairedStatisticsTests.smallValue),
                                  (PairedStatisticsTests.largeBaseline, PairedStatisticsTests.largeValue)] {
            let sides = PairedStatisticsTests.sides(baseline, value)
            for seed in 0..<5 as Range<UInt64> {
                let grouped = RatioBootstrap.Counts(pairs: sides.count, seed: seed).interval(sides)
                #expect(RatioBootstrapExactnessTests.same(grouped, RatioBootstrap.interval(sides, seed: seed)), "seed \(seed)")
            }
        }
    }

    /// Rows A and B over runs 0, 1, 2 of comparison C; row D over runs 0 and 2 only (a metric
    /// missing in run 1); row E over the same runs in another comparison.
    static func rows(jobs: Int, reversed: Bool) -> [String: [String]] {
        let a: Sides = [(1000, 2000), (3000, 1000), (2000, 2500)], b: Sides = [(5000, 4000), (0, 0), (7000, 9000)]
        let d: Sides = [(1000, 2000), (2000, 2500)]
        var added: [(name: String, sides: Sides, comparison: [String], runs: [Int])] = [
            ("A", a, ["C"], [0, 1, 2]), ("B", b, ["C"], [0, 1, 2]), ("D", d, ["C"], [0, 2]), ("E", a, ["E"], [0, 1, 2]),
        ]
        if reversed { added.reverse() }
        var paired = PairedRows(seed: 3, withMeans: false, jobs: jobs)
        for row in added { paired.add([row.name], sides: row.sides, family: ["m"], comparison: row.comparison, runs: row.runs) }
        return Dictionary(uniqueKeysWithValues: paired.fields.map { ($0[0], Array($0.suffix(3))) })
    }

    @Test("PairedRows: a group's rows use the group's seed; fewer pairs make their own group; any jobs and row order give the same cells")
    func pairedRowsGroups() {
        let fields = Self.rows(jobs: 1, reversed: false)
        let seedC = RatioBootstrap.seed(base: 3, row: ["C"]), seedE = RatioBootstrap.seed(base: 3, row: ["E"])
        func cells(_ sides: Sides, _ seed: UInt64) -> [String] {
            let interval = RatioBootstrap.interval(sides, seed: seed)
            return [RatioBootstrap.ratio(sides), interval?.low, interval?.high].map { $0.map(ComparisonNumbers.fixed3) ?? "" }
        }
        #expect(fields["A"] == cells([(1000, 2000), (3000, 1000), (2000, 2500)], seedC))
        #expect(fields["B"] == cells([(5000, 4000), (0, 0), (7000, 9000)], seedC))
        #expect(fields["D"] == cells([(1000, 2000), (2000, 2500)], seedC))
        #expect(fields["E"] == cells([(1000, 2000), (3000, 1000), (2000, 2500)], seedE))
        #expect(Self.rows(jobs: 2, reversed: false) == fields && Self.rows(jobs: 2, reversed: true) == fields)
    }
}

import Testing
@testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// `RatioBootstrap.interval` sorts no ratio and skips the resamples of rows whose kept ratios
/// are all one number; these tests hold it to the plain method, byte for byte: draw every
/// resample from `SplitMix64`, keep those whose baseline sum is not 0, sort, interpolate.
@Suite struct RatioBootstrapExactnessTests {
    /// The plain method, as `RatioBootstrap.interval` was first written.
    static func plain(_ sides: [(baseline: Int64, value: Int64)], seed: UInt64) -> (low: Double, high: Double)? {
        guard sides.count > 1, RatioBootstrap.ratio(sides) != nil else { return nil }
        var generator = SplitMix64(seed: seed)
        var ratios: [Double] = []
        for _ in 0..<RatioBootstrap.resamples {
            var baseline: Int64 = 0, value: Int64 = 0
            for _ in 0..<sides.count {
                let index = Int(generator.next().multipliedFullWidth(by: UInt64(sides.count)).high)
                baseline += sides[index].baseline
                value += sides[index].value
            }
            if baseline != 0 { ratios.append(Double(value) / Double(baseline)) }
        }
        guard !ratios.isEmpty else { return nil }
        ratios.sort()
        return (RatioBootstrap.percentile(ratios, 0.025), RatioBootstrap.percentile(ratios, 0.975))
    }

    static func same(_ a: (low: Double, high: Double)?, _ b: (low: Double, high: Double)?) -> Bool {
        a?.low.bitPattern == b?.low.bitPattern && a?.high.bitPattern == b?.high.bitPattern
    }

    /// Hand-made rows, one per kind: each short-cut, the edges around them, and negative sides.
    static let rows: [[(baseline: Int64, value: Int64)]] = [
        [(2000, 3000), (2000, 3000), (2000, 3000)],             // every pair the same: 1.5
        [(-2000, 0), (-2000, 0)],                               // the same, ratio −0.0
        [(2000, 7000), (2000, 7000)],                           // the same, 3.5
        [(1000, 1000), (0, 0), (2500, 2500), (0, 0), (4000, 4000)], // value = baseline, some 0: 1
        [(1000, 0), (0, 0), (3000, 0)],                         // value 0: 0
        [(1000, 3000), (0, 0), (250, 750)],                     // value 3 × baseline: 3
        [(1000, 1000), (0, 5)],                                 // a 0 baseline with a value: no short-cut
        [(1000, 2500), (2000, 5000)],                           // 2.5 × baseline: not whole, no short-cut
        [(1000, 1000), (-1000, -1000), (3000, 3000)],           // value = baseline, a negative side
        [(0, 1000), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (1, 0)], // most resamples dropped
        [(3000, -1000), (1000, 0), (2000, 2000)],               // ratios of both signs and zeros
    ]

    @Test("Each hand-made row's interval is the plain method's, bit for bit, over several seeds")
    func handMade() {
        for (index, sides) in Self.rows.enumerated() {
            for seed in [0, 7, 0xDEAD_BEEF] as [UInt64] {
                let fast = RatioBootstrap.interval(sides, seed: seed), plain = Self.plain(sides, seed: seed)
                #expect(Self.same(fast, plain), "row \(index), seed \(seed): \(String(describing: fast)) against \(String(describing: plain))")
            }
        }
    }

    @Test("The short-cuts apply where every kept ratio is one number, with the hand-derived ends")
    func shortCutsApply() throws {
        let expected: [(row: Int, end: Double)] = [(0, 1.5), (2, 3.5), (3, 1), (4, 0), (5, 3)]
        for (row, end) in expected {
            let known = try #require(RatioBootstrap.ShortCut.interval(Self.rows[row], seed: 1), "row \(row)")
            #expect(known.interval?.low == end && known.interval?.high == end, "row \(row)")
        }
        for row in [6, 7, 8, 9, 10] {
            #expect(RatioBootstrap.ShortCut.interval(Self.rows[row], seed: 1) == nil, "row \(row)")
        }
    }

    @Test("Random rows (small counts, ties, zeros) give the plain method's interval, bit for bit")
    func randomRows() {
        var generator = SplitMix64(seed: 42)
        for trial in 0..<60 {
            let count = 2 + Int(generator.int(in: 0...40))
            let spread = [3, 20, 5000][trial % 3] as Int64
            let sides = (0..<count).map { _ -> (baseline: Int64, value: Int64) in
                let baseline = generator.chance(30) ? 0 : generator.int(in: 0...spread) * 250
                return (baseline, generator.chance(20) ? baseline : generator.int(in: 0...spread) * 250)
            }
            let seed = generator.next()
            #expect(Self.same(RatioBootstrap.interval(sides, seed: seed), Self.plain(sides, seed: seed)), "trial \(trial)")
        }
    }

    @Test("Selection gives the sorted array's percentiles, duplicates included")
    func selection() {
        var generator = SplitMix64(seed: 9)
        for count in [1, 2, 3, 10, 41, 1000] {
            var values = (0..<count).map { _ in Double(generator.int(in: 0...7)) / 4 }
            let sorted = values.sorted()
            for q in [0.0, 0.025, 0.5, 0.975, 1.0] {
                let selected = values.withUnsafeMutableBufferPointer { RatioBootstrap.Selection.percentile($0, q) }
                #expect(selected.bitPattern == RatioBootstrap.percentile(sorted, q).bitPattern, "count \(count), q \(q)")
            }
        }
    }

    @Test("The bootstrap's stream is SplitMix64's")
    func stream() {
        for seed in [0, 1, 0x0123_4567_89AB_CDEF] as [UInt64] {
            var mine = RatioBootstrap.Stream(seed: seed), theirs = SplitMix64(seed: seed)
            #expect((0..<1000).allSatisfy { _ in mine.next() == theirs.next() })
        }
    }
}

import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// Workloads (docs/batch-runs.md): the workload's draws are integer arithmetic, so one seed gives one timeline on
/// every platform. The golden values below were computed independently, by a Python
/// implementation of the same integer algorithms (SplitMix64, von Neumann's exponential,
/// fixed-point powers), not by this code.
@Suite struct WorkloadMathTests {
    @Test("Each constant 2^(-2^-j), squared, gives the one before it (2^-1/2 squared is 1/2)")
    func powerTable() {
        var previous: UInt64 = 1 << 62  // 0.5 in Q1.63
        for constant in _FixedPointPower.negativePowers {
            let square = constant.multipliedFullWidth(by: constant)
            let squared = square.high << 1 | square.low >> 63
            #expect(squared.distance(to: previous).magnitude <= 2, "\(String(constant, radix: 16))")
            previous = constant
        }
    }

    @Test("Fixed-point log2 and 2^-x agree with the C library to 2^-30")
    func logAndExp() {
        for k: UInt64 in [1, 2, 3, 5, 7, 10, 40, 100, 1000, 65_537, 1 << 40] {
            let fixed = Double(_FixedPointPower.log2(k)) / 4_294_967_296
            #expect(abs(fixed - Foundation.log2(Double(k))) < 1e-9, "log2(\(k))")
        }
        for x in [0.0, 0.25, 0.5, 1, 1.5, 3.3, 10.75] {
            let fixed = Double(_FixedPointPower.exp2(negative: UInt64(x * 4_294_967_296))) / 9_223_372_036_854_775_808
            #expect(abs(fixed / Foundation.exp2(-x) - 1) < 1e-9, "2^-\(x)")
        }
    }

    @Test("Zipf weights are 2^40 · k^-s, the same integers as the reference implementation")
    func zipfWeights() {
        let classic = ZipfTable(count: 5, exponentThousandths: 1000)
        #expect((0..<5).map(classic.weight(of:)) == [1_099_511_627_776, 549_755_813_888, 366_503_875_983, 274_877_906_944, 219_902_325_562])
        let steep = ZipfTable(count: 5, exponentThousandths: 1500)
        #expect((0..<5).map(steep.weight(of:)) == [1_099_511_627_776, 388_736_063_996, 211_601_111_491, 137_438_953_472, 98_343_309_683])
        let uniform = ZipfTable(count: 3, exponentThousandths: 0)
        #expect(Set((0..<3).map(uniform.weight(of:))) == [1 << 40])
        for (count, thousandths): (Int, Int64) in [(40, 1000), (1000, 700)] {
            let table = ZipfTable(count: count, exponentThousandths: thousandths)
            for rank in 1...count {
                let exact = 1_099_511_627_776 * pow(Double(rank), -Double(thousandths) / 1000)
                #expect(abs(Double(table.weight(of: rank - 1)) / exact - 1) < 1e-9)
            }
        }
    }

    @Test("Zipf choices follow the weights, and an excluded app is never chosen")
    func zipfChoices() {
        let table = ZipfTable(count: 4, exponentThousandths: 1000)
        var rng = SplitMix64(seed: 1)
        var counts = [0, 0, 0, 0]
        for _ in 0..<100_000 { counts[table.choose(&rng)] += 1 }
        // Weights 1, 1/2, 1/3, 1/4 of 25/12.
        for (index, expected) in [0.48, 0.24, 0.16, 0.12].enumerated() {
            #expect(abs(Double(counts[index]) / 100_000 - expected) < 0.01, "\(counts)")
        }
        var others = [0, 0, 0, 0]
        for _ in 0..<30_000 { others[table.choose(&rng, excluding: 0)] += 1 }
        #expect(others[0] == 0)
        // Among 1/2, 1/3, 1/4: 6/13, 4/13, 3/13.
        #expect(abs(Double(others[1]) / 30_000 - 6.0 / 13) < 0.015, "\(others)")
    }

    @Test("Exponential draws: a golden sequence, then the right mean and tail")
    func exponential() {
        var rng = SplitMix64(seed: 42)
        let golden = (0..<8).map { _ in rng.exponential(mean: 1_000_000) }
        #expect(golden == [2_218_405, 339_931, 204_902, 513_396, 665_159, 93_428, 2_741_979, 2_637_529])

        var sum = 0.0
        var above = 0
        let draws = 50_000
        for _ in 0..<draws {
            let value = rng.exponential(mean: 1_000_000)
            sum += Double(value)
            if value > 1_000_000 { above += 1 }
        }
        #expect(abs(sum / Double(draws) / 1_000_000 - 1) < 0.02)
        // P(X > mean) = 1/e.
        #expect(abs(Double(above) / Double(draws) - exp(-1)) < 0.01)
        #expect(rng.exponential(mean: 0) == 0)
    }

    @Test("Shares are parts per million: 0 never, 1 always")
    func shares() {
        var rng = SplitMix64(seed: 3)
        #expect((0..<1000).allSatisfy { _ in !rng.chance(Workload.Share(perMillion: 0)) })
        #expect((0..<1000).allSatisfy { _ in rng.chance(Workload.Share(perMillion: 1_000_000)) })
        let hits = (0..<100_000).filter { _ in rng.chance(Workload.Share(0.3)) }.count
        #expect(abs(Double(hits) / 100_000 - 0.3) < 0.01)
    }

    @Test("Rates give the mean interval in ms: 20 per hour is 3 minutes, 4 streams merge")
    func rates() {
        #expect(Workload.Rate(perHour: 20).meanIntervalMs() == 180_000)
        #expect(Workload.Rate(perHour: 20).meanIntervalMs(streams: 4) == 45_000)
        #expect(Workload.Rate(perHour: 0.5).meanIntervalMs() == 7_200_000)
        #expect(Workload.Rate.zero.meanIntervalMs() == nil)
        #expect(Workload.Rate(perThousandHours: 3).meanIntervalMs() == 1_200_000_000)
    }
}

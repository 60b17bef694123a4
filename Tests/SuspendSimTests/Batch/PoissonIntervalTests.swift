import Foundation
import Testing
@testable import SuspendSim

/// SPEC 26 "The field's own uncertainty": Garwood's exact 95 % Poisson interval, the overlap
/// rule of `observed_within_ci`, and the distance in intervals (SPEC 27).
@Suite struct PoissonIntervalTests {
    /// (k, low, high), 4 decimals: Garwood (1936); scipy.stats.chi2.ppf (k = 0 gives 0 to 3.6889,
    /// since −ln 0.025 = 3.68888; k = 1 gives 0.0253 to 5.5716; k = 8 gives 3.4538 to 15.7632).
    static let known: [(Int, Double, Double)] = [
        (0, 0, 3.6889), (1, 0.0253, 5.5716), (2, 0.2422, 7.2247), (5, 1.6235, 11.6683),
        (8, 3.4538, 15.7632), (10, 4.7954, 18.3904), (20, 12.2165, 30.8884), (100, 81.3640, 121.6268),
    ]

    @Test("Garwood's interval matches the published values to 4 decimals; the lower end is 0 for k = 0")
    func knownValues() {
        for (k, low, high) in Self.known {
            let interval = PoissonInterval.garwood(k)
            #expect(abs(interval.low - low) < 5e-5, "k = \(k): low \(interval.low)")
            #expect(abs(interval.high - high) < 5e-5, "k = \(k): high \(interval.high)")
        }
        #expect(PoissonInterval.garwood(0).low == 0)
    }

    @Test("Large counts take Wilson and Hilferty's quantiles: they agree with the exact ones where both are computed, and the largest count ends at once")
    func largeCounts() {
        // At the switch, both ways give the same ends to far below the 3 decimals written.
        let k = PoissonInterval.wilsonHilfertyFromCount
        let exactLow = PoissonInterval.gammaQuantile(0.025, shape: Double(k))
        let exactHigh = PoissonInterval.gammaQuantile(0.975, shape: Double(k + 1))
        let (low, high) = PoissonInterval.garwood(k)
        #expect(abs(low - exactLow) < 1e-4 && abs(high - exactHigh) < 1e-4, "\(low) \(exactLow) \(high) \(exactHigh)")
        // scipy.stats.chi2.ppf(0.025, 2e8) / 2 and chi2.ppf(0.975, 2e8 + 2) / 2.
        let (low8, high8) = PoissonInterval.garwood(100_000_000)
        #expect(abs(low8 - 99_980_401.30732474) < 1e-3 && abs(high8 - 100_019_601.58707914) < 1e-3, "\(low8) \(high8)")
        // The largest count a file may hold (4294967.296 a day over 2^31 − 1 days): finite and
        // ordered, where the series would take about 10^8 steps per bisection.
        let largest = PoissonInterval.count(thousandthsPerDay: 4_294_967_296, days: Int(Int32.max))
        let ends = PoissonInterval.garwood(largest)
        #expect(ends.low.isFinite && ends.low < Double(largest) && Double(largest) < ends.high)
    }

    @Test("The incomplete gamma function: P(1, x) = 1 − e^−x, on both sides of its series/fraction switch")
    func incompleteGamma() {
        for x in [0.1, 1.0, 1.9, 2.1, 5.0, 30.0] {
            #expect(abs(PoissonInterval.regularizedGammaP(1, x) - (1 - exp(-x))) < 1e-12, "x = \(x)")
        }
        #expect(PoissonInterval.regularizedGammaP(3, 0) == 0)
    }

    @Test("Garwood's k is the per-day mean times the days that measured it, rounded half up (SPEC 27)")
    func countFromMean() {
        #expect(PoissonInterval.count(thousandthsPerDay: 800, days: 10) == 8)
        #expect(PoissonInterval.count(thousandthsPerDay: 333, days: 3) == 1)   // 0.999
        #expect(PoissonInterval.count(thousandthsPerDay: 250, days: 2) == 1)   // 0.5 rounds up
        #expect(PoissonInterval.count(thousandthsPerDay: 0, days: 7) == 0)
    }

    @Test("Intervals that overlap or touch are 0 intervals apart; otherwise the gap over the sum of half-widths (SPEC 27)")
    func distance() {
        typealias I = FieldMatch.Interval
        #expect(FieldMatch.distance(I(low: 0.3, high: 1.5), I(low: 1.0, high: 2.0)) == 0)
        #expect(FieldMatch.distance(I(low: 0.3, high: 1.5), I(low: 1.5, high: 2.0)) == 0)        // touching
        #expect(FieldMatch.distance(I(low: 0.3, high: 1.5), I(low: 0.9, high: 0.9)) == 0)        // one run: mean inside
        // gap 0.5, half-widths 0.5 + 0.25: 0.667 intervals.
        #expect(abs(FieldMatch.distance(I(low: 0, high: 1), I(low: 1.5, high: 2.0)) - 0.5 / 0.75) < 1e-12)
        #expect(abs(FieldMatch.distance(I(low: 2, high: 3), I(low: 0, high: 1)) - 1) < 1e-12)    // below: same rule
        #expect(FieldMatch.distance(I(low: 1, high: 1), I(low: 2, high: 2)) == .infinity)
        #expect(FieldMatch.isJudged(.backgroundMemoryPressure) && FieldMatch.isJudged(.resumes))
        #expect(!FieldMatch.isJudged(.foregroundS) && !FieldMatch.isJudged(.backgroundS))
    }

    @Test("observed.csv's field cells: the interval over the days that measured the counter, 3 decimals; empty for the seconds")
    func fieldCells() {
        let text = { (bytes: [UInt8]) in String(decoding: bytes, as: UTF8.self) }
        let pressure = ObservedCSV.Field(.backgroundMemoryPressure, thousandths: 800, days: 10)
        #expect(text(pressure.observed) == "0.800" && text(pressure.low) == "0.345" && text(pressure.high) == "1.576")
        let none = ObservedCSV.Field(.backgroundNormal, thousandths: 0, days: 10)
        #expect(text(none.low) == "0.000" && text(none.high) == "0.369")
        let seconds = ObservedCSV.Field(.foregroundS, thousandths: 2_070_000, days: 10)
        #expect(text(seconds.observed) == "2070.000" && seconds.low.isEmpty && seconds.high.isEmpty)
    }
}

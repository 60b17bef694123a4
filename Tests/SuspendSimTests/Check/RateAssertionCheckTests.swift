import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// SPEC 19's rate bounds as `check` judges them: on the value `survival.csv` prints.
@Suite struct RateAssertionCheckTests {
    typealias Bound = Scenario.Expectation.RateBound

    @Test("A rate is judged as survival.csv prints it, 3 decimals: 0.7999 is 0.800, within >= 0.8; 0.7994 is 0.799, not")
    func judgedOnThePrintedValue() {
        let bound = Bound(rate: .neverKilledRate, app: "com.a", thousandths: 800...1000)
        #expect(RateCheck.problem(bound, runs: 10_000, counts: SurvivalTally.Counts.fixture(neverKilled: 7999)) == nil)
        #expect(RateCheck.problem(bound, runs: 10_000, counts: SurvivalTally.Counts.fixture(neverKilled: 7994))
            == "0.799, expected >= 0.800 (never killed in 7994 of 10000 runs)")
    }

    @Test("Bounds are inclusive at both ends, and each rate counts its own runs")
    func inclusiveAndPerRate() {
        let counts = SurvivalTally.Counts.fixture(survived: 4, neverKilled: 6, launched: 8)
        let between = { (rate: Scenario.Expectation.Rate, range: ClosedRange<Int>) in
            RateCheck.problem(Bound(rate: rate, app: "a", thousandths: range), runs: 10, counts: counts)
        }
        #expect(between(.survivalRate, 400...400) == nil)
        #expect(between(.neverKilledRate, 0...600) == nil)
        #expect(between(.launchedSurvivalRate, 500...600) == nil)
        #expect(between(.survivalRate, 401...1000) == "0.400, expected >= 0.401 (survived 4 of 10 runs)")
        #expect(between(.neverKilledRate, 0...599) == "0.600, expected <= 0.599 (never killed in 6 of 10 runs)")
        #expect(between(.launchedSurvivalRate, 0...1000) == nil)
        #expect(between(.launchedSurvivalRate, 100...400) == "0.500, expected 0.100..0.400 (survived 4 of the 8 runs that launched it)")
    }

    @Test("An app never launched has no launched survival rate: a bound on it fails, saying so, whatever the bound")
    func neverLaunched() {
        let bound = Bound(rate: .launchedSurvivalRate, app: "a", thousandths: 0...1000)
        #expect(RateCheck.problem(bound, runs: 1, counts: SurvivalTally.Counts.zero)
            == "never launched in the 1 run of this point, so it has no launched survival rate (expected 0.000..1.000)")
        // Its other rates are still rates.
        #expect(RateCheck.problem(Bound(rate: .survivalRate, app: "a", thousandths: 0...0), runs: 1, counts: SurvivalTally.Counts.zero) == nil)
    }
}

import Testing
@testable import SuspendSim

/// SPEC 21's statistics against reference values computed with SciPy 1.17
/// (`scipy.stats.t.ppf(0.975, df)`; `scipy.stats.wilcoxon(d, zero_method="wilcox",
/// correction=False, method="approx")`), kept here as numbers.
@Suite struct ComparisonStatisticsTests {
    @Test("t(0.975, ν) to 1e-9 at ν = 1, 2, 3, 5, 10, 30, 100 and 1000", arguments: [
        (1, 12.706204736174694), (2, 4.302652729749462), (3, 3.1824463052837078), (5, 2.5705818356363146),
        (10, 2.228138851986274), (30, 2.0422724563012378), (100, 1.9839715185235518), (1000, 1.9623390808264083),
    ])
    func studentQuantile(degreesOfFreedom: Int, expected: Double) {
        #expect(abs(StudentT.quantile975(degreesOfFreedom: degreesOfFreedom) - expected) < 1e-9)
    }

    @Test("t(0.975, ν) falls with ν toward the normal 1.959964 and stays above it")
    func studentQuantileFalls() {
        var previous = Double.infinity
        for nu in [1, 2, 4, 8, 16, 64, 256, 4096, 100_000] {
            let t = StudentT.quantile975(degreesOfFreedom: nu)
            #expect(t < previous && t > 1.959963984540054)
            previous = t
        }
    }

    @Test("Wilcoxon's signed-rank p, two-sided, tie-corrected, no continuity correction, zeros dropped", arguments: [
        ([500, -1000, 2000, 2000, -250, 3000, 0, 1500] as [Int64], 0.0903917145624604),
        ([1000], 0.31731050786291415),
        ([1000, 1000, 1000, -1000], 0.31731050786291415),
        ([1, 2, -3, 4, 5, -6, 7, 8, 9, 10], 0.05933611988090862),
    ])
    func wilcoxon(differences: [Int64], expected: Double) throws {
        let p = try #require(WilcoxonSignedRank.pValue(thousandths: differences))
        #expect(abs(p - expected) < 1e-12)
    }

    @Test("No p-value when every difference is 0")
    func wilcoxonAllZero() {
        #expect(WilcoxonSignedRank.pValue(thousandths: [0, 0, 0]) == nil)
        #expect(WilcoxonSignedRank.pValue(thousandths: []) == nil)
    }

    @Test("summary.csv's cells are exact thousandths; %.3f never writes -0.000; %.4g for p")
    func numbers() {
        #expect(ComparisonNumbers.thousandths("0.333") == 333)
        #expect(ComparisonNumbers.thousandths("-232.000") == -232_000)
        #expect(ComparisonNumbers.thousandths("12") == 12_000)
        #expect(ComparisonNumbers.thousandths("1.5") == 1_500)
        #expect(ComparisonNumbers.thousandths("") == nil)
        #expect(ComparisonNumbers.thousandths("1.2345") == nil)
        #expect(ComparisonNumbers.thousandths("x") == nil)
        #expect(ComparisonNumbers.fixed3(-0.0004) == "0.000")
        #expect(ComparisonNumbers.fixed3(-0.0006) == "-0.001")
        #expect(ComparisonNumbers.general4(0.31731050786291415) == "0.3173")
        #expect(ComparisonNumbers.general4(1.2e-7) == "1.2e-07")
    }

    @Test("Student's interval: one value has none, equal values have both ends at the mean, else mean ± t·s/√n")
    func interval() throws {
        let one = try #require(ComparisonNumbers.studentInterval([2]))
        #expect(one.mean == 2 && one.low.isNaN && one.high.isNaN)
        let same = try #require(ComparisonNumbers.studentInterval([3, 3, 3]))
        #expect(same.low == 3 && same.high == 3)
        // 1, 2, 3: mean 2, s = 1, t(0.975, 2) = 4.302652729749462: 2 ± 2.484137.
        let three = try #require(ComparisonNumbers.studentInterval([1, 2, 3]))
        #expect(abs(three.low - (2 - 4.302652729749462 / 3.0.squareRoot())) < 1e-9)
        #expect(ComparisonNumbers.studentInterval([]) == nil)
    }
}

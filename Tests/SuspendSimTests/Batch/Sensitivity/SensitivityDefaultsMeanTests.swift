import Testing
@_spi(Generators) @testable import SuspendSim

/// SPEC 39: an end not run counts as the defaults' mean, and ties go to the first key. The
/// variants' means are read from `sensitivity.csv` at 3 decimals, so the defaults' mean is
/// taken at the same 3 decimals; the verdict line and the batch page's tornado both use it.
@Suite struct SensitivityDefaultsMeanTests {
    /// 2 of 3 runs at 0.667 and one at 0.666: 0.66667 unrounded, which beat a variant whose
    /// mean reads 0.667 by 0.0003 and made its key "move most" on a tie.
    @Test func aSkippedEndTiesWithAVariantThatReadsTheSame() {
        #expect(SensitivityVerdict.defaultsMean([667, 667, 666]) == Double("0.667"))
    }

    /// A mean half-way between two thousandths is a little below the tie as a double
    /// (0.0055, 1.3215): C's `%.3f` gives the lower, which the line printed while the tornado's
    /// title rounded the tie up.
    @Test(arguments: [([5, 6], "0.005"), ([1321, 1322], "1.321")] as [([Int64], String)])
    func theLineAndTheTornadoPrintTheSameMean(thousandths: [Int64], shown: String) {
        let mean = SensitivityVerdict.defaultsMean(thousandths)
        #expect(ComparisonNumbers.fixed3(mean) == shown)
        #expect(ChartNumber.fixed(mean, 3) == shown)
    }

    @Test func noRunsMeanZero() {
        #expect(SensitivityVerdict.defaultsMean([]) == 0)
    }
}

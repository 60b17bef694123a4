import Testing
@testable import SuspendSim

/// SPEC 21, 25: the page's tables of `paired.csv` and `whatif.csv` show the test's method,
/// Holm's p-value and the ratio with its interval, found by name.
@Suite struct PairedStatisticsTableTests {
    static let header = ["policy", "baseline", "metric", "pairs", "mean_diff", "ci_low", "ci_high", "wilcoxon_p",
                         "wilcoxon_method", "p_holm", "ratio", "ratio_ci_low", "ratio_ci_high"]

    @Test("A row's cells: the method, p_holm, and the ratio with its interval; an empty interval or ratio stays empty")
    func cells() throws {
        let statistics = try #require(PairedStatistics(header: Self.header))
        #expect(statistics.cells(["lru", "jetsam", "kills_per_hour", "8", "-1", "-2", "0", "0.0078", "exact", "0.0234", "0.457", "0.31", "0.62"])
            == ["exact", "0.0234", "0.457 [0.31, 0.62]"])
        #expect(statistics.cells(["lru", "jetsam", "kills_per_hour", "1", "0", "", "", "1", "exact", "1", "2.5", "", ""])
            == ["exact", "1", "2.5"])
        #expect(statistics.cells(["lru", "jetsam", "kills_per_hour", "3", "1", "0", "2", "0.25", "normal", "0.5", "", "", ""])
            == ["normal", "0.5", ""])
        #expect(PairedStatistics.headings == ["wilcoxon_method", "p_holm", "ratio [ratio_ci_low, ratio_ci_high]"])
    }

    @Test("A file written before the statistics has none of their columns: no cells, the table as before")
    func olderFile() {
        #expect(PairedStatistics(header: Array(Self.header.prefix(8))) == nil)
        #expect(PairedStatistics(header: Self.header.filter { $0 != "ratio_ci_high" }) == nil)
    }
}

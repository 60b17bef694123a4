#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Wilcoxon's signed-rank test of paired differences, two-sided (SPEC 21, refined): exact
/// (`WilcoxonExact`) when at most 25 differences are not zero and no two of their magnitudes
/// tie, as `scipy.stats.wilcoxon(d, method="exact")` on the non-zero differences; else by the
/// normal approximation with the tie correction and no continuity correction, exactly as
/// SPEC 21 defines it:
///
/// - the zero differences are dropped, which leaves n′;
/// - |d| is ranked, ties given the mean of their ranks;
/// - W⁺ is the sum of the positive differences' ranks;
/// - σ² = n′(n′+1)(2n′+1)/24 − Σ(t³ − t)/48 over groups of t tied |d|;
/// - z = (W⁺ − n′(n′+1)/4) / σ, and p = erfc(|z| / √2).
///
/// The differences come as exact thousandths (`summary.csv`'s decimals), so zeros and ties
/// are judged on what the file says, not on binary fractions.
enum WilcoxonSignedRank {
    /// How a p-value was computed: `paired.csv`'s and `whatif.csv`'s `wilcoxon_method`.
    enum Method: String, Sendable {
        case exact, normal
    }

    /// The most non-zero differences the exact test takes.
    static let exactLimit = 25

    /// The two-sided p-value and how it was computed, or nil when every difference is 0.
    static func test(thousandths differences: [Int64]) -> (p: Double, method: Method)? {
        let nonzero = differences.filter { $0 != 0 }
        guard !nonzero.isEmpty else { return nil }
        if nonzero.count <= exactLimit, Set(nonzero.map(\.magnitude)).count == nonzero.count {
            return (WilcoxonExact.pValue(nonzero), .exact)
        }
        return pValue(thousandths: nonzero).map { ($0, .normal) }
    }

    /// The two-sided p-value by the normal approximation, or nil when every difference is 0
    /// (n′ = 0).
    static func pValue(thousandths differences: [Int64]) -> Double? {
        let nonzero = differences.filter { $0 != 0 }
        guard !nonzero.isEmpty else { return nil }
        let magnitudes = nonzero.map(\.magnitude).sorted()
        // The mean rank of each magnitude, and the tie correction.
        var meanRank: [UInt64: Double] = [:]
        var tieCorrection = 0.0
        var start = 0
        while start < magnitudes.count {
            var end = start
            while end + 1 < magnitudes.count, magnitudes[end + 1] == magnitudes[start] { end += 1 }
            let tied = Double(end - start + 1)
            meanRank[magnitudes[start]] = Double(start + end + 2) / 2
            tieCorrection += tied * tied * tied - tied
            start = end + 1
        }
        let positiveRankSum = nonzero.filter { $0 > 0 }.reduce(0.0) { $0 + meanRank[$1.magnitude]! }
        let n = Double(nonzero.count)
        let variance = n * (n + 1) * (2 * n + 1) / 24 - tieCorrection / 48
        guard variance > 0 else { return 1 }
        let z = (positiveRankSum - n * (n + 1) / 4) / variance.squareRoot()
        return erfc(abs(z) / 2.0.squareRoot())
    }
}

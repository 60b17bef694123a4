/// The exact null distribution of Wilcoxon's signed-rank statistic, for SPEC 21's
/// `wilcoxon_p` when there are few differences and no ties among their magnitudes.
///
/// Under the null hypothesis each of the n ranks 1...n is positive with probability ½,
/// independently, so W⁺ takes each value w with probability c(w) / 2ⁿ, where c(w) counts the
/// subsets of {1, ..., n} that sum to w. The two-sided p-value is
/// min(1, 2 × min(P(W⁺ ≤ w), P(W⁺ ≥ w))) at the observed w, which is what
/// `scipy.stats.wilcoxon(d, method="exact")` returns; one difference gives 1.
enum WilcoxonExact {
    /// The two-sided exact p-value of `nonzero`, differences none of which is 0 and no two of
    /// which have the same magnitude.
    ///
    /// - Complexity: O(n³) with n = `nonzero.count` (n ≤ 25: at most 325 sums per rank).
    static func pValue(_ nonzero: [Int64]) -> Double {
        let n = nonzero.count
        precondition(n > 0, "The exact test needs a difference")
        // Rank by magnitude: no ties, so each difference's rank is its place, from 1.
        let order = nonzero.indices.sorted { nonzero[$0].magnitude < nonzero[$1].magnitude }
        var positiveRankSum = 0
        for (place, index) in order.enumerated() where nonzero[index] > 0 { positiveRankSum += place + 1 }
        let counts = subsetSumCounts(n)
        let below = counts[...positiveRankSum].reduce(0, +)
        let above = counts[positiveRankSum...].reduce(0, +)
        let total = Double(UInt64(1) << UInt64(n))
        return min(1, 2 * Double(min(below, above)) / total)
    }

    /// c(w) for w in 0...n(n+1)/2: how many subsets of {1, ..., n} sum to w (at most 2ⁿ).
    static func subsetSumCounts(_ n: Int) -> [UInt64] {
        let most = n * (n + 1) / 2
        var counts = [UInt64](repeating: 0, count: most + 1)
        counts[0] = 1
        for rank in stride(from: 1, through: n, by: 1) {
            for sum in stride(from: most, through: rank, by: -1) { counts[sum] += counts[sum - rank] }
        }
        return counts
    }
}

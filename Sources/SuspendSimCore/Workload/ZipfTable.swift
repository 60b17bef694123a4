/// App choice by popularity: the app of rank k (its place in the scenario's `apps:`, from 1)
/// is chosen with probability proportional to `k^-s` (Zipf's law with exponent s).
///
/// The weights are integers (`k^-s` in fixed point, see `_FixedPointPower`), at most 2^40
/// and at least 1, so that every app can be chosen; a choice is an inverse-CDF lookup of a
/// uniform integer in their running sums. Nothing here depends on floating point.
struct ZipfTable: Sendable, Hashable {
    /// The running sums of the weights: `cumulative[i]` is the weight of apps 0...i.
    let cumulative: [UInt64]

    /// The weights for `count` apps and exponent `thousandths` / 1000.
    ///
    /// - Complexity: O(count) fixed-point powers.
    init(count: Int, exponentThousandths thousandths: Int64) {
        var sums: [UInt64] = []
        sums.reserveCapacity(count)
        var total: UInt64 = 0
        for rank in 1...max(count, 1) {
            let weight = max(1, _FixedPointPower.power(UInt64(rank), negativeThousandths: thousandths) >> 23)
            total += weight
            sums.append(total)
        }
        cumulative = sums
    }

    /// How many apps the table chooses among.
    var count: Int { cumulative.count }

    /// App `index`'s weight.
    func weight(of index: Int) -> UInt64 {
        index == 0 ? cumulative[0] : cumulative[index] - cumulative[index - 1]
    }

    /// An app index, by weight.
    ///
    /// - Complexity: O(log count)
    func choose(_ rng: inout SplitMix64) -> Int {
        index(of: rng.uniform(below: cumulative[cumulative.count - 1]))
    }

    /// An app index other than `excluded`, by weight among the others. There must be another.
    ///
    /// - Complexity: O(log count)
    func choose(_ rng: inout SplitMix64, excluding excluded: Int) -> Int {
        precondition(count > 1, "No other app to choose")
        let excludedWeight = weight(of: excluded)
        let before = excluded == 0 ? 0 : cumulative[excluded - 1]
        var draw = rng.uniform(below: cumulative[cumulative.count - 1] - excludedWeight)
        if draw >= before { draw += excludedWeight }
        return index(of: draw)
    }

    /// The first index whose running sum exceeds `draw`.
    private func index(of draw: UInt64) -> Int {
        var low = 0
        var high = cumulative.count - 1
        while low < high {
            let middle = (low + high) / 2
            if cumulative[middle] > draw { high = middle } else { low = middle + 1 }
        }
        return low
    }
}

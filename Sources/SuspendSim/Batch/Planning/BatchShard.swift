/// `--shard K/N`: the K-th of N deterministic slices of a batch's units, so that N machines
/// (or `parallel`, or a Slurm job array) can share a batch and `suspendsim merge` can
/// put it back together.
///
/// Units go round-robin: unit u belongs to shard `u mod N + 1`, which balances slow and fast
/// scenarios and sweep points across shards.
package struct BatchShard: Sendable, Hashable, CustomStringConvertible {
    /// K, from 1.
    package let index: Int
    /// N.
    package let count: Int

    /// Shard `index` of `count`; nil unless 1 ≤ index ≤ count.
    package init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// Parses `K/N`.
    package init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    /// The whole batch.
    package static let whole = BatchShard(index: 1, count: 1)!

    /// How many of `units` units are this shard's.
    package func unitCount(of units: Int) -> Int {
        units > index - 1 ? (units - index) / count + 1 : 0
    }

    /// How many of the units `first ..< first + length` are this shard's.
    package func unitCount(from first: Int, length: Int) -> Int {
        unitCount(of: first + length) - unitCount(of: first)
    }

    /// The batch-wide number of this shard's `i`-th unit.
    package func unit(_ i: Int) -> Int { index - 1 + i * count }

    /// `K/N`.
    package var description: String { "\(index)/\(count)" }
}

import Testing
@testable import SuspendSim

/// `merge`'s order of `sensitivity_runs.csv`'s blocks (SPEC 39: the shards' rows "in the
/// batch's order") when the shards do not hold the same variants, or list them in other orders.
/// What a shard orders stays so; what no shard orders, or shards order both ways, falls back on
/// the batch's own order: every scenario's own runs first, then the scenarios in `summary.csv`'s
/// order, keys in SPEC 36's order (`device.limit_share` first, as the catalog figures it
/// varies; `device.compressor.ratio` before the `app.*` rows), `low` before `high`.
@Suite struct SensitivityMergeOrderTests {
    typealias Variant = ShardMerge.Variant

    static func own(_ scenario: String = "s") -> Variant { Variant(scenario: scenario, key: "", end: "") }
    static func variant(_ key: String, _ end: String, _ scenario: String = "s") -> Variant {
        Variant(scenario: scenario, key: key, end: end)
    }

    static let limitLow = variant("device.limit_share", "low"), limitHigh = variant("device.limit_share", "high")
    static let ratioLow = variant("device.compressor.ratio", "low"), ratioHigh = variant("device.compressor.ratio", "high")
    static let launchHigh = variant("app.*.cold_launch_s", "high")

    /// `summary.csv`'s runs by (scenario, policy, seed, replicate): s's runs first, then t's.
    static let summary: [[String]: Int] = [
        ["s", "jetsam", "1", "0"]: 0, ["s", "jetsam", "2", "1"]: 1, ["t", "jetsam", "1", "0"]: 2, ["t", "jetsam", "2", "1"]: 3,
    ]

    @Test("Shards that hold different variants (a key used at one shard's points only): the keys in SPEC 36's order, whichever shard comes first")
    func disjointShards() {
        let first = [Self.own(), Self.ratioLow, Self.ratioHigh, Self.launchHigh]
        let second = [Self.own(), Self.limitLow, Self.limitHigh]
        let expected = [Self.own(), Self.limitLow, Self.limitHigh, Self.ratioLow, Self.ratioHigh, Self.launchHigh]
        #expect(ShardMerge.variantOrder([first, second], scenarios: Self.summary) == expected)
        #expect(ShardMerge.variantOrder([second, first], scenarios: Self.summary) == expected)
    }

    @Test("Shards that list the same variants in opposite orders: the batch's order (device.limit_share before device.compressor.ratio, low before high)")
    func conflictingShards() {
        let batchOrder = [Self.own(), Self.limitLow, Self.limitHigh, Self.ratioLow, Self.ratioHigh]
        let reordered = [Self.own(), Self.ratioLow, Self.ratioHigh, Self.limitLow, Self.limitHigh]
        #expect(ShardMerge.variantOrder([batchOrder, reordered], scenarios: Self.summary) == batchOrder)
        #expect(ShardMerge.variantOrder([reordered, batchOrder], scenarios: Self.summary) == batchOrder)
    }

    @Test("What one shard orders is kept; own runs come first and scenarios in summary.csv's order before keys")
    func shardOrderKeptAndScenariosFirst() {
        // A lone shard's order stands, even where SPEC 36's would differ.
        let lone = [Self.own(), Self.ratioHigh, Self.limitLow]
        #expect(ShardMerge.variantOrder([lone], scenarios: Self.summary) == lone)
        // t's own runs before s's variants; s's variants before t's, whatever their keys.
        let first = [Self.own("s"), Self.own("t"), Self.ratioLow]
        let second = [Self.own("t"), Self.variant("device.limit_share", "low", "t")]
        #expect(ShardMerge.variantOrder([second, first], scenarios: Self.summary)
            == [Self.own("s"), Self.own("t"), Self.ratioLow, Self.variant("device.limit_share", "low", "t")])
    }
}

/// The policies that ship with suspendsim (SPEC 6), one row each: the type, whose name is the
/// policy's (`BuiltInPolicy.ruleName`), how `explain` words its order, and how charts draw it.
/// `--policy`'s values, `policy: all`, `explain` and the HTML charts read this table; adding a
/// policy is its file, its row here and its test (docs/development.md).
package enum BuiltInPolicies {
    /// Every built-in policy, in the order reports list them.
    package static let entries: [Entry] = [
        Entry(LargestFirstPolicy.self, orderInWords: "suspended before background, the largest first",
              chart: ChartStyle(colour: 4, marker: .circle)),
        Entry(LRUPolicy.self, orderInWords: "suspended before background, the least recently frontmost first",
              chart: ChartStyle(colour: 5, marker: .square)),
        Entry(JetsamPolicy.self, orderInWords: "the lowest band first; in a band, the app that entered it first",
              chart: ChartStyle(colour: 2, marker: .triangle)),
        Entry(LMKDPolicy.self,
              orderInWords: "the highest adj first; equal adj, the least recently frontmost first, the heaviest first at adj 200 and below",
              chart: ChartStyle(colour: 6, marker: .diamond)),
    ]

    /// Every built-in policy, in the order reports list them.
    package static let all: [any EvictionPolicy] = entries.map(\.policy)

    /// Their names.
    package static let names: [String] = entries.map(\.name)

    /// The built-in policy called `name`, if any.
    package static func named(_ name: String) -> (any EvictionPolicy)? {
        entry(named: name)?.policy
    }

    /// The row of the built-in policy called `name`, if any.
    package static func entry(named name: String) -> Entry? {
        entries.first { $0.name == name }
    }
}

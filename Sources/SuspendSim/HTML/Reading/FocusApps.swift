/// The apps a sweep's page draws a chart for (SPEC 19): the focus apps.
///
/// The apps given (`report --app ID`, or the apps of the scenario's `expect:` and `observed:`
/// that `run --html` passes), those of them that are apps of the scenario, in the order
/// given; when none is, the `count` apps whose never-killed rate changes most across the
/// sweep: the largest change (highest minus lowest over the swept values) under any one
/// policy, ties in scenario order.
enum FocusApps {
    /// How many apps the change rule picks.
    static let count = 6

    /// Why the apps were picked.
    enum Rule: Equatable {
        /// They were given.
        case given
        /// They change most across the sweep.
        case changesMost
    }

    /// The focus apps of a scenario with `apps` (in scenario order). `change` gives each app's
    /// change across the sweep (`change(of:...)`).
    static func select(given: [String]?, apps: [String], change: (String) -> Double) -> (apps: [String], rule: Rule) {
        let known = Set(apps)
        var seen = Set<String>()
        let chosen = (given ?? []).filter { known.contains($0) && seen.insert($0).inserted }
        if !chosen.isEmpty { return (chosen, .given) }
        let changes = apps.map(change)
        let order = apps.indices.sorted { changes[$0] != changes[$1] ? changes[$0] > changes[$1] : $0 < $1 }
        return (order.prefix(count).map { apps[$0] }, .changesMost)
    }

    /// How much `rates` (an app's never-killed rate at each swept value, per policy; nil where
    /// the point has none) change: the largest highest-minus-lowest of any policy; -1 when
    /// there is no rate at all.
    static func change(_ rates: [[Double?]]) -> Double {
        var largest = -1.0
        for policy in rates {
            let values = policy.compactMap { $0 }
            guard let low = values.min(), let high = values.max() else { continue }
            largest = max(largest, high - low)
        }
        return largest
    }
}

/// How many runs of each survival group there were, and how many of them each app survived:
/// `survival.csv`'s counts, kept as they come so that no run's result is held.
///
/// A group is one point of a scenario's grid under one policy; it has a count per app.
package struct SurvivalTally: Sendable, Hashable {
    /// Runs per group.
    public private(set) var runs: [Int]
    /// Survivals per group and app, groups one after the other.
    public private(set) var survived: [Int]
    /// Where each group's apps start in `survived`.
    private let offsets: [Int]

    /// An empty tally for groups of `appCounts[g]` apps each.
    public init(appCounts: [Int]) {
        runs = Array(repeating: 0, count: appCounts.count)
        var offsets: [Int] = []
        var total = 0
        for count in appCounts {
            offsets.append(total)
            total += count
        }
        self.offsets = offsets
        survived = Array(repeating: 0, count: total)
    }

    /// Counts one run of `group` in which app i survived when `survivors[i]`.
    ///
    /// - Complexity: O(apps)
    public mutating func record(group: Int, survivors: [Bool]) {
        runs[group] += 1
        for (app, survivedRun) in survivors.enumerated() where survivedRun {
            survived[offsets[group] + app] += 1
        }
    }

    /// Adds `other`'s counts (a tally of the same groups), as when workers that each counted
    /// their own runs finish: sums, so the order of adding does not matter.
    ///
    /// - Complexity: O(groups + apps in all groups)
    public mutating func add(_ other: SurvivalTally) {
        precondition(offsets == other.offsets, "Tallies of different groups added")
        for group in runs.indices { runs[group] += other.runs[group] }
        for index in survived.indices { survived[index] += other.survived[index] }
    }

    /// Survivals of app `app` in `group`.
    public func survived(group: Int, app: Int) -> Int {
        survived[offsets[group] + app]
    }
}

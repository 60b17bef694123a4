/// How many runs of each survival group there were, and per app the counts `survival.csv`
/// reports (SPEC 14): runs it survived, runs it was never killed in, and its pressure kills and
/// cold and warm launches, summed. Kept as they come, so that no run's result is held.
///
/// A group is one point of a scenario's grid under one policy; it has counts per app.
package struct SurvivalTally: Sendable, Hashable {
    /// One app's counts, in one run or summed over a group's runs.
    package struct Counts: Sendable, Hashable {
        var survived = 0
        var neverKilled = 0
        var pressureKills = 0
        var coldLaunches = 0
        var warmLaunches = 0

        /// One run's outcome of one app.
        init(_ outcome: AppOutcome) {
            survived = outcome.survived ? 1 : 0
            neverKilled = outcome.neverKilled ? 1 : 0
            pressureKills = outcome.pressureKills
            coldLaunches = outcome.coldLaunches
            warmLaunches = outcome.warmLaunches
        }

        init(survived: Int = 0, neverKilled: Int = 0, pressureKills: Int = 0, coldLaunches: Int = 0, warmLaunches: Int = 0) {
            self.survived = survived
            self.neverKilled = neverKilled
            self.pressureKills = pressureKills
            self.coldLaunches = coldLaunches
            self.warmLaunches = warmLaunches
        }

        static func += (total: inout Counts, more: Counts) {
            total.survived += more.survived
            total.neverKilled += more.neverKilled
            total.pressureKills += more.pressureKills
            total.coldLaunches += more.coldLaunches
            total.warmLaunches += more.warmLaunches
        }
    }

    /// Runs per group.
    public private(set) var runs: [Int]
    /// Counts per group and app, groups one after the other.
    private var counts: [Counts]
    /// Where each group's apps start in `counts`.
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
        counts = Array(repeating: Counts(), count: total)
    }

    /// Counts one run of `group` with each app's counts `apps[i]`.
    ///
    /// - Complexity: O(apps)
    public mutating func record(group: Int, apps: [Counts]) {
        runs[group] += 1
        for (app, run) in apps.enumerated() {
            counts[offsets[group] + app] += run
        }
    }

    /// Adds `other`'s counts (a tally of the same groups), as when workers that each counted
    /// their own runs finish: sums, so the order of adding does not matter.
    ///
    /// - Complexity: O(groups + apps in all groups)
    public mutating func add(_ other: SurvivalTally) {
        precondition(offsets == other.offsets, "Tallies of different groups added")
        for group in runs.indices { runs[group] += other.runs[group] }
        for index in counts.indices { counts[index] += other.counts[index] }
    }

    /// The counts of app `app` in `group`, summed over its runs.
    public func counts(group: Int, app: Int) -> Counts {
        counts[offsets[group] + app]
    }

    /// Survivals of app `app` in `group`.
    public func survived(group: Int, app: Int) -> Int {
        counts(group: group, app: app).survived
    }
}

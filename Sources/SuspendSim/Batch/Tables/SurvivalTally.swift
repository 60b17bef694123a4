/// How many runs of each survival group there were, and per app the counts `survival.csv`
/// reports (SPEC 14): runs it survived, runs it was never killed in, and its pressure kills and
/// cold and warm launches and its background task grants (SPEC 28), summed; and those a batch's `exits.csv` reports (SPEC 17): its
/// terminations in each MetricKit exit category and its launch wait, summed; and the seconds
/// `observed.csv` compares with the field's usage (SPEC 26). Kept as they come, so that no
/// run's result is held.
///
/// A group is one point of a scenario's grid under one policy, or, in a batch that pools trace
/// users (SPEC 24, `UserPooling`), one point of the grid without `trace.user` under one policy;
/// it has counts per app.
package struct SurvivalTally: Sendable, Hashable {
    /// Runs per group.
    package private(set) var runs: [Int]
    /// Counts per group and app, groups one after the other.
    private var counts: [Counts]
    /// Where each group's apps start in `counts`.
    private let offsets: [Int]
    /// Per group, the app whose `observed:` counters are compared with the field (SPEC 18);
    /// nil for a group without `observed:`.
    private let observedApps: [AppIndex?]
    /// Per group with an observed app, the sums of the squares of its counters' values per run
    /// (`Scenario.Observed.Counter` order), for their standard deviations; groups one after the
    /// other, `counterCount` each.
    private var observedSquares: [Int]
    private static let counterCount = Scenario.Observed.Counter.allCases.count

    /// An empty tally for groups of `appCounts[g]` apps each, with `observedApps[g]` the
    /// group's observed app (none by default).
    package init(appCounts: [Int], observedApps: [AppIndex?]? = nil) {
        self.observedApps = observedApps ?? Array(repeating: nil, count: appCounts.count)
        observedSquares = Array(repeating: 0, count: appCounts.count * Self.counterCount)
        runs = Array(repeating: 0, count: appCounts.count)
        var offsets: [Int] = []
        var total = 0
        for count in appCounts {
            offsets.append(total)
            total += count
        }
        self.offsets = offsets
        counts = Array(repeating: Counts.zero, count: total)
    }

    /// Counts one run of `group` with each app's counts `apps[i]`.
    ///
    /// - Complexity: O(apps)
    package mutating func record(group: Int, apps: [Counts]) {
        runs[group] += 1
        for (app, run) in apps.enumerated() {
            counts[offsets[group] + app] += run
        }
        if let observed = observedApps[group] {
            for (index, counter) in Scenario.Observed.Counter.allCases.enumerated() {
                let value = apps[observed].value(of: counter)
                observedSquares[group * Self.counterCount + index] += value * value
            }
        }
    }

    /// The sum over `group`'s runs of the square of `counter`'s value per run, for the group's
    /// observed app (0 for a group without one).
    func observedSquares(group: Int, counter: Scenario.Observed.Counter) -> Int {
        observedSquares[group * Self.counterCount + Scenario.Observed.Counter.allCases.firstIndex(of: counter)!]
    }

    /// Adds `other`'s counts (a tally of the same groups), as when workers that each counted
    /// their own runs finish: sums, so the order of adding does not matter.
    ///
    /// - Complexity: O(groups + apps in all groups)
    package mutating func add(_ other: SurvivalTally) {
        precondition(offsets == other.offsets, "Tallies of different groups added")
        for group in runs.indices { runs[group] += other.runs[group] }
        for index in counts.indices { counts[index] += other.counts[index] }
        for index in observedSquares.indices { observedSquares[index] += other.observedSquares[index] }
    }

    /// The counts of app `app` in `group`, summed over its runs.
    package func counts(group: Int, app: Int) -> Counts {
        counts[offsets[group] + app]
    }

    /// Survivals of app `app` in `group`.
    package func survived(group: Int, app: Int) -> Int {
        counts(group: group, app: app).fate.survived
    }
}

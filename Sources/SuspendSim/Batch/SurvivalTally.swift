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
    /// One app's counts, in one run or summed over a group's runs.
    package struct Counts: Sendable, Hashable {
        var survived: Int
        var neverKilled: Int
        var pressureKills: Int
        var coldLaunches: Int
        var warmLaunches: Int
        /// Runs in which the app was resident at some instant (SPEC 19 `launched`).
        var launched: Int
        var exits: AppOutcome.ExitCounts
        var launchWaitMs: Int64
        /// Seconds `active` or `inactive` (`cumulativeForegroundTime`, SPEC 26 "Usage"), each
        /// run's rounded half up to a whole second: whole seconds, as MetricKit writes
        /// `MXAppRunTimeMetric`'s times, keep the sums of squares of a batch exact in 64 bits.
        var foregroundS: Int
        /// Seconds in `background` (`cumulativeBackgroundTime`), rounded as `foregroundS`.
        var backgroundS: Int
        /// Refresh and processing task grants (SPEC 28's `refresh_runs`, `processing_runs`).
        var refreshRuns: Int
        var processingRuns: Int

        /// Counts with every field named: none has a default, so that counts built field by
        /// field cannot leave one out unseen (STYLE section 8).
        init(survived: Int, neverKilled: Int, pressureKills: Int, coldLaunches: Int, warmLaunches: Int, launched: Int,
             exits: AppOutcome.ExitCounts, launchWaitMs: Int64, foregroundS: Int, backgroundS: Int,
             refreshRuns: Int, processingRuns: Int) {
            self.survived = survived
            self.neverKilled = neverKilled
            self.pressureKills = pressureKills
            self.coldLaunches = coldLaunches
            self.warmLaunches = warmLaunches
            self.launched = launched
            self.exits = exits
            self.launchWaitMs = launchWaitMs
            self.foregroundS = foregroundS
            self.backgroundS = backgroundS
            self.refreshRuns = refreshRuns
            self.processingRuns = processingRuns
        }

        /// One run's outcome of one app.
        init(_ outcome: AppOutcome) {
            self.init(survived: outcome.survived ? 1 : 0, neverKilled: outcome.neverKilled ? 1 : 0,
                      pressureKills: outcome.pressureKills, coldLaunches: outcome.coldLaunches,
                      warmLaunches: outcome.warmLaunches, launched: outcome.field.wasResident ? 1 : 0,
                      exits: outcome.field.exits, launchWaitMs: outcome.launchWaitMs.count,
                      foregroundS: Self.wholeSeconds(outcome.field.foregroundMs), backgroundS: Self.wholeSeconds(outcome.field.backgroundMs),
                      refreshRuns: outcome.refreshRuns, processingRuns: outcome.processingRuns)
        }

        /// `time` in whole seconds, rounded half up.
        static func wholeSeconds(_ time: Millis) -> Int {
            Int((time.count + 500) / 1000)
        }

        /// No run counted yet.
        static let zero = Counts(survived: 0, neverKilled: 0, pressureKills: 0, coldLaunches: 0, warmLaunches: 0, launched: 0,
                                 exits: AppOutcome.ExitCounts(), launchWaitMs: 0, foregroundS: 0, backgroundS: 0,
                                 refreshRuns: 0, processingRuns: 0)

        /// An app that a run does not have, in a table that pools trace users (SPEC 24): never
        /// resident, never killed, every count 0, as an app of the run that never launched.
        static let absent = Counts(survived: 0, neverKilled: 1, pressureKills: 0, coldLaunches: 0, warmLaunches: 0, launched: 0,
                                   exits: AppOutcome.ExitCounts(), launchWaitMs: 0, foregroundS: 0, backgroundS: 0,
                                 refreshRuns: 0, processingRuns: 0)

        static func += (total: inout Counts, more: Counts) {
            total.survived += more.survived
            total.neverKilled += more.neverKilled
            total.pressureKills += more.pressureKills
            total.coldLaunches += more.coldLaunches
            total.warmLaunches += more.warmLaunches
            total.launched += more.launched
            total.exits += more.exits
            total.launchWaitMs += more.launchWaitMs
            total.foregroundS += more.foregroundS
            total.backgroundS += more.backgroundS
            total.refreshRuns += more.refreshRuns
            total.processingRuns += more.processingRuns
        }

        /// The counts' value of an observed counter (SPEC 18, 26): an exit category's count, the
        /// cold or warm launches, or the seconds in the foreground or background.
        func value(of counter: Scenario.Observed.Counter) -> Int {
            switch counter {
            case .coldLaunches: coldLaunches
            case .resumes: warmLaunches
            case .foregroundS: foregroundS
            case .backgroundS: backgroundS
            default: counter.exitCategory.map { exits[$0] } ?? 0
            }
        }
    }

    /// Runs per group.
    public private(set) var runs: [Int]
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
    public init(appCounts: [Int], observedApps: [AppIndex?]? = nil) {
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
    public mutating func record(group: Int, apps: [Counts]) {
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
    public mutating func add(_ other: SurvivalTally) {
        precondition(offsets == other.offsets, "Tallies of different groups added")
        for group in runs.indices { runs[group] += other.runs[group] }
        for index in counts.indices { counts[index] += other.counts[index] }
        for index in observedSquares.indices { observedSquares[index] += other.observedSquares[index] }
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

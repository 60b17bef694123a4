extension Batch {
    /// What a batch's runs gave: per point and app, the counts `survival.csv` is written from
    /// (SPEC 14, 19), as rates with their intervals.
    public struct Result: Sendable, Hashable {
        /// The sweep's labels, in sweep order (one empty label without a sweep).
        public let points: [String]
        /// Each point's app ids, in scenario order.
        let apps: [[String]]
        /// Runs made per point.
        public let runsPerPoint: Int
        /// The counts by point (a tally group per point) and app.
        let tally: SurvivalTally
        /// Every run's `summary.csv` row, point after point, replicates in order.
        let summary: [SummaryRow]

        init(points: [String], apps: [[String]], runsPerPoint: Int, tally: SurvivalTally, summary: [SummaryRow]) {
            self.points = points
            self.apps = apps
            self.runsPerPoint = runsPerPoint
            self.tally = tally
            self.summary = summary
        }

        /// The rates of the app with bundle id `app` at the point labelled `point` (nil: the
        /// batch's only point).
        ///
        /// - Throws: `Batch.ArgumentError` when no point has the label, when `point` is nil in
        ///   a batch of several points, or when the point has no such app; each names what exists.
        /// - Complexity: O(points + apps)
        public func rates(of app: String, at point: String? = nil) throws(Batch.ArgumentError) -> Batch.Rates {
            let group: Int
            if let point {
                guard let index = points.firstIndex(of: point) else {
                    throw Batch.ArgumentError(kind: .unknownPoint, name: point, among: points)
                }
                group = index
            } else {
                guard points.count == 1 else { throw Batch.ArgumentError(kind: .pointNeeded, value: "", nearest: points) }
                group = 0
            }
            guard let index = apps[group].firstIndex(of: app) else {
                throw Batch.ArgumentError(kind: .unknownApp, name: app, among: apps[group])
            }
            return Batch.Rates(runs: tally.runs[group], counts: tally.counts(group: group, app: index))
        }
    }

    /// One app's rates at one point (SPEC 14, 19): `survival.csv`'s `survival_rate`,
    /// `never_killed_rate` and `launched_survival_rate`, each with its Wilson 95 % bounds.
    public struct Rates: Sendable, Hashable {
        /// Runs at the point (`runs`).
        public let runs: Int
        /// Runs the app was resident at the end, of `runs` (`survival_rate`, `ci_low`, `ci_high`).
        public let survival: Batch.Rate
        /// Runs the app was never killed in, of `runs` (`never_killed_rate` and its bounds).
        public let neverKilled: Batch.Rate
        /// Runs the app survived, of those in which it was resident at some instant
        /// (`launched_survival_rate` and its bounds): an app that never ran is no casualty
        /// of memory pressure. Nil when it never launched (the cells are empty).
        public let launchedSurvival: Batch.Rate?

        /// Runs in which the app was resident at some instant (`launched`).
        public var launched: Int { launchedSurvival?.trials ?? 0 }

        init(runs: Int, counts: SurvivalTally.Counts) {
            self.runs = runs
            survival = Batch.Rate(successes: counts.fate.survived, trials: runs)
            neverKilled = Batch.Rate(successes: counts.fate.neverKilled, trials: runs)
            launchedSurvival = counts.fate.launched > 0 ? Batch.Rate(successes: counts.fate.survived, trials: counts.fate.launched) : nil
        }
    }

    /// A proportion with its Wilson 95 % interval (`WilsonInterval`), as `survival.csv`
    /// computes it; the file prints each number with 3 decimals.
    ///
    /// The file leaves the bounds empty below two trials (one run says little); here they are
    /// Wilson's bounds for that one trial, which are wide: [0.207, 1] for 1 of 1.
    public struct Rate: Sendable, Hashable {
        /// The runs that counted (survived, never killed).
        public let successes: Int
        /// The runs it is a rate of, at least 1.
        public let trials: Int
        /// `successes / trials`.
        public let rate: Double
        /// The interval's lower bound, in [0, `rate`].
        public let low: Double
        /// The interval's upper bound, in [`rate`, 1].
        public let high: Double

        init(successes: Int, trials: Int) {
            precondition(trials > 0, "A rate of no trial")
            self.successes = successes
            self.trials = trials
            rate = Double(successes) / Double(trials)
            let bounds = WilsonInterval.bounds(successes: successes, trials: trials)!
            low = bounds.low
            high = bounds.high
        }
    }
}

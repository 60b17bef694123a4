extension SurvivalTally {
    /// One app's counts, in one run or summed over a group's runs, in seven named parts: what
    /// became of it (`survival.csv`, SPEC 14, 19), its launches (SPEC 17), its terminations in
    /// each MetricKit exit category (`exits.csv`, SPEC 17), its time in the foreground and
    /// background (`observed.csv`, SPEC 26), its background task grants (SPEC 28), its
    /// terminations by `evictions.csv` trigger and the freezer's acts on it (`survival.csv`,
    /// SPEC 37, 41). No field
    /// of a part has a default, so that counts built part by part cannot leave one out unseen
    /// (STYLE section 8).
    package struct Counts: Sendable, Hashable {
        var fate: Fate
        var launches: Launches
        var exits: AppOutcome.ExitCounts
        var time: Time
        var tasks: Tasks
        var kills: Eviction.TriggerCounts
        var freezer: Freezer

        init(fate: Fate, launches: Launches, exits: AppOutcome.ExitCounts, time: Time, tasks: Tasks, kills: Eviction.TriggerCounts,
             freezer: Freezer) {
            self.fate = fate
            self.launches = launches
            self.exits = exits
            self.time = time
            self.tasks = tasks
            self.kills = kills
            self.freezer = freezer
        }

        /// One run's outcome of one app.
        init(_ outcome: AppOutcome) {
            self.init(
                fate: Fate(survived: outcome.survived ? 1 : 0, neverKilled: outcome.neverKilled ? 1 : 0,
                           launched: outcome.field.wasResident ? 1 : 0, pressureKills: outcome.pressureKills,
                           pressureKillSquares: outcome.pressureKills * outcome.pressureKills),
                launches: Launches(cold: outcome.coldLaunches, warm: outcome.warmLaunches, waitMs: outcome.launchWaitMs.count),
                exits: outcome.field.exits,
                time: Time(foregroundS: Time.wholeSeconds(outcome.field.foregroundMs), backgroundS: Time.wholeSeconds(outcome.field.backgroundMs)),
                tasks: Tasks(refreshRuns: outcome.refreshRuns, processingRuns: outcome.processingRuns),
                kills: outcome.kills,
                freezer: Freezer(freezes: outcome.freezes, thaws: outcome.thaws))
        }

        /// No run counted yet.
        static let zero = Counts(fate: .zero, launches: .zero, exits: AppOutcome.ExitCounts(), time: .zero, tasks: .zero,
                                 kills: Eviction.TriggerCounts(), freezer: .zero)

        /// An app that a run does not have, in a table that pools trace users (SPEC 24): never
        /// resident, never killed, every count 0, as an app of the run that never launched.
        static let absent = Counts(fate: Fate(survived: 0, neverKilled: 1, launched: 0, pressureKills: 0, pressureKillSquares: 0),
                                   launches: .zero, exits: AppOutcome.ExitCounts(), time: .zero, tasks: .zero,
                                   kills: Eviction.TriggerCounts(), freezer: .zero)

        /// Adds `more`'s counts, field by field.
        static func += (total: inout Counts, more: Counts) {
            total.fate.survived += more.fate.survived
            total.fate.neverKilled += more.fate.neverKilled
            total.fate.launched += more.fate.launched
            total.fate.pressureKills += more.fate.pressureKills
            total.fate.pressureKillSquares += more.fate.pressureKillSquares
            total.launches.cold += more.launches.cold
            total.launches.warm += more.launches.warm
            total.launches.waitMs += more.launches.waitMs
            total.exits += more.exits
            total.time.foregroundS += more.time.foregroundS
            total.time.backgroundS += more.time.backgroundS
            total.tasks.refreshRuns += more.tasks.refreshRuns
            total.tasks.processingRuns += more.tasks.processingRuns
            total.kills += more.kills
            total.freezer.freezes += more.freezer.freezes
            total.freezer.thaws += more.freezer.thaws
        }

        /// The counts' value of an observed counter (SPEC 18, 26): an exit category's count, the
        /// cold or warm launches, or the seconds in the foreground or background.
        func value(of counter: Scenario.Observed.Counter) -> Int {
            switch counter {
            case .coldLaunches: launches.cold
            case .resumes: launches.warm
            case .foregroundS: time.foregroundS
            case .backgroundS: time.backgroundS
            default: counter.exitCategory.map { exits[$0] } ?? 0
            }
        }
    }
}

extension SurvivalTally.Counts {
    /// What became of the app: runs it survived (resident at the end) and was never killed
    /// in, runs in which it was resident at some instant (SPEC 19 `launched`), its pressure
    /// kills, and the sum over runs of the square of each run's pressure kills (for their
    /// Student's interval, SPEC 41).
    struct Fate: Sendable, Hashable {
        var survived: Int
        var neverKilled: Int
        var launched: Int
        var pressureKills: Int
        var pressureKillSquares: Int

        static let zero = Fate(survived: 0, neverKilled: 0, launched: 0, pressureKills: 0, pressureKillSquares: 0)
    }

    /// Cold and warm launches, and the launch waits added up in ms (SPEC 17).
    struct Launches: Sendable, Hashable {
        var cold: Int
        var warm: Int
        var waitMs: Int64

        static let zero = Launches(cold: 0, warm: 0, waitMs: 0)
    }

    /// Seconds `active` or `inactive` (`cumulativeForegroundTime`, SPEC 26 "Usage") and in
    /// `background` (`cumulativeBackgroundTime`), each run's rounded half up to a whole second:
    /// whole seconds, as MetricKit writes `MXAppRunTimeMetric`'s times, keep the sums of squares
    /// of a batch exact in 64 bits.
    struct Time: Sendable, Hashable {
        var foregroundS: Int
        var backgroundS: Int

        static let zero = Time(foregroundS: 0, backgroundS: 0)

        /// `time` in whole seconds, rounded half up.
        static func wholeSeconds(_ time: Millis) -> Int {
            Int((time.count + 500) / 1000)
        }
    }

    /// Refresh and processing task grants (SPEC 28's `refresh_runs`, `processing_runs`).
    struct Tasks: Sendable, Hashable {
        var refreshRuns: Int
        var processingRuns: Int

        static let zero = Tasks(refreshRuns: 0, processingRuns: 0)
    }

    /// The freezer's freezes (a refreeze counts) and thaws of the app (SPEC 37 `survivors.csv`
    /// `freezes`, `thaws`; `survival.csv` `freezes_mean`, `thaws_mean`, SPEC 41): one per
    /// `freeze` or `refreeze` row, and per `thaw` row, of the app in `freezer.csv`.
    struct Freezer: Sendable, Hashable {
        var freezes: Int
        var thaws: Int

        static let zero = Freezer(freezes: 0, thaws: 0)
    }
}

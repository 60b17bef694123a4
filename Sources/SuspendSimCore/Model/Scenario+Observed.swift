extension Scenario {
    /// What the field observed of one app (SPEC 18 `observed:`): per day, the mean of each
    /// counter MetricKit reports, as `suspendsim import metrickit` writes them. A batch holds
    /// each counter's simulated mean per run against it (`observed.csv`): one run of the
    /// scenario stands for one day of the field.
    public struct Observed: Sendable, Hashable {
        /// The app the counters are about.
        public var app: AppIndex
        /// How many payloads (days) the means are over.
        public var days: Int
        /// How many of the days measured exits (`applicationExitMetrics`, absent in iOS 13
        /// payloads): the exit counters' means are over these (SPEC 26 "Metrics that did not
        /// exist"). `days` when the file gives no `exit_days`.
        public var exitDays: Int
        /// How many of the days measured launches (`applicationLaunchMetrics`): the means of
        /// `cold_launches` and `resumes` are over these (SPEC 26). `days` when not given.
        public var launchDays: Int
        /// How many of the days measured usage (`applicationTimeMetrics`, `MXAppRunTimeMetric`):
        /// the means of `foreground_s` and `background_s` are over these (SPEC 26). `days` when
        /// not given.
        public var timeDays: Int
        /// The counters given, in `Counter` order, each with its value per day in thousandths
        /// (the file's 3 decimals, exactly).
        public var counters: [(counter: Counter, thousandths: Int64)]

        public init(app: AppIndex, days: Int, exitDays: Int? = nil, launchDays: Int? = nil, timeDays: Int? = nil,
                    counters: [(counter: Counter, thousandths: Int64)]) {
            self.app = app
            self.days = days
            self.exitDays = exitDays ?? days
            self.launchDays = launchDays ?? days
            self.timeDays = timeDays ?? days
            self.counters = counters
        }

        /// The days that measured `counter`: `exitDays` for an exit counter, `launchDays` for
        /// `cold_launches` and `resumes`, `timeDays` for the seconds (SPEC 26, 27).
        public func days(measuring counter: Counter) -> Int {
            switch counter.kind {
            case .exit: exitDays
            case .launch: launchDays
            case .seconds: timeDays
            }
        }

        public static func == (a: Observed, b: Observed) -> Bool {
            a.app == b.app && a.days == b.days && a.exitDays == b.exitDays && a.launchDays == b.launchDays && a.timeDays == b.timeDays
                && a.counters.elementsEqual(b.counters) { $0 == $1 }
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(app)
            hasher.combine(days)
            hasher.combine(exitDays)
            hasher.combine(launchDays)
            hasher.combine(timeDays)
            for (counter, value) in counters {
                hasher.combine(counter)
                hasher.combine(value)
            }
        }
    }
}

extension Scenario.Observed {
    /// A counter MetricKit reports per day and a run counts too (SPEC 18): every exit
    /// category of SPEC 17 that MetricKit has (`MXForegroundExitData`, `MXBackgroundExitData`),
    /// the launches of `MXAppLaunchMetric`'s two histograms, and the seconds of
    /// `MXAppRunTimeMetric` (SPEC 26 "Usage").
    public enum Counter: String, Sendable, CaseIterable, Hashable {
        case foregroundMemoryResourceLimit = "foreground_memory_resource_limit"
        case backgroundMemoryPressure = "background_memory_pressure"
        case backgroundMemoryResourceLimit = "background_memory_resource_limit"
        case backgroundAppWatchdog = "background_app_watchdog"
        case backgroundTaskAssertionTimeout = "background_task_assertion_timeout"
        case backgroundFetchCompletionTimeout = "background_fetch_completion_timeout"
        case backgroundNormal = "background_normal"
        /// `histogrammedTimeToFirstDraw`'s launches: a run's cold launches.
        case coldLaunches = "cold_launches"
        /// `histogrammedApplicationResumeTime`'s launches: a run's warm launches.
        case resumes
        /// `cumulativeForegroundTime`: a run's seconds `active` or `inactive`.
        case foregroundS = "foreground_s"
        /// `cumulativeBackgroundTime`: a run's seconds in `background` (suspended time is
        /// neither).
        case backgroundS = "background_s"

        /// What a counter counts: exits and launches are counts, with the field's Poisson
        /// interval and a part in `observed_within_ci`; the seconds are usage, compared but
        /// not judged (SPEC 26, 27).
        public enum Kind: Sendable, Hashable {
            case exit, launch, seconds
        }

        /// The counter's kind.
        public var kind: Kind {
            switch self {
            case .coldLaunches, .resumes: .launch
            case .foregroundS, .backgroundS: .seconds
            default: .exit
            }
        }

        /// The exit category the counter counts; nil for the launch counters and the seconds.
        public var exitCategory: KillReason.ExitCategory? {
            kind == .exit ? KillReason.ExitCategory(rawValue: rawValue) : nil
        }
    }
}

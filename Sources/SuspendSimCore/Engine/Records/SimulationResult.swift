/// What a run ends with: each app's outcome (`survivors.csv`) and the run's totals
/// (`summary.csv`), plus whatever the recorder kept: the run's `RunOutcome` and its recorder.
public struct SimulationResult<Recorder: SimulationRecorder> {
    /// One row of `survivors.csv`.
    public typealias AppOutcome = SuspendSimCore.AppOutcome

    /// The outcome without the recorder: what the report folder's writer, a batch's tables
    /// and `check` read, the same whichever recorder ran.
    package var outcome: RunOutcome
    /// The recorder, with whatever it kept.
    public var log: Recorder

    package init(outcome: RunOutcome, log: Recorder) {
        self.outcome = outcome
        self.log = log
    }

    public var scenarioName: String {
        get { outcome.scenarioName }
        set { outcome.scenarioName = newValue }
    }
    public var policyName: String {
        get { outcome.policyName }
        set { outcome.policyName = newValue }
    }
    /// Per app, in scenario order.
    public var apps: [AppOutcome] {
        get { outcome.apps }
        set { outcome.apps = newValue }
    }
    /// Scenario events run, skipped ones included.
    public var eventsRun: Int {
        get { outcome.eventsRun }
        set { outcome.eventsRun = newValue }
    }
    /// Of those, the no-ops (`skipped.csv`).
    public var eventsSkipped: Int {
        get { outcome.eventsSkipped }
        set { outcome.eventsSkipped = newValue }
    }
    /// The lowest free memory of the run, the starting value included.
    public var minFreeKiB: KiB {
        get { outcome.minFreeKiB }
        set { outcome.minFreeKiB = newValue }
    }
    /// The run's length: `end_s` when given, else the last event or timer (SPEC 21
    /// `duration_s`, the end `resident_s` counts to).
    public var durationMs: Millis {
        get { outcome.durationMs }
        set { outcome.durationMs = newValue }
    }
    /// The apps killed for `memory-pressure`, in order, by index: `pressureEvictions`' order.
    public var pressureEvictionOrder: [AppIndex] {
        get { outcome.pressureEvictionOrder }
        set { outcome.pressureEvictionOrder = newValue }
    }
    /// Every pressure kill, in order, by index: `pressureKilled`'s order.
    public var pressureKillOrder: [AppIndex] {
        get { outcome.pressureKillOrder }
        set { outcome.pressureKillOrder = newValue }
    }
    /// Every task request, in submission order, with what became of it (SPEC 28 `tasks.csv`);
    /// empty without `bg_tasks`.
    public var tasks: [EventLog.TaskRecord] {
        get { outcome.tasks }
        set { outcome.tasks = newValue }
    }

    /// The ids of the apps killed for `memory-pressure`, in order, an app once per kill: the
    /// list `expect.evictions` is compared with (SPEC 7). The reaper's `long-idle-exit` kills
    /// and the frontmost app's `vm-pageshortage` kill are not in it (SPEC 16), though both are
    /// pressure kills: `pressureKilled` lists every pressure kill.
    public var pressureEvictions: [String] { outcome.pressureEvictions }
    /// The ids of the apps killed by every pressure kill, in order, an app once per kill: the
    /// `memory-pressure` kills of SPEC 5's check, its `vm-pageshortage` kill of the frontmost
    /// app, and the long-idle reaper's `long-idle-exit` kills (SPEC 11). Its count is
    /// `pressureKills`, `summary.csv`'s `pressure_kills`.
    public var pressureKilled: [String] { outcome.pressureKilled }
    /// The ids of the apps resident at the end.
    public var survivors: [String] { outcome.survivors }
    public var coldLaunches: Int { outcome.coldLaunches }
    public var warmLaunches: Int { outcome.warmLaunches }
    /// The run's pressure kills (SPEC 5, 11): `memory-pressure`, `vm-pageshortage` and
    /// `long-idle-exit`, `summary.csv`'s `pressure_kills`; `pressureKilled.count`.
    public var pressureKills: Int { outcome.pressureKills }
    public var stateLosses: Int { outcome.stateLosses }
    /// The apps' launch waits added up (SPEC 17 `launch_wait_s` of `summary.csv`).
    public var launchWaitMs: Millis { outcome.launchWaitMs }
}

extension SimulationResult: Sendable where Recorder: Sendable {}

/// One app's outcome: a row of `survivors.csv`.
public struct AppOutcome: Sendable, Hashable {
    public var id: String
    /// Resident at the end of the run.
    public var survived: Bool
    public var finalState: LifecycleState
    public var footprintKiB: KiB
    public var coldLaunches: Int
    public var warmLaunches: Int
    public var pressureKills: Int
    public var otherKills: Int
    public var stateLosses: Int
    /// When the app was first killed by the system (a pressure or other kill, SPEC 5); nil
    /// when never. Force-quits and exits-on-suspend are the user's or the app's choice.
    public var firstKillMs: Millis?
    /// How long the app was resident, until `end_s` when given, else until the run's end.
    public var residentMs: Millis
    /// `cold_launches × cold_launch_s + warm_launches × resume_s` (SPEC 17 `launch_wait_s`),
    /// plus each warm launch's decompression (SPEC 22) or read back from flash (SPEC 37).
    public var launchWaitMs: Millis
    /// The wait of each cold launch (the profile's `cold_launch_s`) and of each warm launch
    /// before any decompression (`resume_s`), as `launchWaitMs` counts them (SPEC 17).
    public var coldLaunchMs: Millis
    public var resumeMs: Millis
    /// Its terminations in MetricKit's exit categories, and what MetricKit would have
    /// measured of it (SPEC 17).
    public var field: FieldMetrics
    /// Compression steps (SPEC 22 `survivors.csv` `compressions`).
    public var compressions: Int
    /// The warm launches that waited for a decompression, counted by that wait (on top of
    /// `resume_s`): MetricKit's resume histogram has a bucket per distinct wait (SPEC 22).
    public var decompressionWaits: [Millis: Int]
    /// Grants of its refresh and processing requests (SPEC 28 `refresh_runs`,
    /// `processing_runs`).
    public var refreshRuns: Int
    public var processingRuns: Int
    /// Its terminations by `evictions.csv` trigger, one per row of its in that file (SPEC 41).
    public var kills: Eviction.TriggerCounts
    /// Its freezes (a refreeze counts) and thaws in the run, and what its freezes wrote to
    /// flash (SPEC 37 `survivors.csv` `freezes`, `thaws`; `summary.csv` `frozen_mb_written`).
    public var freezes: Int
    public var thaws: Int
    public var frozenWrittenKiB: KiB

    /// No pressure or other kill in the run (SPEC 14 `never_killed`): "resident at the end"
    /// (`survived`) is not "never killed".
    public var neverKilled: Bool { pressureKills + otherKills == 0 }
}

extension AppOutcome {
    /// What a MetricKit payload holds of one app over a run (SPEC 17): its exits by category
    /// (`MXAppExitMetric`), its largest and suspended memory (`MXMemoryMetric`) and its time in
    /// the foreground and background (`MXAppRunTimeMetric`).
    public struct FieldMetrics: Sendable, Hashable {
        /// The app was resident at some instant of the run (SPEC 19 `launched`).
        public var wasResident: Bool
        /// Terminations per MetricKit exit category.
        public var exits: ExitCounts
        /// The largest footprint of the run (`peakMemoryUsage`).
        public var peakFootprintKiB: KiB
        /// Time `active` or `inactive` (`cumulativeForegroundTime`).
        public var foregroundMs: Millis
        /// Time in `background` (`cumulativeBackgroundTime`); suspended time is neither.
        public var backgroundMs: Millis
        /// Time `suspended`.
        public var suspendedMs: Millis
        /// The suspended footprint integrated over suspended time, in KiB × ms
        /// (`averageSuspendedMemory` is this over `suspendedMs`).
        public var suspendedKiBMs: Double

        /// Nothing measured yet: an app that was never resident. Every field is named here, so
        /// that a field added later cannot be left out of the start of a run.
        public init() {
            wasResident = false
            exits = ExitCounts()
            peakFootprintKiB = .zero
            foregroundMs = .zero
            backgroundMs = .zero
            suspendedMs = .zero
            suspendedKiBMs = 0
        }

        /// The mean suspended footprint over the time suspended, in KiB; nil when the app
        /// was never suspended.
        public var meanSuspendedKiB: Double? {
            suspendedMs > .zero ? suspendedKiBMs / Double(suspendedMs.count) : nil
        }

        /// Adds the time from `sinceMs` to `nowMs` spent in `state` with `footprint`.
        mutating func accrue(_ state: LifecycleState, footprint: KiB, from sinceMs: Millis, to nowMs: Millis) {
            let elapsed = nowMs - sinceMs
            guard elapsed > .zero else { return }
            switch state {
            case .active, .inactive: foregroundMs += elapsed
            case .background: backgroundMs += elapsed
            case .suspended:
                suspendedMs += elapsed
                suspendedKiBMs += Double(footprint.count) * Double(elapsed.count)
            case .notRunning: break
            }
        }
    }

    /// A count per `KillReason.ExitCategory` (SPEC 17's `exits.csv` columns). Stored fields,
    /// not an array, so that an app's outcome and a batch's tallies hold them without a heap
    /// allocation each.
    public struct ExitCounts: Sendable, Hashable {
        private var counts: (Int, Int, Int, Int, Int, Int, Int, Int, Int)

        /// Every category at 0.
        public init() {
            counts = (0, 0, 0, 0, 0, 0, 0, 0, 0)
        }

        /// The count of `category`.
        public subscript(category: KillReason.ExitCategory) -> Int {
            get {
                switch category.position {
                case 0: counts.0
                case 1: counts.1
                case 2: counts.2
                case 3: counts.3
                case 4: counts.4
                case 5: counts.5
                case 6: counts.6
                case 7: counts.7
                default: counts.8
                }
            }
            set {
                switch category.position {
                case 0: counts.0 = newValue
                case 1: counts.1 = newValue
                case 2: counts.2 = newValue
                case 3: counts.3 = newValue
                case 4: counts.4 = newValue
                case 5: counts.5 = newValue
                case 6: counts.6 = newValue
                case 7: counts.7 = newValue
                default: counts.8 = newValue
                }
            }
        }

        /// Adds `more`'s counts, category by category.
        public static func += (total: inout ExitCounts, more: ExitCounts) {
            for category in KillReason.ExitCategory.allCases { total[category] += more[category] }
        }

        public static func == (a: ExitCounts, b: ExitCounts) -> Bool {
            KillReason.ExitCategory.allCases.allSatisfy { a[$0] == b[$0] }
        }

        public func hash(into hasher: inout Hasher) {
            for category in KillReason.ExitCategory.allCases { hasher.combine(self[category]) }
        }
    }
}

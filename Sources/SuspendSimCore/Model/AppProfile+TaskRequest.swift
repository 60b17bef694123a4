extension AppProfile {
    /// One entry of an app's `bg_tasks` (SPEC 28): a request the app submits to `BGTaskScheduler`
    /// each time it enters the background, and the system grants when its conditions hold.
    ///
    /// A `refresh` is a `BGAppRefreshTask` (the `fetch` mode, about 30 seconds); a `processing` is
    /// a `BGProcessingTask` (the `processing` mode: only while the device is idle, optionally on
    /// external power, ended when the user picks the device up). Apple's "BGTaskScheduler",
    /// WWDC20 "Background execution demystified".
    ///
    /// ```swift
    /// var news = AppProfile(id: "com.acme.news", activeKiB: .mb(200))
    /// news.backgroundModes = [.fetch]
    /// news.bgTasks = [AppProfile.TaskRequest(kind: .refresh, earliestMs: .seconds(900))]
    /// ```
    public struct TaskRequest: Sendable, Hashable {
        /// Which task the request is for.
        public enum Kind: String, Sendable, CaseIterable, Hashable {
            /// `BGAppRefreshTaskRequest`: needs the `fetch` mode.
            case refresh
            /// `BGProcessingTaskRequest`: needs the `processing` mode.
            case processing

            /// The background mode the app must declare for a request of this kind (SPEC 28).
            public var mode: BackgroundMode {
                switch self {
                case .refresh: .fetch
                case .processing: .processing
                }
            }

            /// The launch handler the task's grant calls (SPEC 28, "A grant is a background run").
            public var launchHandler: Callback {
                switch self {
                case .refresh: .appRefreshLaunchHandler
                case .processing: .processingLaunchHandler
                }
            }
        }

        /// Refresh or processing.
        public var kind: Kind
        /// `earliest_s`: the request's `earliestBeginDate`, counted from its submission.
        public var earliestMs: Millis
        /// `work_s`: how long the task's work takes; nil: the app's `wake_work_s`.
        public var workMs: Millis?
        /// `requires_power` (`requiresExternalPower`): processing only; the task waits for a
        /// charger.
        public var requiresPower: Bool

        /// A request of `kind`; every other field has SPEC 28's default.
        public init(kind: Kind, earliestMs: Millis = .zero, workMs: Millis? = nil, requiresPower: Bool = false) {
            self.kind = kind
            self.earliestMs = earliestMs
            self.workMs = workMs
            self.requiresPower = requiresPower
        }
    }
}

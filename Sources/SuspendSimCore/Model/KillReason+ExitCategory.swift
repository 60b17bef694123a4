extension KillReason {
    /// The exit categories of MetricKit's `MXForegroundExitData` and `MXBackgroundExitData`
    /// that a simulated termination counts in: the columns of `exits.csv` (SPEC 17), in its
    /// order.
    ///
    /// `foregroundMemoryPressure` and `userForceQuit` have no MetricKit field: Xcode's
    /// Organizer counts the first as a memory termination, and a force-quit is not reported.
    public enum ExitCategory: String, Sendable, CaseIterable, Hashable {
        /// `MXForegroundExitData.cumulativeMemoryResourceLimitExitCount`.
        case foregroundMemoryResourceLimit = "foreground_memory_resource_limit"
        /// A foreground app killed for memory pressure or a page shortage (no MetricKit field).
        case foregroundMemoryPressure = "foreground_memory_pressure"
        /// `MXBackgroundExitData.cumulativeMemoryPressureExitCount`.
        case backgroundMemoryPressure = "background_memory_pressure"
        /// `MXBackgroundExitData.cumulativeMemoryResourceLimitExitCount`.
        case backgroundMemoryResourceLimit = "background_memory_resource_limit"
        /// `MXBackgroundExitData.cumulativeAppWatchdogExitCount`.
        case backgroundAppWatchdog = "background_app_watchdog"
        /// `MXBackgroundExitData.cumulativeBackgroundTaskAssertionTimeoutExitCount`.
        case backgroundTaskAssertionTimeout = "background_task_assertion_timeout"
        /// `cumulativeBackgroundFetchCompletionTimeoutExitCount` (in Xcode's simulated
        /// payloads, not in the SDK's `MXBackgroundExitData`).
        case backgroundFetchCompletionTimeout = "background_fetch_completion_timeout"
        /// `MXBackgroundExitData.cumulativeNormalAppExitCount`.
        case backgroundNormal = "background_normal"
        /// The user swiped the app away (not a MetricKit field).
        case userForceQuit = "user_force_quit"

        /// Where a MetricKit payload counts the category (SPEC 17's table): the object of
        /// `applicationExitMetrics` (`foregroundExitData` or `backgroundExitData`) and its key;
        /// nil for the two categories MetricKit has no field for.
        public var metricKitField: (exitData: String, key: String)? {
            switch self {
            case .foregroundMemoryResourceLimit: ("foregroundExitData", "cumulativeMemoryResourceLimitExitCount")
            case .backgroundMemoryPressure: ("backgroundExitData", "cumulativeMemoryPressureExitCount")
            case .backgroundMemoryResourceLimit: ("backgroundExitData", "cumulativeMemoryResourceLimitExitCount")
            case .backgroundAppWatchdog: ("backgroundExitData", "cumulativeAppWatchdogExitCount")
            case .backgroundTaskAssertionTimeout: ("backgroundExitData", "cumulativeBackgroundTaskAssertionTimeoutExitCount")
            case .backgroundFetchCompletionTimeout: ("backgroundExitData", "cumulativeBackgroundFetchCompletionTimeoutExitCount")
            case .backgroundNormal: ("backgroundExitData", "cumulativeNormalAppExitCount")
            case .foregroundMemoryPressure, .userForceQuit: nil
            }
        }

        /// The category counted in `applicationExitMetrics.<exitData>.<key>`; nil for a field
        /// no simulated termination counts in (crashes, CPU limits, locked files).
        public init?(metricKitExitData exitData: String, key: String) {
            guard let category = Self.allCases.first(where: { $0.metricKitField.map { $0 == (exitData, key) } ?? false }) else {
                return nil
            }
            self = category
        }

        /// The position of the category in `allCases` (and in `exits.csv`).
        @inlinable public var position: Int {
            switch self {
            case .foregroundMemoryResourceLimit: 0
            case .foregroundMemoryPressure: 1
            case .backgroundMemoryPressure: 2
            case .backgroundMemoryResourceLimit: 3
            case .backgroundAppWatchdog: 4
            case .backgroundTaskAssertionTimeout: 5
            case .backgroundFetchCompletionTimeout: 6
            case .backgroundNormal: 7
            case .userForceQuit: 8
            }
        }
    }

    /// The category a termination for this reason counts in, given the app's state just
    /// before it (SPEC 17's mapping table, SPEC 20: the `state` column of `evictions.csv`).
    ///
    /// Memory kills split by state: an app `active` or `inactive` is in the foreground, one in
    /// `background` or `suspended` in the background. The other reasons happen in one state
    /// only (a watchdog, an expired task, a wake's timeout and an exit on suspend all in
    /// `background`), so they map by reason alone.
    public func exitCategory(in state: LifecycleState) -> ExitCategory {
        let foreground = state.isForeground
        switch self {
        case .perProcessLimit: return foreground ? .foregroundMemoryResourceLimit : .backgroundMemoryResourceLimit
        case .memoryPressure, .vmPageShortage: return foreground ? .foregroundMemoryPressure : .backgroundMemoryPressure
        case .longIdleExit: return .backgroundMemoryPressure
        case .watchdog: return .backgroundAppWatchdog
        case .backgroundTaskExpired: return .backgroundTaskAssertionTimeout
        case .wakeTimeout: return .backgroundFetchCompletionTimeout
        case .exitsOnSuspend: return .backgroundNormal
        case .forceQuit: return .userForceQuit
        }
    }
}

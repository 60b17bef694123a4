/// Why an app stopped running: the `reason` column of `evictions.csv` (SPEC 8).
public enum KillReason: String, Sendable, CaseIterable, Hashable {
    /// The eviction policy chose it while free memory was below `critical_free_mb`.
    case memoryPressure = "memory-pressure"
    /// Its footprint exceeded `app_limit_mb` (XNU's per-process limit).
    case perProcessLimit = "per-process-limit"
    /// Free memory stayed below 0, so the frontmost app was killed.
    case vmPageShortage = "vm-pageshortage"
    /// `applicationDidEnterBackground` ran past `did_enter_background_limit_s`.
    case watchdog
    /// The finite-length task outlasted its limit and the app did not end it.
    case backgroundTaskExpired = "background-task-expired"
    /// A wake's work outlasted its window.
    case wakeTimeout = "wake-timeout"
    /// The app opts out of background execution (`UIApplicationExitsOnSuspend`).
    case exitsOnSuspend = "exits-on-suspend"
    /// The user swiped it away.
    case forceQuit = "force-quit"
    /// Jetsam's long-idle reaper (XNU's `long-idle-exit`, iOS 18.4 and later, SPEC 11): a
    /// suspended app idle in band 0 for `reaper_idle_s` while free was below `reaper_free_mb`.
    case longIdleExit = "long-idle-exit"

    /// How the kill counts in `survivors.csv` (SPEC 5).
    public var category: Category {
        switch self {
        case .memoryPressure, .vmPageShortage, .longIdleExit: .pressure
        case .perProcessLimit, .watchdog, .backgroundTaskExpired, .wakeTimeout: .other
        case .exitsOnSuspend, .forceQuit: .choice
        }
    }

    /// Pressure kills, other system kills, and the user's or app's own choice.
    public enum Category: Sendable, Hashable {
        case pressure, other, choice
    }
}

extension Eviction {
    /// What set off a termination: the `trigger` column of `evictions.csv` (SPEC 14, 16).
    public enum Trigger: String, Sendable, CaseIterable, Hashable {
        /// Free memory below `critical_free_mb`: the policy's critical loop (`memory-pressure`).
        case critical
        /// Free memory below `idle_free_mb`: jetsam's idle loop, band 0 only (`memory-pressure`).
        case idle
        /// Free memory below a kill level of the policy's (lmkd's `minfree`, SPEC 33): the
        /// level loop (`memory-pressure`).
        case minfree
        /// The long-idle reaper's tick (`long-idle-exit`).
        case reaper
        /// A footprint above the per-app limit (`per-process-limit`).
        case limit
        /// Free memory below 0: the frontmost app (`vm-pageshortage`).
        case pageshortage
        /// A timer: the watchdog, a task's expiry, a wake's timeout.
        case timer
        /// The user's or the app's own choice: force-quit, exits on suspend.
        case user

        /// The trigger of a kill for `reason`; `memory-pressure` is `critical` unless the idle
        /// loop says otherwise.
        public init(_ reason: KillReason) {
            switch reason {
            case .memoryPressure: self = .critical
            case .longIdleExit: self = .reaper
            case .perProcessLimit: self = .limit
            case .vmPageShortage: self = .pageshortage
            case .watchdog, .backgroundTaskExpired, .wakeTimeout: self = .timer
            case .forceQuit, .exitsOnSuspend: self = .user
            }
        }
    }
}

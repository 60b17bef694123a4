extension Device {
    /// The free-memory thresholds (SPEC 5, 7): SPEC 7's percentages of RAM by default
    /// (`Device(ramKiB:)`).
    public struct FreeThresholds: Sendable, Hashable {
        /// Below this much free memory, apps running code get a memory warning.
        public var warningKiB: KiB
        /// Below this much free memory, `jetsam` kills idle (band 0) apps.
        public var idleKiB: KiB
        /// Below this much free memory, the policy purges and kills apps.
        public var criticalKiB: KiB
    }

    /// The per-app footprint limits (SPEC 7, 11; XNU's `memlimit_active` and
    /// `memlimit_inactive`).
    public struct AppLimits: Sendable, Hashable {
        /// A footprint above this is killed at once (`per-process-limit`) while the app is
        /// `active` or `inactive`; in `background` and `suspended` too unless
        /// `backgroundLimitKiB` is set (XNU's `memlimit_active`).
        public var limitKiB: KiB
        /// The per-app limit in `background` and `suspended` (XNU's `memlimit_inactive`,
        /// SPEC 11); nil: `limitKiB`.
        public var backgroundLimitKiB: KiB?
    }

    /// The watchdog's and the background runtime's time limits (SPEC 7), iOS's values by
    /// default.
    public struct TimeLimits: Sendable, Hashable {
        /// The watchdog's limit on `applicationDidEnterBackground` (5 s on iOS).
        public var didEnterBackgroundMs: Millis = .ms(5_000)
        /// The limit of a finite-length background task (180 s since iOS 13).
        public var backgroundTaskMs: Millis = .ms(180_000)
        /// How long a fetch or push wake may run (30 s).
        public var wakeWindowMs: Millis = .ms(30_000)
        /// How long a `processing` wake may run.
        public var processingWindowMs: Millis = .ms(600_000)
    }
}

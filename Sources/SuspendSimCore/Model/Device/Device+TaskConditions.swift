extension Device {
    /// The device's conditions for task requests and their timings (SPEC 28).
    public struct TaskConditions: Sendable, Hashable {
        /// On external power at time 0 (SPEC 28 `charging`); `charge` events change it in a run.
        public var charging = false
        /// Low Power Mode at time 0 (SPEC 28 `low_power`): while it is on, no task request is
        /// granted; `low_power` events change it in a run.
        public var lowPower = false
        /// Settings' Background App Refresh switch (SPEC 28 `background_app_refresh`): off, no
        /// refresh request is granted.
        public var backgroundAppRefresh = true
        /// The time a refresh task (`BGAppRefreshTask`) gets before its expiration (SPEC 28).
        public var refreshWindowMs: Millis = .ms(30_000)
        /// The least time between two refresh grants of one app (SPEC 28's rate limit).
        public var refreshIntervalMs: Millis = .ms(900_000)
    }
}

extension Device {
    /// jetsam's settings (SPEC 5, 11): how long a suspended app ages, the band numbers the
    /// reports show, and the long-idle reaper. Read only under a policy with bands.
    public struct JetsamSettings: Sendable, Hashable {
        /// How long a newly suspended app stays in jetsam's aging band (20) before band 0.
        public var agingMs: Millis = .ms(2_000)
        /// The numbers of jetsam's bands in the `priority` column (SPEC 11).
        public var bands: Device.BandNumbers = .current
        /// The long-idle reaper (XNU's `long-idle-exit`, iOS 18.4 and later).
        public var reaper: Device.LongIdleReaper
    }

    /// jetsam's long-idle reaper (SPEC 11; XNU's `long-idle-exit`, iOS 18.4 and later): at
    /// time k × `intervalMs`, k ≥ 1, while free memory is below `freeKiB`, it kills the
    /// suspended apps that have been in band 0 for `idleMs`.
    public struct LongIdleReaper: Sendable, Hashable {
        /// Whether it runs (only under a policy with bands).
        public var isOn = false
        /// Its period: it looks at time k × this, k ≥ 1.
        public var intervalMs: Millis = .ms(30_000)
        /// It kills only while free memory is below this (SPEC 11's percentage of RAM by
        /// default, `Device.defaultReaperFreePercent(ramKiB:)`).
        public var freeKiB: KiB
        /// It kills only suspended apps that have been in band 0 this long.
        public var idleMs: Millis = .ms(300_000)
    }
}

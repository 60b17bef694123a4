/// XNU's memorystatus freezer (SPEC 37; `doc/vm/freezer.md`, `bsd/kern/kern_memorystatus_freeze.c`):
/// when free memory runs low, an idle suspended app's memory is written to flash and the app
/// moves to jetsam's freezer band (`JETSAM_PRIORITY_FREEZER`, 75), out of reach of the idle
/// loop and the long-idle reaper. `FREEZE_ENABLED_DEFAULT` is true on iOS from xnu-10063
/// (iOS 17.4).
extension Device {
    /// The freezer's settings (`device.freezer`, SPEC 37). Every value has a default, so
    /// `Freezer()` is `freezer: {}`.
    public struct Freezer: Sendable, Hashable {
        /// The most apps frozen at once (demoted ones included); 0 turns the freezer off
        /// (XNU's `memorystatus_frozen_processes_max`).
        public var maxFrozen = 20
        /// The least footprint an app needs to be frozen (XNU's `memorystatus_freeze_pages_min`).
        public var minKiB = KiB.mb(8)
        /// It freezes only while more than this many apps are suspended and not frozen
        /// (XNU's `memorystatus_freeze_suspended_threshold`).
        public var minSuspended = 4
        /// It freezes while free memory is below this; nil: the default, 50 % of `ram_mb`
        /// (XNU's fallback for `memorystatus_freeze_threshold` when the device gives none).
        public var startFreeKiB: KiB?
        /// The least time between two freezes (or refreezes).
        public var intervalMs = Millis.ms(10_000)
        /// What it may write to flash a day; what is left carries over (XNU's daily budget,
        /// `memorystatus_freeze_daily_mb_max`).
        public var dailyKiB = KiB.mb(2048)
        /// How fast a thaw reads an app back, in thousandths of a MB per second (1000 MB/s is
        /// 1,000,000; an estimate, SPEC 36).
        public var thawMilliMBPerS: Int64 = 1_000_000
        /// A refreeze needs at least this many thawed, not demoted frozen apps.
        public var refreezeMinThawed = 3
        /// At most this many frozen apps are demoted at each daily tick
        /// (XNU's `memorystatus_max_frozen_demotions_daily`).
        public var demotionsPerDay = 2
        /// Only a frozen app thawed fewer times than this is demoted
        /// (XNU's `memorystatus_thaw_count_demotion_threshold`).
        public var demotionThaws = 5

        /// The freezer with every default (`freezer: {}`).
        public init() {}
    }

    /// The free memory below which the freezer freezes: its own `start_free_mb`, else 50 % of
    /// `ram_mb` (SPEC 37).
    public var freezerStartFreeKiB: KiB {
        freezer?.startFreeKiB ?? Device.percent(50, of: ramKiB)
    }

    /// Whether the freezer acts in a run under a policy with `levels` (SPEC 37): a device with
    /// a `freezer:` block and `max_frozen` above 0, under a policy with bands (jetsam).
    public func freezes(_ levels: PressureKillLevels) -> Bool {
        guard let freezer else { return false }
        return freezer.maxFrozen > 0 && levels.usesBands
    }
}

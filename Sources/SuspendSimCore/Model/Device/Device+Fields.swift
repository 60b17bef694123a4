/// Each setting of `Device`'s groups as a property of its own, named after its `device:` key:
/// the names the key table's paths (`DeviceKey.target`), the engine and the library's users
/// read and write. Each forwards to the group that stores it (`Device.swift`), so a setting
/// has one place and two spellings, and code written against the flat names still compiles.
extension Device {
    /// Below this much free memory, apps running code get a memory warning (`thresholds.warningKiB`).
    public var warningFreeKiB: KiB {
        get { thresholds.warningKiB }
        set { thresholds.warningKiB = newValue }
    }
    /// Below this much free memory, `jetsam` kills idle (band 0) apps (`thresholds.idleKiB`).
    public var idleFreeKiB: KiB {
        get { thresholds.idleKiB }
        set { thresholds.idleKiB = newValue }
    }
    /// Below this much free memory, the policy purges and kills apps (`thresholds.criticalKiB`).
    public var criticalFreeKiB: KiB {
        get { thresholds.criticalKiB }
        set { thresholds.criticalKiB = newValue }
    }
    /// The per-app limit while `active` or `inactive`, and in `background` and `suspended` unless `appBackgroundLimitKiB` is set (XNU's `memlimit_active`) (`appLimits.limitKiB`).
    public var appLimitKiB: KiB {
        get { appLimits.limitKiB }
        set { appLimits.limitKiB = newValue }
    }
    /// The per-app limit in `background` and `suspended` (XNU's `memlimit_inactive`); nil: `appLimitKiB` (`appLimits.backgroundLimitKiB`).
    public var appBackgroundLimitKiB: KiB? {
        get { appLimits.backgroundLimitKiB }
        set { appLimits.backgroundLimitKiB = newValue }
    }
    /// The watchdog's limit on `applicationDidEnterBackground` (`timeLimits.didEnterBackgroundMs`).
    public var didEnterBackgroundLimitMs: Millis {
        get { timeLimits.didEnterBackgroundMs }
        set { timeLimits.didEnterBackgroundMs = newValue }
    }
    /// The limit of a finite-length background task (`timeLimits.backgroundTaskMs`).
    public var backgroundTaskLimitMs: Millis {
        get { timeLimits.backgroundTaskMs }
        set { timeLimits.backgroundTaskMs = newValue }
    }
    /// How long a fetch or push wake may run (`timeLimits.wakeWindowMs`).
    public var wakeWindowMs: Millis {
        get { timeLimits.wakeWindowMs }
        set { timeLimits.wakeWindowMs = newValue }
    }
    /// How long a `processing` wake may run (`timeLimits.processingWindowMs`).
    public var processingWindowMs: Millis {
        get { timeLimits.processingWindowMs }
        set { timeLimits.processingWindowMs = newValue }
    }
    /// How long a newly suspended app stays in jetsam's aging band (`jetsam.agingMs`).
    public var agingMs: Millis {
        get { jetsam.agingMs }
        set { jetsam.agingMs = newValue }
    }
    /// The numbers of jetsam's bands in the `priority` column (`jetsam.bands`).
    public var jetsamBands: Device.BandNumbers {
        get { jetsam.bands }
        set { jetsam.bands = newValue }
    }
    /// Whether jetsam's long-idle reaper runs (`jetsam.reaper.isOn`).
    public var longIdleReaper: Bool {
        get { jetsam.reaper.isOn }
        set { jetsam.reaper.isOn = newValue }
    }
    /// The long-idle reaper's period (`jetsam.reaper.intervalMs`).
    public var reaperIntervalMs: Millis {
        get { jetsam.reaper.intervalMs }
        set { jetsam.reaper.intervalMs = newValue }
    }
    /// The long-idle reaper kills only while free memory is below this (`jetsam.reaper.freeKiB`).
    public var reaperFreeKiB: KiB {
        get { jetsam.reaper.freeKiB }
        set { jetsam.reaper.freeKiB = newValue }
    }
    /// The long-idle reaper kills only apps that have been in band 0 this long (`jetsam.reaper.idleMs`).
    public var reaperIdleMs: Millis {
        get { jetsam.reaper.idleMs }
        set { jetsam.reaper.idleMs = newValue }
    }
    /// On external power at time 0 (`tasks.charging`).
    public var charging: Bool {
        get { tasks.charging }
        set { tasks.charging = newValue }
    }
    /// Low Power Mode at time 0 (`tasks.lowPower`).
    public var lowPower: Bool {
        get { tasks.lowPower }
        set { tasks.lowPower = newValue }
    }
    /// Settings' Background App Refresh switch (`tasks.backgroundAppRefresh`).
    public var backgroundAppRefresh: Bool {
        get { tasks.backgroundAppRefresh }
        set { tasks.backgroundAppRefresh = newValue }
    }
    /// The time a refresh task gets before its expiration (`tasks.refreshWindowMs`).
    public var refreshWindowMs: Millis {
        get { tasks.refreshWindowMs }
        set { tasks.refreshWindowMs = newValue }
    }
    /// The least time between two refresh grants of one app (`tasks.refreshIntervalMs`).
    public var refreshIntervalMs: Millis {
        get { tasks.refreshIntervalMs }
        set { tasks.refreshIntervalMs = newValue }
    }
    /// lmkd's kill levels (`lmkd.minfree`).
    public var lmkdMinfree: [Device.KillLevel] {
        get { lmkd.minfree }
        set { lmkd.minfree = newValue }
    }
}

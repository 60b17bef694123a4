/// The simulated device: memory, thresholds and the platform's time limits (SPEC 1, 5, 7).
///
/// Memory is in KiB and time in milliseconds. `Device(ramKiB:)` fills every other field
/// with the SPEC 7 default for that RAM size.
public struct Device: Sendable, Hashable {
    /// Physical memory.
    public var ramKiB: KiB
    /// Memory the OS reserves and never gives to apps.
    public var reservedKiB: KiB = .zero
    /// Memory the OS itself uses; `system_allocate` changes it during a run.
    /// Setting it makes `systemSource` `set` (SPEC 30), as a file's `system_mb` does.
    public var systemKiB: KiB = .zero {
        didSet { systemSource = .set }
    }
    /// Where `systemKiB` came from (SPEC 30): a label only, for `device.csv` and `run`'s note;
    /// `none` until something sets `systemKiB`, the catalog's word for a catalog phone.
    public var systemSource: Device.SystemSource = .none
    /// Below this much free memory, apps running code get a memory warning.
    public var warningFreeKiB: KiB
    /// Below this much free memory, `jetsam` kills idle (band 0) apps.
    public var idleFreeKiB: KiB
    /// Below this much free memory, the policy purges and kills apps.
    public var criticalFreeKiB: KiB
    /// A footprint above this is killed at once (`per-process-limit`) while the app is
    /// `active` or `inactive`; in `background` and `suspended` too unless
    /// `appBackgroundLimitKiB` is set (XNU's `memlimit_active`).
    public var appLimitKiB: KiB
    /// The per-app limit in `background` and `suspended` (XNU's `memlimit_inactive`, SPEC 11);
    /// nil: `appLimitKiB`.
    public var appBackgroundLimitKiB: KiB?
    /// The watchdog's limit on `applicationDidEnterBackground` (5 s on iOS).
    public var didEnterBackgroundLimitMs: Millis = .ms(5_000)
    /// The limit of a finite-length background task (180 s since iOS 13).
    public var backgroundTaskLimitMs: Millis = .ms(180_000)
    /// How long a fetch or push wake may run (30 s).
    public var wakeWindowMs: Millis = .ms(30_000)
    /// How long a `processing` wake may run.
    public var processingWindowMs: Millis = .ms(600_000)
    /// How long a newly suspended app stays in jetsam's aging band (20) before band 0.
    public var agingMs: Millis = .ms(2_000)

    /// The catalog model the device was made from (`device.model`, SPEC 11), lower-case;
    /// nil when the scenario gives none. A label only: its values are already in the fields.
    public var model: String?
    /// The iOS release whose profile filled the defaults (`device.ios`, SPEC 11); nil: the
    /// classic profile. A label only: `apply(_:)` puts the profile in the fields.
    public var ios: IOSVersion?
    /// The numbers of jetsam's bands in the `priority` column (SPEC 11).
    public var jetsamBands: Device.BandNumbers = .current
    /// Whether jetsam's long-idle reaper runs (XNU's `long-idle-exit`, iOS 18.4 and later;
    /// only under a policy with bands).
    public var longIdleReaper = false
    /// The reaper's period: it looks at time k × this, k ≥ 1.
    public var reaperIntervalMs: Millis = .ms(30_000)
    /// The reaper kills only while free memory is below this.
    public var reaperFreeKiB: KiB
    /// The reaper kills only suspended apps that have been in band 0 this long.
    public var reaperIdleMs: Millis = .ms(300_000)
    /// The memory compressor (XNU's `vm_compressor`, SPEC 22); nil: none, nothing is
    /// compressed (sections 1-21).
    public var compressor: Device.Compressor?
    /// The memorystatus freezer (SPEC 37); nil: none, nothing is frozen. It acts only under a
    /// policy with bands (jetsam).
    public var freezer: Device.Freezer?
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
    /// lmkd's kill levels (`device.lmkd.minfree`, SPEC 33), in ascending order of adj and of
    /// level; read only under a policy that kills by them (`EvictionPolicy.killLevels(on:)`).
    public var lmkdMinfree: [Device.KillLevel] = Device.KillLevel.lmkdDefault

    /// A device with `ramKiB` of RAM and every other field at its SPEC 7 default:
    /// thresholds are percentages of RAM (warning / idle / critical: 15 / 10 / 5 % up to
    /// 3 GiB, 15 / 9 / 4 % up to 6 GiB, 12 / 8 / 4 % above), the per-app limit 60 %.
    public init(ramKiB: KiB) {
        self.ramKiB = ramKiB
        let percents = Device.defaultThresholdPercents(ramKiB: ramKiB)
        warningFreeKiB = Device.percent(percents.warning, of: ramKiB)
        idleFreeKiB = Device.percent(percents.idle, of: ramKiB)
        criticalFreeKiB = Device.percent(percents.critical, of: ramKiB)
        appLimitKiB = Device.percent(60, of: ramKiB)
        reaperFreeKiB = Device.percent(Device.defaultReaperFreePercent(ramKiB: ramKiB), of: ramKiB)
    }

    /// The per-app limit for an app in `state` (SPEC 11, "Inactive limit").
    public func appLimitKiB(in state: LifecycleState) -> KiB {
        switch state {
        case .background, .suspended: appBackgroundLimitKiB ?? appLimitKiB
        case .active, .inactive, .notRunning: appLimitKiB
        }
    }

    /// The default `reaper_free_mb` as a percentage of RAM for the three RAM classes of
    /// SPEC 7: 20 %, 18 %, 16 % (SPEC 11).
    public static func defaultReaperFreePercent(ramKiB: KiB) -> Int64 {
        [20, 18, 16][ramClass(ramKiB: ramKiB)]
    }

    /// The default warning / idle / critical percentages for a RAM size (SPEC 7): the RAM
    /// classes are up to 3072 MB, up to 6144 MB, and above.
    public static func defaultThresholdPercents(ramKiB: KiB) -> (warning: Int64, idle: Int64, critical: Int64) {
        [(15, 10, 5), (15, 9, 4), (12, 8, 4)][ramClass(ramKiB: ramKiB)]
    }

    /// SPEC 7's RAM classes: 0 up to 3072 MB, 1 up to 6144 MB, 2 above.
    static func ramClass(ramKiB: KiB) -> Int {
        ramKiB <= .mb(3072) ? 0 : ramKiB <= .mb(6144) ? 1 : 2
    }

    /// `percent` % of `kib`, rounded half up to a KiB.
    static func percent(_ percent: Int64, of kib: KiB) -> KiB {
        let (product, overflow) = kib.multipliedReportingOverflow(by: percent * 2)
        if overflow { return percent * (kib / 100) }
        return (product + KiB(100)) / 200
    }
}

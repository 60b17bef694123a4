/// The simulated device: memory, thresholds and the platform's time limits (SPEC 1, 5, 7).
///
/// Memory is in KiB and time in milliseconds. `Device(ramKiB:)` fills every other field
/// with the SPEC 7 default for that RAM size.
///
/// The settings are grouped by concern (`thresholds`, `appLimits`, `timeLimits`, `jetsam`,
/// `tasks`, `lmkd`); each setting is also a property of its own under its `device:` key's
/// name (`Device+Fields.swift`), which the key table's paths and the engine read.
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
    /// The free-memory thresholds the policy defends (SPEC 5, 7).
    public var thresholds: Device.FreeThresholds
    /// The per-app footprint limits (SPEC 11).
    public var appLimits: Device.AppLimits
    /// The watchdog's and the background runtime's time limits (SPEC 7).
    public var timeLimits = Device.TimeLimits()

    /// The catalog model the device was made from (`device.model`, SPEC 11), lower-case;
    /// nil when the scenario gives none. A label only: its values are already in the fields.
    public var model: String?
    /// The iOS release whose profile filled the defaults (`device.ios`, SPEC 11); nil: the
    /// classic profile. A label only: `apply(_:)` puts the profile in the fields.
    public var ios: IOSVersion?
    /// jetsam's settings: its aging band, its band numbers and its long-idle reaper (SPEC 5,
    /// 11); read only under a policy with bands.
    public var jetsam: Device.JetsamSettings
    /// The memory compressor (XNU's `vm_compressor`, SPEC 22); nil: none, nothing is
    /// compressed (sections 1-21).
    public var compressor: Device.Compressor?
    /// The memorystatus freezer (SPEC 37); nil: none, nothing is frozen. It acts only under a
    /// policy with bands (jetsam).
    public var freezer: Device.Freezer?
    /// The conditions and timings of task requests (SPEC 28).
    public var tasks = Device.TaskConditions()
    /// lmkd's settings (SPEC 33); read only under a policy that kills by them
    /// (`EvictionPolicy.killLevels(on:)`).
    ///
    /// Not an alternative to `jetsam` (an enum of platforms): one device runs under every
    /// policy (`--policy all`), so both settings are in force at once, and the policy picks
    /// the one it reads.
    public var lmkd = Device.LMKDSettings()

    /// A device with `ramKiB` of RAM and every other field at its SPEC 7 default:
    /// thresholds are percentages of RAM (warning / idle / critical: 15 / 10 / 5 % up to
    /// 3 GiB, 15 / 9 / 4 % up to 6 GiB, 12 / 8 / 4 % above), the per-app limit 60 %.
    public init(ramKiB: KiB) {
        self.ramKiB = ramKiB
        let percents = Device.defaultThresholdPercents(ramKiB: ramKiB)
        thresholds = Device.FreeThresholds(warningKiB: Device.percent(percents.warning, of: ramKiB),
                                           idleKiB: Device.percent(percents.idle, of: ramKiB),
                                           criticalKiB: Device.percent(percents.critical, of: ramKiB))
        appLimits = Device.AppLimits(limitKiB: Device.percent(60, of: ramKiB))
        jetsam = Device.JetsamSettings(
            reaper: Device.LongIdleReaper(freeKiB: Device.percent(Device.defaultReaperFreePercent(ramKiB: ramKiB), of: ramKiB)))
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

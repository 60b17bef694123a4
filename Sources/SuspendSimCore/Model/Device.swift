/// The simulated device: memory, thresholds and the platform's time limits (SPEC 1, 5, 7).
///
/// Memory is in KiB and time in milliseconds. `Device(ramKiB:)` fills every other field
/// with the SPEC 7 default for that RAM size.
public struct Device: Sendable, Hashable {
    /// Physical memory.
    public var ramKiB: KiB
    /// Memory the OS reserves and never gives to apps.
    public var reservedKiB: KiB = 0
    /// Memory the OS itself uses; `system_allocate` changes it during a run.
    public var systemKiB: KiB = 0
    /// Below this much free memory, apps running code get a memory warning.
    public var warningFreeKiB: KiB
    /// Below this much free memory, `jetsam` kills idle (band 0) apps.
    public var idleFreeKiB: KiB
    /// Below this much free memory, the policy purges and kills apps.
    public var criticalFreeKiB: KiB
    /// A footprint above this is killed at once (`per-process-limit`).
    public var appLimitKiB: KiB
    /// The watchdog's limit on `applicationDidEnterBackground` (5 s on iOS).
    public var didEnterBackgroundLimitMs: Millis = 5_000
    /// The limit of a finite-length background task (180 s since iOS 13).
    public var backgroundTaskLimitMs: Millis = 180_000
    /// How long a fetch or push wake may run (30 s).
    public var wakeWindowMs: Millis = 30_000
    /// How long a `processing` wake may run.
    public var processingWindowMs: Millis = 600_000
    /// How long a newly suspended app stays in jetsam's aging band (20) before band 0.
    public var agingMs: Millis = 2_000

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
    }

    /// A device with `ramMB` megabytes of RAM and every other field at its default.
    public init(ramMB: Double) {
        self.init(ramKiB: .kib(mb: ramMB))
    }

    /// The default warning / idle / critical percentages for a RAM size (SPEC 7): the RAM
    /// classes are up to 3072 MB, up to 6144 MB, and above.
    public static func defaultThresholdPercents(ramKiB: KiB) -> (warning: Int64, idle: Int64, critical: Int64) {
        if ramKiB <= 3072 * 1024 { return (15, 10, 5) }
        if ramKiB <= 6144 * 1024 { return (15, 9, 4) }
        return (12, 8, 4)
    }

    /// `percent` % of `kib`, rounded half up to a KiB.
    static func percent(_ percent: Int64, of kib: KiB) -> KiB {
        let (product, overflow) = kib.multipliedReportingOverflow(by: percent * 2)
        if overflow { return kib / 100 * percent }
        return (product + 100) / 200
    }
}

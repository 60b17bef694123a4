/// The keys of `device:` (SPEC 7, 11, 22, 28, 33, 37), one row each, in the order SPEC 16 lists them: the
/// reader, the scenario writers, `--set` and `SweepAxis`, `device.csv` and the HTML report read
/// this table, so that a device key is declared once.
///
/// `ram_mb`, `model` and `ios` are resolved first, in SPEC 11's order (the catalog entry, then
/// the defaults for the resolved RAM, then the release's profile); every other key's value then
/// goes where `target` says.
public enum DeviceKey: String, CaseIterable, Sendable {
    case ramMB = "ram_mb"
    case reservedMB = "reserved_mb"
    case systemMB = "system_mb"
    case warningFreeMB = "warning_free_mb"
    case idleFreeMB = "idle_free_mb"
    case criticalFreeMB = "critical_free_mb"
    case appLimitMB = "app_limit_mb"
    case didEnterBackgroundLimitS = "did_enter_background_limit_s"
    case backgroundTaskLimitS = "background_task_limit_s"
    case wakeWindowS = "wake_window_s"
    case processingWindowS = "processing_window_s"
    case agingS = "aging_s"
    // SPEC 11's keys, in SPEC 16's order.
    case model
    case ios
    case reaperIntervalS = "reaper_interval_s"
    case reaperFreeMB = "reaper_free_mb"
    case reaperIdleS = "reaper_idle_s"
    case appBackgroundLimitMB = "app_background_limit_mb"
    // SPEC 22's block.
    case compressor
    // SPEC 37's block, after the compressor's.
    case freezer
    // SPEC 28's keys: the device's conditions for task requests, and their timings.
    case charging
    case lowPower = "low_power"
    case backgroundAppRefresh = "background_app_refresh"
    case refreshWindowS = "refresh_window_s"
    case refreshIntervalS = "refresh_interval_s"
    // SPEC 33's block: lmkd's kill levels, after the charging and refresh keys.
    case lmkd

    static let names = allCases.map(\.rawValue)
    /// The keys by name, a hashed lookup.
    static let byName = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })

    /// Where a key's value goes in `Device`.
    enum Target: Sendable {
        /// A memory field (MB in the file).
        case memory(WritableKeyPath<Device, KiB> & Sendable)
        /// A time field (seconds in the file).
        case time(WritableKeyPath<Device, Millis> & Sendable)
        /// A memory field that is nil until the file gives it; `resolved` is the value in
        /// force without it (`device.csv` writes that).
        case optionalMemory(WritableKeyPath<Device, KiB?> & Sendable, resolved: KeyPath<Device, KiB> & Sendable)
        /// The catalog model, a label (`Device.model`).
        case model
        /// The iOS release, a label (`Device.ios`).
        case ios
        /// The compressor's block (`Device.compressor`), whose keys are `CompressorKey`'s.
        case compressor
        /// The freezer's block (`Device.freezer`), whose keys are `FreezerKey`'s.
        case freezer
        /// A switch (`true`/`false`).
        case flag(WritableKeyPath<Device, Bool> & Sendable)
        /// lmkd's block (`Device.lmkdMinfree`, SPEC 33): `minfree`, a table of `{adj, mb}`.
        case lmkd
    }

    /// Where the key's value goes.
    var target: Target {
        switch self {
        case .ramMB: .memory(\.ramKiB)
        case .reservedMB: .memory(\.reservedKiB)
        case .systemMB: .memory(\.systemKiB)
        case .warningFreeMB: .memory(\.warningFreeKiB)
        case .idleFreeMB: .memory(\.idleFreeKiB)
        case .criticalFreeMB: .memory(\.criticalFreeKiB)
        case .appLimitMB: .memory(\.appLimitKiB)
        case .didEnterBackgroundLimitS: .time(\.didEnterBackgroundLimitMs)
        case .backgroundTaskLimitS: .time(\.backgroundTaskLimitMs)
        case .wakeWindowS: .time(\.wakeWindowMs)
        case .processingWindowS: .time(\.processingWindowMs)
        case .agingS: .time(\.agingMs)
        case .model: .model
        case .ios: .ios
        case .reaperIntervalS: .time(\.reaperIntervalMs)
        case .reaperFreeMB: .memory(\.reaperFreeKiB)
        case .reaperIdleS: .time(\.reaperIdleMs)
        case .appBackgroundLimitMB: .optionalMemory(\.appBackgroundLimitKiB, resolved: \.inactiveAppLimitKiB)
        case .compressor: .compressor
        case .freezer: .freezer
        case .charging: .flag(\.charging)
        case .lowPower: .flag(\.lowPower)
        case .backgroundAppRefresh: .flag(\.backgroundAppRefresh)
        case .refreshWindowS: .time(\.refreshWindowMs)
        case .refreshIntervalS: .time(\.refreshIntervalMs)
        case .lmkd: .lmkd
        }
    }

    /// The key's unit.
    var unit: KeyUnit {
        switch target {
        case .memory, .optionalMemory: .mb
        case .time: .seconds
        case .model, .ios: .name
        case .compressor, .freezer, .lmkd: .mapping
        case .flag: .flag
        }
    }

    /// Its default, in words (SPEC 7, 11).
    var defaultRule: String {
        switch self {
        case .ramMB: "the catalog model's RAM; required without model"
        case .reservedMB: "0"
        case .systemMB: "the catalog model's, scaled to ram_mb; else 0"
        case .warningFreeMB: "15 % of RAM up to 6 GiB, 12 % above"
        case .idleFreeMB: "10 %, 9 % or 8 % of RAM by RAM class"
        case .criticalFreeMB: "5 %, 4 % or 4 % of RAM by RAM class"
        case .appLimitMB: "the catalog model's limit, else 60 % of RAM"
        case .didEnterBackgroundLimitS: "5"
        case .backgroundTaskLimitS: "180; with ios, 600 before iOS 7 and 30 from iOS 13"
        case .wakeWindowS: "30"
        case .processingWindowS: "600"
        case .agingS: "2"
        case .model, .ios: "none"
        case .reaperIntervalS: "30"
        case .reaperFreeMB: "20 %, 18 % or 16 % of RAM by RAM class"
        case .reaperIdleS: "300"
        case .appBackgroundLimitMB: "app_limit_mb's value"
        case .compressor: "with ios 9 or later, on with every default (as {}); else none: nothing is compressed"
        case .freezer: "with ios 17.4 or later, on with every default (as {}), acting under jetsam; else none: nothing is frozen"
        case .charging, .lowPower: "false"
        case .backgroundAppRefresh: "true"
        case .refreshWindowS: "30"
        case .refreshIntervalS: "900"
        case .lmkd: "minfree 0:72, 100:90, 200:108, 250:126, 900:216, 950:315 MB (lmkd's for a 64-bit phone)"
        }
    }

    /// The key in words, for an axis' title (SPEC 15); the unit follows from `unit`.
    var words: String {
        switch self {
        case .ramMB: "RAM"
        case .reservedMB: "memory reserved by the OS"
        case .systemMB: "system memory at the start"
        case .warningFreeMB: "memory-warning threshold of free memory"
        case .idleFreeMB: "idle-kill threshold of free memory"
        case .criticalFreeMB: "critical threshold of free memory"
        case .appLimitMB: "per-app memory limit"
        case .didEnterBackgroundLimitS: "time limit of applicationDidEnterBackground"
        case .backgroundTaskLimitS: "background task time limit"
        case .wakeWindowS: "background wake window"
        case .processingWindowS: "processing task window"
        case .agingS: "jetsam aging time"
        case .model: "device model"
        case .ios: "iOS release"
        case .reaperIntervalS: "long-idle reaper interval"
        case .reaperFreeMB: "long-idle reaper threshold of free memory"
        case .reaperIdleS: "idle time before the long-idle reaper kills"
        case .appBackgroundLimitMB: "per-app memory limit in the background"
        case .compressor: "memory compressor"
        case .freezer: "memory freezer"
        case .charging: "on external power"
        case .lowPower: "Low Power Mode"
        case .backgroundAppRefresh: "Background App Refresh"
        case .refreshWindowS: "refresh task window"
        case .refreshIntervalS: "least time between refresh runs"
        case .lmkd: "lmkd's kill levels"
        }
    }

    /// Every device key sweeps (`--set device.<key>=...`, SPEC 14, 28); the compressor's block
    /// through its own keys (`CompressorKey`), the freezer's likewise (`FreezerKey`). lmkd's table does not: a table is not one value
    /// (SPEC 34).
    var sweeps: Bool { self != .compressor && self != .freezer && self != .lmkd }

    /// When the scenario writers write it: SPEC 7's keys always, SPEC 11's, 22's, 28's and 33's
    /// where they differ from what the file would resolve without them.
    var writing: KeyWriting {
        switch self {
        case .ramMB, .reservedMB, .systemMB, .warningFreeMB, .idleFreeMB, .criticalFreeMB, .appLimitMB,
             .didEnterBackgroundLimitS, .backgroundTaskLimitS, .wakeWindowS, .processingWindowS, .agingS:
            .always
        case .model, .ios, .reaperIntervalS, .reaperFreeMB, .reaperIdleS, .appBackgroundLimitMB, .compressor, .freezer,
             .charging, .lowPower, .backgroundAppRefresh, .refreshWindowS, .refreshIntervalS, .lmkd:
            .unlessDefault
        }
    }

    /// The key's path in a file, in messages, as a sweep column and as a `--set` key:
    /// `device.ram_mb`.
    var path: String { "device." + rawValue }
}

extension Device {
    /// The per-app limit in `background` and `suspended` in force (SPEC 11): `device.csv`'s
    /// `app_background_limit_mb`.
    var inactiveAppLimitKiB: KiB { appLimitKiB(in: .background) }
}

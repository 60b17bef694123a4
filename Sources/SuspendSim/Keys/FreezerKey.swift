/// The keys of `device.freezer` (SPEC 37), one row each: the reader, the scenario writers,
/// `--set` and `SweepAxis`, and `device.csv` (as `freezer_<key>`) read this table.
package enum FreezerKey: String, CaseIterable, Sendable {
    case maxFrozen = "max_frozen"
    case minMB = "min_mb"
    case minSuspended = "min_suspended"
    case startFreeMB = "start_free_mb"
    case intervalS = "interval_s"
    case dailyMB = "daily_mb"
    case thawMBPerS = "thaw_mb_s"
    case refreezeMinThawed = "refreeze_min_thawed"
    case demotionsPerDay = "demotions_per_day"
    case demotionThaws = "demotion_thaws"

    static let names = allCases.map(\.rawValue)
    static let byName = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })

    /// Where a key's value goes in `Device.Freezer`.
    enum Target: Sendable {
        /// A whole number from 0 to 2^31 − 1 (`20.0` is not one, SPEC 40).
        case count(WritableKeyPath<Device.Freezer, Int> & Sendable)
        /// Memory, 0 or more.
        case memory(WritableKeyPath<Device.Freezer, KiB> & Sendable)
        /// Memory that is nil until the file gives it; `resolved` is the value in force.
        case optionalMemory(WritableKeyPath<Device.Freezer, KiB?> & Sendable, resolved: KeyPath<Device, KiB> & Sendable)
        /// A time, 0 or more.
        case time(WritableKeyPath<Device.Freezer, Millis> & Sendable)
        /// A rate above 0, held in thousandths of a MB per second.
        case rate(WritableKeyPath<Device.Freezer, Int64> & Sendable)
    }

    var target: Target {
        switch self {
        case .maxFrozen: .count(\.maxFrozen)
        case .minMB: .memory(\.minKiB)
        case .minSuspended: .count(\.minSuspended)
        case .startFreeMB: .optionalMemory(\.startFreeKiB, resolved: \.freezerStartFreeKiB)
        case .intervalS: .time(\.intervalMs)
        case .dailyMB: .memory(\.dailyKiB)
        case .thawMBPerS: .rate(\.thawMilliMBPerS)
        case .refreezeMinThawed: .count(\.refreezeMinThawed)
        case .demotionsPerDay: .count(\.demotionsPerDay)
        case .demotionThaws: .count(\.demotionThaws)
        }
    }

    var unit: KeyUnit {
        switch target {
        case .count: .count
        case .memory, .optionalMemory: .mb
        case .time: .seconds
        case .rate: .mbPerSecond
        }
    }

    /// Its default, in words (SPEC 37).
    var defaultRule: String {
        switch self {
        case .maxFrozen: "20"
        case .minMB: "8"
        case .minSuspended: "4"
        case .startFreeMB: "50 % of ram_mb"
        case .intervalS: "10"
        case .dailyMB: "2048"
        case .thawMBPerS: "1000 (estimated)"
        case .refreezeMinThawed: "3"
        case .demotionsPerDay: "2"
        case .demotionThaws: "5"
        }
    }

    /// The key in words, for an axis' title (SPEC 15).
    var words: String {
        switch self {
        case .maxFrozen: "most apps frozen"
        case .minMB: "least footprint frozen"
        case .minSuspended: "suspended apps before the freezer acts"
        case .startFreeMB: "free memory below which it freezes"
        case .intervalS: "least time between freezes"
        case .dailyMB: "daily flash budget"
        case .thawMBPerS: "thaw speed"
        case .refreezeMinThawed: "thawed apps before a refreeze"
        case .demotionsPerDay: "demotions a day"
        case .demotionThaws: "thaws that spare an app demotion"
        }
    }

    /// Every freezer key sweeps (SPEC 37); a sweep on a scenario without the block creates it
    /// with every other key at its default.
    var sweeps: Bool { true }

    /// The writers write a key of the block where the file would not resolve the same value
    /// without it: the start (its default follows RAM) where given, every other key where it
    /// is not its default.
    var writing: KeyWriting { .unlessDefault }

    /// `device.freezer.max_frozen`: its path in a file, in messages and as a `--set` key.
    var path: String { DeviceKey.freezer.path + "." + rawValue }

    /// Its row in `device.csv`: `freezer_max_frozen`.
    var deviceCSVKey: String { DeviceKey.freezer.rawValue + "_" + rawValue }
}

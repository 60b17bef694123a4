/// The keys of `device.compressor` (SPEC 22), one row each: the reader, the scenario writers,
/// `--set` and `SweepAxis`, and `device.csv` (as `compressor_<key>`) read this table.
package enum CompressorKey: String, CaseIterable, Sendable {
    case ratio
    case poolMB = "pool_mb"
    case startFreeMB = "start_free_mb"
    case decompressMBPerS = "decompress_mb_s"

    static let names = allCases.map(\.rawValue)
    static let byName = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })

    /// Where a key's value goes in `Device.Compressor`.
    enum Target: Sendable {
        /// A ratio, at least 1, held in hundredths.
        case ratio(WritableKeyPath<Device.Compressor, Int64> & Sendable)
        /// Memory that is nil until the file gives it; `resolved` is the value in force.
        case optionalMemory(WritableKeyPath<Device.Compressor, KiB?> & Sendable, resolved: KeyPath<Device, KiB> & Sendable)
        /// A rate above 0, held in thousandths of a MB per second.
        case rate(WritableKeyPath<Device.Compressor, Int64> & Sendable)
    }

    var target: Target {
        switch self {
        case .ratio: .ratio(\.ratioHundredths)
        case .poolMB: .optionalMemory(\.poolKiB, resolved: \.compressorPoolKiB)
        case .startFreeMB: .optionalMemory(\.startFreeKiB, resolved: \.compressorStartFreeKiB)
        case .decompressMBPerS: .rate(\.decompressMilliMBPerS)
        }
    }

    var unit: KeyUnit {
        switch target {
        case .ratio: .ratio
        case .optionalMemory: .mb
        case .rate: .mbPerSecond
        }
    }

    /// Its default, in words (SPEC 22).
    var defaultRule: String {
        switch self {
        case .ratio: "2.8, the median of six public JetsamEvent reports"
        case .poolMB: "ram_mb's value, twice it up to 2048 MB"
        case .startFreeMB: "warning_free_mb's value"
        case .decompressMBPerS: "2000"
        }
    }

    /// The key in words, for an axis' title (SPEC 15).
    var words: String {
        switch self {
        case .ratio: "compression ratio"
        case .poolMB: "compressor pool"
        case .startFreeMB: "free memory below which it compresses"
        case .decompressMBPerS: "decompression speed"
        }
    }

    /// Every compressor key sweeps (SPEC 22); a sweep on a scenario without the block
    /// creates it with every other key at its default (SPEC 23).
    var sweeps: Bool { true }

    /// The writers write a key of the block where the file would not resolve the same value
    /// without it: the ratio and the rate always, the pool and the start where given.
    var writing: KeyWriting {
        switch self {
        case .ratio, .decompressMBPerS: .always
        case .poolMB, .startFreeMB: .unlessDefault
        }
    }

    /// `device.compressor.pool_mb`: its path in a file, in messages and as a `--set` key.
    var path: String { DeviceKey.compressor.path + "." + rawValue }

    /// Its row in `device.csv`: `compressor_pool_mb`.
    var deviceCSVKey: String { DeviceKey.compressor.rawValue + "_" + rawValue }
}

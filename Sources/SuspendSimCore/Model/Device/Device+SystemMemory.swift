extension Device {
    /// Where a device's `system_mb` comes from (SPEC 30), the `system_source` row of
    /// `device.csv`.
    public enum SystemSource: String, Sendable, Hashable, CaseIterable {
        /// The catalog's, from a measured per-app limit: `ram_mb` − `app_limit_mb`.
        case limit
        /// The catalog's, from an estimated per-app limit (`docs/validation.md`).
        case estimated
        /// The scenario or `--set` gave `system_mb`.
        case set
        /// No catalog model and no key: 0.
        case none
    }

    /// The catalog's system memory scaled to a device's RAM (SPEC 30): `systemKiB` ×
    /// `ramKiB` ÷ `catalogRAMKiB`, computed exactly on whole KiB and rounded half up to a KiB,
    /// so that a sweep of `ram_mb` on a catalog phone keeps its share of system memory.
    /// Equal RAMs give `systemKiB` itself.
    ///
    /// - Throws: `Device.ScalingError` when `catalogRAMKiB` is not above 0 or either other
    ///   amount is below 0 (no phone has them; the ratio means nothing).
    public static func scaledSystemKiB(_ systemKiB: KiB, ramKiB: KiB, catalogRAMKiB: KiB) throws(Device.ScalingError) -> KiB {
        guard catalogRAMKiB > .zero else { throw ScalingError(kind: .catalogRAM, value: catalogRAMKiB) }
        guard systemKiB >= .zero else { throw ScalingError(kind: .systemMemory, value: systemKiB) }
        guard ramKiB >= .zero else { throw ScalingError(kind: .ram, value: ramKiB) }
        // (2 × system × ram + catalog) ÷ (2 × catalog): half up, in 128 bits.
        let doubled = Int128(systemKiB.count) * Int128(ramKiB.count) * 2 + Int128(catalogRAMKiB.count)
        let quotient = doubled / (Int128(catalogRAMKiB.count) * 2)
        return KiB(Int64(clamping: quotient))
    }

    /// Why `scaledSystemKiB(_:ramKiB:catalogRAMKiB:)` refused its amounts: the catalog's RAM
    /// is not above 0, or the system memory or the device's RAM is below 0.
    public struct ScalingError: Error, Sendable, Hashable, CustomStringConvertible {
        /// Which amount was out of range: the machine-readable part of the error.
        public enum Kind: String, Sendable, Hashable, CaseIterable {
            /// `catalogRAMKiB` ≤ 0.
            case catalogRAM
            /// `systemKiB` < 0.
            case systemMemory
            /// `ramKiB` < 0.
            case ram
        }

        public let kind: Kind
        /// The amount as given.
        public let value: KiB

        public init(kind: Kind, value: KiB) {
            self.kind = kind
            self.value = value
        }

        /// `catalog RAM must be above 0 KiB, got 0 KiB` and the like.
        public var description: String {
            switch kind {
            case .catalogRAM: "catalog RAM must be above 0 KiB, got \(value.count) KiB"
            case .systemMemory: "system memory must be at least 0 KiB, got \(value.count) KiB"
            case .ram: "RAM must be at least 0 KiB, got \(value.count) KiB"
            }
        }
    }
}

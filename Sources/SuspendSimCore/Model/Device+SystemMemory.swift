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
    /// - Precondition: `catalogRAMKiB` > 0, the other two ≥ 0.
    public static func scaledSystemKiB(_ systemKiB: KiB, ramKiB: KiB, catalogRAMKiB: KiB) -> KiB {
        precondition(catalogRAMKiB > .zero && systemKiB >= .zero && ramKiB >= .zero)
        // (2 × system × ram + catalog) ÷ (2 × catalog): half up, in 128 bits.
        let doubled = Int128(systemKiB.count) * Int128(ramKiB.count) * 2 + Int128(catalogRAMKiB.count)
        let quotient = doubled / (Int128(catalogRAMKiB.count) * 2)
        return KiB(Int64(clamping: quotient))
    }
}

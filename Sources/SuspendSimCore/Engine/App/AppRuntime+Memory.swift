extension AppRuntime {
    /// One app's memory as the engine keeps it (SPEC 5, 22, 32): the footprint last recorded,
    /// what the compressor holds of it, and what changes the footprint beyond its state's base.
    struct Memory {
        /// The footprint last computed and recorded (SPEC 5).
        var footprintKiB: KiB = .zero
        /// Its memory held by the compressor, at its uncompressed size (SPEC 22's `c`), and what
        /// the compressor holds it in (`stored(c)`); both 0 outside `suspended`.
        var compressedKiB: KiB = .zero
        var storedKiB: KiB = .zero
        /// The `compressedKiB` last recorded in `memory.csv`, so that a change of `c` alone
        /// writes a row.
        var recordedCompressedKiB: KiB = .zero
        /// Its memory on flash as last recorded (SPEC 37 `flash_mb`): its footprint while on
        /// flash, else 0; the ledger's `flashKiB` adds these up.
        var flashKiB: KiB = .zero
        /// What `allocate` added and keeps (never below 0); gone when the app dies.
        var dynamicKiB: KiB = .zero
        /// What `allocate` with `session: true` added (SPEC 32): given back as its
        /// `applicationDidEnterBackground` is logged; gone when the app dies.
        var sessionKiB: KiB = .zero
        /// It released `warning_release_mb` on a memory warning, until it next becomes active.
        var releasedOnWarning = false
        /// Its `purgeable_mb` was purged, until it next becomes active.
        var purged = false
    }
}

/// The device's memory as the engine counts it: what the system holds, what the resident apps
/// hold, and what the compressor has taken and holds it in. Free memory is worked out from
/// these and the device's fixed sizes alone (`freeKiB(on:)`, SPEC 1, 22, 30, 37); the sums move
/// as footprints, states and compression change, so that no step scans the apps.
struct MemoryLedger {
    /// `system_mb` (SPEC 30), moved by `system_allocate` (SPEC 3), never below 0.
    private(set) var systemKiB: KiB
    /// The sum of the footprints of resident apps.
    private(set) var residentKiB: KiB = .zero
    /// How many apps are resident (counted as states change, so that an eviction's candidate
    /// count costs no scan).
    private(set) var residentCount = 0
    /// Every app's compressed memory `c` added up, at its uncompressed size (SPEC 22).
    private(set) var compressedKiB: KiB = .zero
    /// What the compressor holds that in: every app's `stored(c)` added up (SPEC 22).
    private(set) var compressorKiB: KiB = .zero
    /// Every app's memory on flash added up (SPEC 37): footprints that occupy no physical
    /// memory.
    private(set) var flashKiB: KiB = .zero
    /// What all of that occupies physically: system memory, the resident footprints less their
    /// compressed memory, what the compressor holds it in, less the memory on flash. Kept as
    /// the parts move, so that free memory, read several times a step, is two subtractions
    /// rather than six (docs/performance.md, "The run's thread, the engine's steps").
    private(set) var occupiedKiB: KiB

    /// Dynamic and system memory never grow past 2^52 KiB (4 EiB), so that no sum of
    /// footprints can overflow 64 bits however many `allocate` events a file holds (each
    /// value is at most 2^32 MB, checked when the file is loaded).
    static var ceilingKiB: KiB { KiB(1 << 52) }

    /// `kib` held between 0 and `ceilingKiB`: a footprint, session or system memory after an
    /// allocation (SPEC 3: a negative allocation gives memory back down to 0).
    static func clamped(_ kib: KiB) -> KiB { min(max(.zero, kib), ceilingKiB) }

    init(systemKiB: KiB) {
        self.systemKiB = systemKiB
        occupiedKiB = systemKiB
    }

    /// Free memory (SPEC 1): RAM less reserved, system and every resident footprint. The
    /// compressor holds an app's compressed memory in less (SPEC 22), and an app on flash
    /// occupies none (SPEC 37): free counts what the apps occupy physically.
    @inline(__always)
    func freeKiB(on device: Device) -> KiB {
        device.ramKiB - device.reservedKiB - occupiedKiB
    }

    /// `occupiedKiB` added up from its parts: what it must equal (the engine's invariant
    /// checks compare them).
    var occupiedKiBFromParts: KiB {
        systemKiB + residentKiB - compressedKiB + compressorKiB - flashKiB
    }

    /// An app's memory on flash went from `old` to `new` (a freeze, a thaw, a death, SPEC 37).
    mutating func flashChanged(from old: KiB, to new: KiB) {
        flashKiB += new - old
        occupiedKiB -= new - old
    }

    /// A resident app's footprint went from `old` to `new`.
    mutating func footprintChanged(from old: KiB, to new: KiB) {
        residentKiB += new - old
        occupiedKiB += new - old
    }

    /// An app became resident (a launch) or stopped being resident (a death).
    mutating func residencyChanged(entering: Bool) {
        residentCount += entering ? 1 : -1
    }

    /// `system_allocate`: the system takes (or gives back) `kib`, within 0 and the ceiling.
    /// Returns whether system memory changed.
    mutating func allocateSystem(_ kib: KiB) -> Bool {
        let new = Self.clamped(systemKiB + kib)
        guard new != systemKiB else { return false }
        occupiedKiB += new - systemKiB
        systemKiB = new
        return true
    }

    /// A compression step: `amount` more memory goes into the compressor, and what the
    /// compressor holds the app's memory in goes from `oldStored` to `newStored` (SPEC 22).
    mutating func compress(_ amount: KiB, storedFrom oldStored: KiB, to newStored: KiB) {
        compressedKiB += amount
        compressorKiB += newStored - oldStored
        occupiedKiB += newStored - oldStored - amount
    }

    /// An app leaves `suspended`: its compressed memory `compressed`, held in `stored`, is
    /// given back at once (SPEC 22).
    mutating func release(compressed: KiB, stored: KiB) {
        compressedKiB -= compressed
        compressorKiB -= stored
        occupiedKiB += compressed - stored
    }
}

/// The two changes the engine makes to an app at almost every step, each as one mutating
/// call on the app: a state entered (`Simulation.setState`) and a footprint taken
/// (`Simulation.refreshFootprint`).
///
/// One call, not one `apps[index].field = ...` per field: the engine keeps its apps in an
/// array, and each such line was an access of its own, with its own uniqueness check and
/// bounds check (`swift_isUniquelyReferenced_nonNull_native`, about 2.2 calls a transition
/// in `setState` alone); a mutating call on `apps[index]` makes one (docs/performance.md,
/// "The run's thread, the engine's steps").
extension AppRuntime {
    /// What an app's footprint was before `takeFootprint(_:at:)` changed it, for the ledger
    /// and `memory.csv`.
    struct FootprintChange {
        var oldKiB: KiB
        /// Its memory on flash, before and now (SPEC 37 `flash_mb`).
        var oldFlashKiB: KiB
        var flashKiB: KiB
        /// Its compressed memory, now recorded (SPEC 22).
        var compressedKiB: KiB
    }

    /// Enters `state` at `nowMs`, afresh (SPEC 2, 4): the time so far counted in the old state
    /// and footprint (SPEC 17), the time resident begun at a launch and ended at a death
    /// (SPEC 14 `resident_s`), no background work running, not aged (jetsam's aging counts
    /// from each suspension, SPEC 6); becoming `active` forgets warning releases and purges
    /// (SPEC 5: "until it next becomes active").
    ///
    /// - Returns: true when it became resident, false when it stopped being resident, nil
    ///   when neither (for `MemoryLedger.residencyChanged(entering:)`).
    @inline(__always)
    mutating func enter(_ state: LifecycleState, at nowMs: Millis) -> Bool? {
        let from = self.state
        countFieldMetrics(to: nowMs)
        var residency: Bool?
        if !from.isResident, state.isResident {
            stats.residentSinceMs = nowMs
            stats.field.wasResident = true
            residency = true
        } else if from.isResident, !state.isResident {
            stats.residentMs += nowMs - stats.residentSinceMs
            residency = false
        }
        phase = Phase(entering: state)
        stateEnteredMs = nowMs
        aged = false
        if state == .active {
            memory.releasedOnWarning = false
            memory.purged = false
        }
        return residency
    }

    /// Takes `new` as its footprint at `nowMs`, with its memory on flash (its footprint while
    /// on flash, else 0, SPEC 37) and its compressed memory as recorded (SPEC 22: one
    /// `memory.csv` row for a change of either); a suspended footprint's time so far is
    /// counted first (`averageSuspendedMemory`, SPEC 17) and the peak raised.
    ///
    /// - Returns: what changed, or nil when none of the footprint, the compressed memory and
    ///   the memory on flash did (no row, nothing to add up).
    @inline(__always)
    mutating func takeFootprint(_ new: KiB, at nowMs: Millis) -> FootprintChange? {
        guard footprintDiffers(from: new) else { return nil }
        let old = memory.footprintKiB
        let compressed = memory.compressedKiB
        let flash = freezer.isOnFlash ? new : .zero
        let oldFlash = memory.flashKiB
        memory.recordedCompressedKiB = compressed
        memory.flashKiB = flash
        // Only a suspended footprint is integrated over time; the other field metrics change
        // with the state, which `enter(_:at:)` counts.
        if state == .suspended { countFieldMetrics(to: nowMs) }
        memory.footprintKiB = new
        if new > stats.field.peakFootprintKiB { stats.field.peakFootprintKiB = new }
        return FootprintChange(oldKiB: old, oldFlashKiB: oldFlash, flashKiB: flash, compressedKiB: compressed)
    }

    /// Whether `takeFootprint(new, at:)` would change anything: the footprint, the compressed
    /// memory as last recorded, or the memory on flash (SPEC 22, 37).
    @inline(__always)
    func footprintDiffers(from new: KiB) -> Bool {
        new != memory.footprintKiB || memory.compressedKiB != memory.recordedCompressedKiB
            || (freezer.isOnFlash ? new : .zero) != memory.flashKiB
    }
}

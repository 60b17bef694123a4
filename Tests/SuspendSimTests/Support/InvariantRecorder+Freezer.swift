@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// The model's freezer (SPEC 37), from the SPEC's words: an app on flash is a suspended
/// frozen app whose footprint is all on flash and none in the compressor; it takes no physical
/// memory; a thaw or a death brings it off; a frozen suspended app sits in band 75, a demoted
/// one in band 0; `pressure.csv`'s `flash_mb` is the apps' sum.
extension InvariantRecorder {
    mutating func record(_ act: EventLog.FreezerRecord) {
        log?.record(act)
        stats.records += 1
        let app = act.app
        if act.timeMs != now { fail("freezer row at \(act.timeMs) during a step at \(now)") }
        checkFreezerRules(act)
        defer { checkFrozenCount(act) }
        switch act.action {
        case .freeze, .refreeze:
            if apps[app].footprint == 0, apps[app].state == .suspended, !apps[app].demoted {
                // A footprint of 0 (after its purge) writes nothing to flash, so no memory.csv
                // row says the freeze: this row alone makes the app frozen.
                if !apps[app].frozen { apps[app].freezerBandAt = now }
                apps[app].frozen = true
                apps[app].compressed = 0
            }
            if apps[app].state != .suspended || !apps[app].frozen || apps[app].flash != apps[app].footprint {
                fail("\(name(app)) \(act.action.rawValue) in \(apps[app].state.rawValue) with \(apps[app].flash) KiB on flash")
            }
            if apps[app].demoted { fail("\(name(app)) refrozen while demoted") }
            apps[app].onFlash = true
        case .demote:
            if apps[app].state != .suspended || !apps[app].frozen || apps[app].demoted {
                fail("\(name(app)) demoted in \(apps[app].state.rawValue), frozen \(apps[app].frozen), demoted \(apps[app].demoted)")
            }
            apps[app].demoted = true
            apps[app].demotedAt = now
        case .thaw:
            if apps[app].state == .suspended || !apps[app].frozen { fail("\(name(app)) thawed in \(apps[app].state.rawValue)") }
            apps[app].demoted = false
            apps[app].onFlash = false
        }
    }

    /// A transition's freezer side: a frozen app entering `suspended` enters band 75 (no
    /// aging); a death ends its being frozen.
    mutating func noteFreezerTransition(_ transition: EventLog.Transition) {
        let app = transition.app
        if transition.to == .notRunning {
            apps[app].frozen = false
            apps[app].demoted = false
            // A death frees its copy on flash and resets its thaw count.
            apps[app].copy = 0
            apps[app].onFlash = false
            apps[app].thaws = 0
        } else if transition.to == .suspended, apps[app].frozen {
            apps[app].freezerBandAt = transition.timeMs
        }
    }

    /// A `memory.csv` row whose `flash_mb` changed. Onto flash is a freeze: a suspended app,
    /// its whole footprint (after a purge, SPEC 37) on flash, nothing compressed; the row
    /// is then checked here whole (returns true). Off flash (a thaw, a death) only clears the
    /// app's flash; the row is then the transition's (returns true when nothing else changed).
    mutating func noteFlash(_ row: EventLog.FootprintRecord) -> Bool {
        let app = row.app
        guard row.flashKiB != apps[app].flash else { return false }
        stats.records += 1
        guard row.flashKiB > 0 else {
            apps[app].flash = 0
            apps[app].onFlash = false
            return row.footprintKiB == apps[app].footprint && row.compressedKiB == apps[app].compressed
        }
        noteFreezeRow(of: app)
        if row.state != .suspended || apps[app].state != .suspended || row.flashKiB != row.footprintKiB || row.compressedKiB != 0 {
            fail("\(name(app)) put \(row.flashKiB) KiB on flash in \(row.state.rawValue) with footprint \(row.footprintKiB), compressed \(row.compressedKiB)")
        }
        if row.footprintKiB != apps[app].footprint {
            if !apps[app].purged, profiles[app].purgeableKiB > 0, row.footprintKiB == expectedFootprint(app, purged: true) {
                apps[app].purged = true
            } else {
                fail("\(name(app)) frozen at \(row.footprintKiB) KiB, its footprint was \(apps[app].footprint)")
            }
        }
        if !apps[app].frozen { apps[app].freezerBandAt = now }
        apps[app].frozen = true
        apps[app].compressed = 0
        apps[app].flash = row.flashKiB
        apps[app].onFlash = true
        apps[app].footprint = row.footprintKiB
        return true
    }

    /// `pressure.csv`'s `flash_mb` is the apps' memory on flash added up.
    mutating func checkFlashSum(_ flashKiB: KiB) {
        let sum = apps.reduce(KiB(0)) { $0 + $1.flash }
        if flashKiB != sum { fail("pressure row flash \(flashKiB) KiB, the apps' rows give \(sum)") }
        recordedFlashSum = flashKiB
    }
}

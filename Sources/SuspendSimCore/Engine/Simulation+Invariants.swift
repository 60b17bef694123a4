/// Internal consistency checks, compiled in only with `-DSUSPENDSIM_INTERNAL_CHECKS` (as
/// swift-collections does with `COLLECTIONS_INTERNAL_CHECKS`). The README's test command
/// turns them on.
extension Simulation {
    #if SUSPENDSIM_INTERNAL_CHECKS
    func checkInvariants() {
        var sum: KiB = .zero
        var resident = 0
        var foreground: [AppIndex] = []
        for index in apps.indices {
            let app = apps[index]
            precondition(app.footprintKiB == computedFootprintKiB(of: index),
                         "App \(index) footprint \(app.footprintKiB) KiB, expected \(computedFootprintKiB(of: index))")
            precondition(app.footprintKiB >= .zero, "App \(index) footprint \(app.footprintKiB) KiB is negative")
            if app.state.isResident {
                sum += app.footprintKiB
                resident += 1
            }
            if app.state.isForeground { foreground.append(index) }
            if app.state == .suspended {
                // Work cannot run there (`AppRuntime.Phase`); a continuous mode could be written down.
                precondition(app.modesInUse.isEmpty, "App \(index) suspended with continuous modes in use")
            }
        }
        precondition(sum == residentKiB, "Resident sum \(residentKiB) KiB, footprints add up to \(sum)")
        precondition(resident == residentCount, "Resident count \(residentCount), \(resident) apps resident")
        precondition(foreground.count <= 1, "Apps \(foreground) are all in the foreground")
        precondition(foreground.first == frontmost, "Frontmost \(String(describing: frontmost)), foreground apps \(foreground)")
        precondition(systemKiB >= .zero, "System memory \(systemKiB) KiB is negative")
        precondition(minFreeKiB <= freeKiB, "Minimum free \(minFreeKiB) above free \(freeKiB)")
    }
    #else
    @inline(__always) func checkInvariants() {}
    #endif
}

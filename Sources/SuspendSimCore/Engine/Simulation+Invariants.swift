/// Internal consistency checks, compiled in only with `-DSUSPENDSIM_INTERNAL_CHECKS` (as
/// swift-collections does with `COLLECTIONS_INTERNAL_CHECKS`). The README's test command
/// turns them on.
extension Simulation {
    #if SUSPENDSIM_INTERNAL_CHECKS
    func checkInvariants() {
        var sum: KiB = .zero
        var flash: KiB = .zero
        var frozen = 0
        var resident = 0
        var foreground: [AppIndex] = []
        for index in apps.indices {
            let app = apps[index]
            precondition(app.memory.footprintKiB == computedFootprintKiB(of: index),
                         "App \(index) footprint \(app.memory.footprintKiB) KiB, expected \(computedFootprintKiB(of: index))")
            precondition(app.memory.footprintKiB >= .zero, "App \(index) footprint \(app.memory.footprintKiB) KiB is negative")
            if app.state.isResident {
                sum += app.memory.footprintKiB
                resident += 1
            }
            // SPEC 37: an app on flash is a suspended frozen one, holding its footprint there
            // and nothing in the compressor.
            let onFlash = app.freezer.isOnFlash
            precondition(!onFlash || (app.state == .suspended && app.freezer.isFrozen && app.memory.compressedKiB == .zero),
                         "App \(index) on flash in state \(app.state), frozen \(app.freezer.isFrozen), c \(app.memory.compressedKiB)")
            precondition(app.memory.flashKiB == (onFlash ? app.memory.footprintKiB : .zero),
                         "App \(index) flash \(app.memory.flashKiB) KiB, on flash \(onFlash), footprint \(app.memory.footprintKiB)")
            flash += app.memory.flashKiB
            if app.freezer.isFrozen { frozen += 1 }
            if app.state.isForeground { foreground.append(index) }
            if app.state == .suspended {
                // Work cannot run there (`AppRuntime.Phase`); a continuous mode could be written down.
                precondition(app.modesInUse.isEmpty, "App \(index) suspended with continuous modes in use")
            }
        }
        precondition(sum == ledger.residentKiB, "Resident sum \(ledger.residentKiB) KiB, footprints add up to \(sum)")
        precondition(flash == ledger.flashKiB, "Flash sum \(ledger.flashKiB) KiB, apps on flash add up to \(flash)")
        precondition(frozen == freezer.frozenCount, "Frozen count \(freezer.frozenCount), \(frozen) apps frozen")
        precondition(freezer.isOn || frozen == 0, "\(frozen) apps frozen with the freezer off")
        precondition(resident == ledger.residentCount, "Resident count \(ledger.residentCount), \(resident) apps resident")
        precondition(foreground.count <= 1, "Apps \(foreground) are all in the foreground")
        precondition(foreground.first == screen.frontmost, "Frontmost \(String(describing: screen.frontmost)), foreground apps \(foreground)")
        precondition(ledger.systemKiB >= .zero, "System memory \(ledger.systemKiB) KiB is negative")
        precondition(ledger.occupiedKiB == ledger.occupiedKiBFromParts, "Occupied \(ledger.occupiedKiB) KiB, its parts add up to \(ledger.occupiedKiBFromParts)")
        precondition(pressure.minFreeKiB <= freeKiB, "Minimum free \(pressure.minFreeKiB) above free \(freeKiB)")
        if tasks.isEnabled { checkTaskInvariants() }
    }

    /// SPEC 28: a running task is background work and the pending count is the requests
    /// held; after a check, nothing is left that it could grant.
    private func checkTaskInvariants() {
        var pending = 0
        for index in apps.indices {
            let requests = tasks.apps[index]
            pending += (requests.refresh == nil ? 0 : 1) + (requests.processing == nil ? 0 : 1)
            precondition((requests.running != nil) == apps[index].phase.work.contains(.bgTask),
                         "App \(index) running task \(String(describing: requests.running)), work \(apps[index].phase.work)")
        }
        precondition(pending == tasks.pendingCount, "Pending requests \(pending), counted \(tasks.pendingCount)")
        precondition(firstGrantableRequest() == nil, "A grantable request is left after the check")
    }
    #else
    @inline(__always) func checkInvariants() {}
    #endif
}

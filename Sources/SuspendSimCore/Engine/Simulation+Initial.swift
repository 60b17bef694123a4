/// The device as found at time 0 (SPEC 12 `initial:`, fine points in SPEC 16).
extension Simulation {
    /// Makes the `initial:` apps resident, in list order, with no callback and no transition:
    /// footprints at their state's base (a `memory.csv` row each, none for 0), recency rising
    /// through the list, bands entered before the run in list order, suspended apps past
    /// aging, saved state for all but the frontmost app (if they save it), scenes connected.
    /// The caller runs the pressure check once after.
    mutating func placeInitialApps() {
        // An entry naming an app index that no app has is not placed (`Scenario.checkAppIndexes()`).
        for entry in scenario.initial where profiles.indices.contains(entry.app) {
            let index = entry.app
            let profile = profiles[index]
            let isFrontmost = entry.state == .active || entry.state == .inactive
            if !apps[index].state.isResident, entry.state.isResident { ledger.residencyChanged(entering: true) }
            apps[index].phase = AppRuntime.Phase(entering: entry.state)
            apps[index].stateEnteredMs = .zero
            apps[index].stats.residentSinceMs = .zero
            apps[index].stats.field.wasResident = apps[index].stats.field.wasResident || entry.state.isResident
            apps[index].modesInUse = isFrontmost
                ? entry.modes ?? profile.backgroundModes.intersection(.continuous)
                : entry.modes ?? []
            apps[index].aged = entry.state == .suspended
            // They entered `suspended` first, in list order (SPEC 23).
            if entry.state == .suspended { noteSuspendedEntry(of: index) }
            apps[index].hasUnsavedState = isFrontmost || !profile.savesState
            if profile.lifecycle == .scene {
                apps[index].sceneConnected = true
                apps[index].scenePhase = entry.state == .active ? .active : entry.state == .inactive ? .inactive : .background
            }
            if isFrontmost {
                screen.frontmost = index
                screen.locked = entry.state == .inactive
            } else {
                // Earlier entries left the foreground earlier (SPEC 6's recency counter).
                apps[index].lastFrontmostOrder = screen.nextFrontmostEnd()
            }
            appDidChange(index)
            // SPEC 37: found frozen and thawed, thawed once (for demotion), when the freezer acts.
            if entry.frozen, entry.state == .suspended, freezer.isOn {
                apps[index].freezer.isFrozen = true
                apps[index].freezer.thaws = 1
                freezer.noteFrozenFound()
                appDidChange(index)
            }
            apps[index].jetsam.enteredBandBeforeStart = true
            refreshFootprint(of: index)
            if apps[index].freezer.isFrozen { apps[index].freezer.copyKiB = apps[index].memory.footprintKiB }
        }
    }
}

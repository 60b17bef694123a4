@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// The model's `initial:` apps (SPEC 12, 16, 37), from the SPEC's words: each is in its state
/// at time 0 with no callback or transition; earlier entries left the foreground earlier (the
/// recency counter rises through the list) and entered their band before any app entering it
/// at time 0, the suspended ones past aging; the frontmost one has unsaved state (the device
/// found locked when it is `inactive`), the others have saved theirs if they save state; a
/// `background` entry runs for its modes alone, so that it suspends as soon as they stop. A
/// `frozen: true` entry is frozen and thawed with its copy on flash its footprint and one thaw,
/// in band 75, when the freezer acts. Their footprints come from the time-0 `memory.csv` rows.
extension InvariantRecorder {
    /// Entered their band before the run began: before any app that enters it at time 0.
    static let beforeStart: Millis = -1

    mutating func placeInitialApps() {
        for entry in scenario.initial {
            let app = entry.app
            let profile = profiles[app]
            let isFrontmost = entry.state == .active || entry.state == .inactive
            apps[app].state = entry.state
            apps[app].modes = isFrontmost ? entry.modes ?? profile.backgroundModes.intersection(.continuous) : entry.modes ?? []
            apps[app].unsaved = isFrontmost || !profile.savesState
            apps[app].band = entry.state == .suspended ? -1 : activeBand(app)
            apps[app].bandEntered = Self.beforeStart
            if isFrontmost {
                frontmost = app
                locked = entry.state == .inactive
            } else {
                frontmostEndCounter += 1
                apps[app].lastFrontmostOrder = frontmostEndCounter
            }
            switch entry.state {
            case .suspended:
                // Past aging: in band 0 since before the run.
                apps[app].suspendedAt = Self.beforeStart - device.agingMs
            case .background:
                // Nothing but its modes keeps it running (no handler, task or wake pending).
                apps[app].session = Session(start: Self.beforeStart, earliestSuspend: 0, zeroLength: true, suspendCause: .event(.stopMode))
            default:
                break
            }
            if entry.frozen, entry.state == .suspended, freezerModel.isOn {
                apps[app].frozen = true
                apps[app].freezerBandAt = Self.beforeStart
                apps[app].thaws = 1
                apps[app].copy = profile.baseKiB(in: .suspended)
                stats.initialFrozen += 1
            }
        }
    }
}

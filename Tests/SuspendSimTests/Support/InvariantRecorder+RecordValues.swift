@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// The model's face to the engine: each record value the engine makes, kept in the log when
/// the test wants one, then checked field by field (`recordTransition(at:...)` and its
/// siblings, which hand-written streams in `CallbackAutomatonTests` call directly).
extension InvariantRecorder {
    // MARK: SimulationRecorder

    mutating func record(_ transition: EventLog.Transition) {
        log?.record(transition)
        recordTransition(at: transition.timeMs, app: transition.app, from: transition.from, to: transition.to, cause: transition.cause)
        noteFreezerTransition(transition)
    }

    mutating func record(_ callback: EventLog.CallbackRecord) {
        log?.record(callback)
        recordCallback(at: callback.timeMs, app: callback.app, callback.callback, phase: callback.phase)
    }

    mutating func record(_ eviction: Eviction) {
        log?.record(eviction)
        recordEviction(eviction)
    }

    mutating func record(_ footprint: EventLog.FootprintRecord) {
        log?.record(footprint)
        if noteFlash(footprint) { return }
        recordFootprint(
            at: footprint.timeMs, app: footprint.app, state: footprint.state, footprintKiB: footprint.footprintKiB,
            compressedKiB: footprint.compressedKiB)
    }

    mutating func record(_ free: EventLog.FreeRecord) {
        log?.record(free)
        checkFlashSum(free.flashKiB)
        recordFree(
            at: free.timeMs, usedKiB: free.usedKiB, freeKiB: free.freeKiB, level: free.level, compressedKiB: free.compressedKiB,
            compressorKiB: free.compressorKiB)
    }

    mutating func record(_ skip: EventLog.Skip) {
        log?.record(skip)
        recordSkipped(at: skip.timeMs, event: skip.event, app: skip.app, reason: skip.reason)
    }
}

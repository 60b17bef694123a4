@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// The model's own reading of SPEC 31-32: the compressor's start by the run's policy, the
/// long-idle reaper's tick that compresses first, session memory, and settled free memory.
extension InvariantRecorder {
    /// SPEC 31: the highest free level at which the run's policy kills for pressure, unless
    /// `start_free_mb` is set. Worked out from the policy's name, not from the engine's table.
    var modelCompressorStartKiB: KiB {
        if let own = device.compressor?.startFreeKiB { return own }
        let jetsam = policyName == "jetsam", lmkd = policyName == "lmkd"
        var levels = [device.warningFreeKiB]
        if !lmkd { levels.append(device.criticalFreeKiB) }
        if jetsam { levels.append(device.idleFreeKiB) }
        if jetsam, device.longIdleReaper, device.reaperIntervalMs > 0 { levels.append(device.reaperFreeKiB) }
        // lmkd's largest minfree level (SPEC 33, 34): the scenario's table, last entry largest.
        if lmkd, let largest = device.lmkdMinfree.last { levels.append(largest.freeKiB) }
        return levels.max() ?? 0
    }

    /// SPEC 31: a compression happens only while free (the last `pressure.csv` row) is below
    /// the start.
    mutating func checkCompressionStart(_ app: AppIndex) {
        if lastRecordedFree >= modelCompressorStartKiB {
            fail("\(name(app)) compressed with free \(lastRecordedFree) KiB >= start \(modelCompressorStartKiB) KiB (SPEC 31)")
        }
    }

    /// SPEC 31: the reaper's tick compresses first, so at its first kill, with free below the
    /// start and pool room left, no suspended app has memory it could still compress.
    mutating func checkReaperCompressedFirst(victim: AppIndex, free: KiB) {
        defer { reaperKilledThisStep = true }
        guard !reaperKilledThisStep, device.compresses, free < modelCompressorStartKiB else { return }
        let pooled = apps.reduce(0) { $0 + $1.compressed }
        guard pooled < device.compressorPoolKiB else { return }
        // SPEC 37: an app on flash has nothing to compress.
        for index in apps.indices where (apps[index].state == .suspended || index == victim) && !apps[index].onFlash {
            let unpurged: KiB = apps[index].purged ? 0 : profiles[index].purgeableKiB
            let most = min(apps[index].footprint - unpurged, profiles[index].compressibleKiB ?? apps[index].footprint)
            if apps[index].compressed < most {
                fail("long-idle-exit of \(name(victim)) while \(name(index)) could still compress \(most - apps[index].compressed) KiB (SPEC 31)")
            }
        }
    }

    /// SPEC 32: as `applicationDidEnterBackground` is logged, the app gives back its session
    /// memory, in the row of its change to `background`.
    mutating func releaseSessionMemory(_ app: AppIndex) {
        if apps[app].sessionMemory > 0 { sessionReleasing.insert(app) }
        apps[app].sessionMemory = 0
    }

    /// SPEC 32: the release shares the row of the change to `background` (or, when that
    /// change leaves the footprint as it was, no row at all; an app that exits on suspension
    /// dies in the same step).
    mutating func checkSessionRow(_ app: AppIndex, state: LifecycleState) {
        guard sessionReleasing.contains(app) else { return }
        if state != .background, state != .notRunning { fail("\(name(app)) gave back its session memory in a \(state.rawValue) row, not the background one (SPEC 32)") }
        sessionReleasing.remove(app)
    }

    /// SPEC 32: the starting value of settled free memory: free before the first event, or
    /// with `initial:` free at the end of the time-0 check (the last row the engine's
    /// initializer wrote).
    mutating func startSettledFree() {
        guard !settledStarted else { return }
        settledStarted = true
        if !scenario.initial.isEmpty { minFreeKiB = lastRecordedFree }
    }

    /// SPEC 32: `min_free_mb` is the least settled free memory. A step's last pressure check
    /// ends it; a run whose task grants add checks inside a step is only bounded by it.
    mutating func checkSettledMinimum(_ reported: KiB) {
        let grantsInsideSteps = profiles.contains { !$0.bgTasks.isEmpty }
        if grantsInsideSteps {
            if reported > minFreeKiB || reported < minRowFreeKiB {
                fail("min free \(reported) outside the settled values [\(minRowFreeKiB), \(minFreeKiB)] (SPEC 32)")
            }
        } else if reported != minFreeKiB {
            fail("min free \(reported), the settled values say \(minFreeKiB) (SPEC 32)")
        }
    }
}

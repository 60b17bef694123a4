@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// The independent model (`InvariantRecorder`): callbacks, evictions, footprints, free memory
/// and skipped events as they are recorded (SPEC 2, 3, 5).
extension InvariantRecorder {
    mutating func recordCallback(at timeMs: Millis, app: AppIndex, _ callback: Callback, phase: Callback.ScenePhase?) {
        stats.records += 1
        if timeMs != now { fail("callback recorded at \(timeMs) during a step at \(now)") }
        let state = apps[app].state
        let expect = apps[app].expect
        if callback != .willTerminate || possiblePurge?.app != app { possiblePurge = nil }
        stats.callbacks[callback, default: 0] += 1
        // A scene-based app (SPEC 11): scene callbacks stand for the app-level ones; a scene
        // connects right before the app enters the foreground, on a cold launch too.
        if (profiles[app].lifecycle == .scene) != (phase != nil) { fail("\(name(app)) got phase \(String(describing: phase)) for its lifecycle") }
        if profiles[app].lifecycle == .app, callback.scenePhaseAfter != nil {
            badCallback(app, callback, state, "an app-delegate app gets no scene callback")
        }
        if callback == .sceneWillConnect {
            let launching = state == .notRunning && expect == .launchTransition
            if !(launching || (expect == nil && (state == .background || state == .suspended))) {
                badCallback(app, callback, state, "a scene connects only as the app comes to the foreground")
            }
            apps[app].sceneConnecting = true
            return
        }
        if apps[app].sceneConnecting {
            apps[app].sceneConnecting = false
            if callback != .sceneWillEnterForeground { badCallback(app, callback, state, "sceneWillEnterForeground must follow a connection") }
            if state == .notRunning { return }
        }
        let callback = [Callback.didBecomeActive, .willResignActive, .didEnterBackground, .willEnterForeground]
            .first { $0.sceneEquivalent == callback } ?? callback
        switch callback {
        case .willFinishLaunching:
            if !(expect == nil && state == .notRunning) { badCallback(app, callback, state, "only a not-running app launches") }
            apps[app].expect = .didFinishLaunching
        case .didFinishLaunching:
            if !(expect == .didFinishLaunching) { badCallback(app, callback, state, "must follow willFinishLaunching") }
            apps[app].expect = .launchTransition
        case .didBecomeActive:
            if !(expect == nil && state == .inactive) { badCallback(app, callback, state, "only inactive -> active") }
            apps[app].expect = .transition(.inactive, .active)
        case .willResignActive:
            if !(expect == nil && state == .active) { badCallback(app, callback, state, "only active -> inactive") }
            apps[app].expect = .transition(.active, .inactive)
        case .didEnterBackground:
            if !(expect == nil && state == .inactive) { badCallback(app, callback, state, "only from inactive") }
            apps[app].expect = .transition(.inactive, .background)
            releaseSessionMemory(app)
            if !profiles[app].bgTasks.isEmpty { submitRequests(app) }
        case .willEnterForeground:
            if !(expect == nil && (state == .background || state == .suspended)) { badCallback(app, callback, state, "only background/suspended -> inactive") }
            apps[app].expect = .transition(state, .inactive)
        case .willTerminate:
            if !((expect == nil || expect == .willTerminate) && state == .background) { badCallback(app, callback, state, "only for an app running in background") }
            apps[app].expect = .terminate
        case .didReceiveMemoryWarning:
            if !(expect == nil && isRunningCode(app)) { badCallback(app, callback, state, "only apps running code get warnings") }
            if warnedThisStep.isEmpty {
                if inWarningEpisode { fail("memory warning to \(name(app)) inside an episode that has not ended") }
                if modelFreeKiB >= device.warningFreeKiB {
                    fail("memory warning with free \(modelFreeKiB) KiB >= warning \(device.warningFreeKiB)")
                }
                runningCodeAtFirstWarning = apps.indices.filter(isRunningCode)
            }
            warnedThisStep.append(app)
            apps[app].released = true
        case .performFetch, .didReceiveRemoteNotification, .processingTaskLaunchHandler:
            let inWake: Bool = if let event, case .wake(let woken, let mode) = event.action {
                woken == app && mode.wakeCallback == callback
            } else { false }
            if !(inWake) { badCallback(app, callback, state, "a wake callback outside a wake of this app in that mode") }
            if case .wakeCallback(let wanted) = expect {
                if !(wanted == callback) { badCallback(app, callback, state, "expected \(wanted.rawValue)") }
                apps[app].expect = nil
            } else {
                if !(expect == nil && isRunningCode(app)) { badCallback(app, callback, state, "a frontmost or background app gets the callback only") }
            }
            wakeCallbacksThisStep += 1
        case .expirationHandler:
            if !(expect == nil && state == .background) { badCallback(app, callback, state, "only in background") }
            if !(event == nil) { badCallback(app, callback, state, "expirationHandler comes from a timer") }
            if !(takeObligation(app, .expirationHandler)) { badCallback(app, callback, state, "no task of this app expires now") }
            if !profiles[app].endsTaskOnExpiration { apps[app].expect = .expiredKill }
        case .appRefreshLaunchHandler, .processingLaunchHandler:
            if expect != .wakeCallback(callback) { badCallback(app, callback, state, "a launch handler only right after its grant") }
            apps[app].expect = nil
        case .taskExpirationHandler:
            if expect != nil { badCallback(app, callback, state, "while waiting for \(expect!)") }
            checkTaskExpiration(app, state)
        case .sceneWillConnect, .sceneDidBecomeActive, .sceneWillResignActive, .sceneDidEnterBackground, .sceneWillEnterForeground:
            badCallback(app, callback, state, "scene callbacks are mapped above")
        }
    }

    mutating func badCallback(_ app: AppIndex, _ callback: Callback, _ state: LifecycleState, _ why: String) {
        fail("\(name(app)) got \(callback.rawValue) in state \(state.rawValue): \(why)")
    }

    mutating func recordEviction(_ eviction: Eviction) {
        stats.records += 1
        evictionSeq += 1
        if eviction.who.seq != evictionSeq { fail("eviction seq \(eviction.who.seq), expected \(evictionSeq)") }
        if eviction.who.timeMs != now { fail("eviction recorded at \(eviction.who.timeMs) during a step at \(now)") }
        guard let pending = pendingEviction, pending.app == eviction.who.app else {
            return fail("eviction row for app\(eviction.who.app) without its transition to not-running")
        }
        pendingEviction = nil
        if eviction.who.state != pending.state { fail("eviction row state \(eviction.who.state.rawValue), was \(pending.state.rawValue)") }
        if eviction.memory.footprintKiB != pending.footprint { fail("eviction row footprint \(eviction.memory.footprintKiB), was \(pending.footprint)") }
        if eviction.memory.freeBeforeKiB != pending.free { fail("eviction row free before \(eviction.memory.freeBeforeKiB), was \(pending.free)") }
        // SPEC 22: a kill frees the victim's physical memory, and the row carries its `c`.
        if eviction.memory.freeAfterKiB != modelFreeKiB || eviction.memory.freeAfterKiB != pending.free + pending.physical {
            fail("eviction row free after \(eviction.memory.freeAfterKiB), expected \(pending.free + pending.physical)")
        }
        if eviction.compressor.compressedKiB != pending.compressed {
            fail("eviction row compressed \(eviction.compressor.compressedKiB), the victim held \(pending.compressed)")
        }
        // SPEC 14, 16: what set the kill off, and the victim's place in the policy's order.
        let triggers: [Eviction.Trigger] = eviction.who.reason == .memoryPressure ? [.critical, .idle] : [Eviction.Trigger(eviction.who.reason)]
        if eviction.who.reason == .memoryPressure, policyName == "lmkd" {
            checkLevelRow(eviction)
        } else if !triggers.contains(eviction.who.trigger) { fail("eviction trigger \(eviction.who.trigger.rawValue) for \(eviction.who.reason.rawValue)") }
        let thresholds: [Eviction.Trigger: KiB] = [.critical: device.criticalFreeKiB, .idle: device.idleFreeKiB, .reaper: device.reaperFreeKiB, .pageshortage: 0]
        if eviction.who.trigger != .minfree, eviction.memory.thresholdKiB != thresholds[eviction.who.trigger] { fail("eviction threshold \(String(describing: eviction.memory.thresholdKiB)) for trigger \(eviction.who.trigger.rawValue)") }
        if eviction.who.reason == .memoryPressure, eviction.ranking.rank != 1 { fail("a policy's victim ranked \(String(describing: eviction.ranking.rank)), not 1") }
        if pending.state.isForeground != (eviction.ranking.rank == nil) { fail("rank \(String(describing: eviction.ranking.rank)) for a \(pending.state.rawValue) victim") }
        if let rank = eviction.ranking.rank, rank > eviction.ranking.candidateCount { fail("rank \(rank) beyond \(eviction.ranking.candidateCount) candidates") }
        if eviction.ranking.runnerUp == eviction.who.app { fail("the victim is its own runner-up") }
        if (eviction.ranking.runnerUp == nil) != (eviction.ranking.candidateCount == (eviction.ranking.rank == nil ? 0 : 1)) {
            fail("runner_up \(String(describing: eviction.ranking.runnerUp)) with \(eviction.ranking.candidateCount) candidates")
        }
    }

    mutating func recordFootprint(at timeMs: Millis, app: AppIndex, state: LifecycleState, footprintKiB: KiB, compressedKiB: KiB) {
        let compressionChanged = compressedKiB != apps[app].compressed
        if compressionChanged { checkCompression(app, state: state, footprintKiB: footprintKiB, compressedKiB: compressedKiB) }
        apps[app].compressed = compressedKiB
        if compressionChanged, footprintKiB == apps[app].footprint { return }
        checkSessionRow(app, state: state)
        stats.records += 1
        if timeMs != now { fail("footprint recorded at \(timeMs) during a step at \(now)") }
        if state != apps[app].state { fail("\(name(app)) footprint row in state \(state.rawValue), it is \(apps[app].state.rawValue)") }
        if footprintKiB == apps[app].footprint { fail("\(name(app)) footprint row without a change (\(footprintKiB) KiB)") }
        if footprintKiB < 0 { fail("\(name(app)) footprint \(footprintKiB) KiB is negative") }
        if state == .notRunning, footprintKiB != 0 { fail("\(name(app)) died holding \(footprintKiB) KiB") }
        // SPEC 5: base for the state + allocations - a warning release - a purge. A row that
        // the model does not explain otherwise must be a purge.
        possiblePurge = nil
        if footprintKiB != expectedFootprint(app) {
            if state.isResident, !apps[app].purged, profiles[app].purgeableKiB > 0,
               footprintKiB == expectedFootprint(app, purged: true)
            {
                apps[app].purged = true
                possiblePurge = (app, apps[app].footprint)
                stats.purges += 1
            } else {
                fail("\(name(app)) footprint \(footprintKiB) KiB in \(state.rawValue), SPEC 5 gives \(expectedFootprint(app)) (dynamic \(apps[app].dynamic), released \(apps[app].released), purged \(apps[app].purged))")
            }
        }
        apps[app].footprint = footprintKiB
    }

    /// SPEC 22, 23: compression only grows the `c` of a `suspended` app whose footprint stays,
    /// within its room and the pool; leaving `suspended` gives all of it back.
    mutating func checkCompression(_ app: AppIndex, state: LifecycleState, footprintKiB: KiB, compressedKiB: KiB) {
        stats.records += 1
        if compressedKiB > apps[app].compressed {
            if state != .suspended { fail("\(name(app)) compressed in \(state.rawValue): only suspended apps are") }
            if footprintKiB != apps[app].footprint { fail("\(name(app)) compressed and changed footprint in one row") }
            let unpurged: KiB = apps[app].purged ? 0 : profiles[app].purgeableKiB
            let most = min(footprintKiB - unpurged, profiles[app].compressibleKiB ?? footprintKiB)
            if compressedKiB > most { fail("\(name(app)) compressed \(compressedKiB) KiB, more than its room \(most)") }
            let pool = apps.reduce(0) { $0 + $1.compressed } - apps[app].compressed + compressedKiB
            if pool > device.compressorPoolKiB { fail("the compressor holds \(pool) KiB, pool_mb is \(device.compressorPoolKiB)") }
            checkCompressionStart(app)
        } else if compressedKiB != 0 || state == .suspended {
            fail("\(name(app)) compressed memory fell to \(compressedKiB) KiB in \(state.rawValue): only leaving suspended gives it back, all of it")
        }
    }

    mutating func recordFree(
        at timeMs: Millis, usedKiB: KiB, freeKiB: KiB, level: EventLog.PressureLevel, compressedKiB: KiB, compressorKiB: KiB
    ) {
        let modelCompressed = apps.reduce(0) { $0 + $1.compressed }
        let modelCompressor = apps.indices.reduce(0) { $0 + stored($1) }
        if compressedKiB != modelCompressed || compressorKiB != modelCompressor {
            fail("pressure row compressor \(compressedKiB) in \(compressorKiB) KiB, the apps' rows give \(modelCompressed) in \(modelCompressor)")
        }
        stats.records += 1
        if timeMs != now { fail("free recorded at \(timeMs) during a step at \(now)") }
        if usedKiB != device.ramKiB - freeKiB { fail("used \(usedKiB) != ram - free") }
        let expectedLevel: EventLog.PressureLevel =
            freeKiB < device.criticalFreeKiB ? .critical : freeKiB < device.warningFreeKiB ? .warning : .normal
        if level != expectedLevel { fail("level \(level) for free \(freeKiB) KiB, SPEC 5 says \(expectedLevel)") }
        if freeKiB != modelFreeKiB { fail("pressure row free \(freeKiB) KiB, ram - reserved - system - footprints = \(modelFreeKiB)") }
        if firstFreeSeen, freeKiB == lastRecordedFree, compressedKiB == lastRecordedCompressed, lastRecordedFlash == recordedFlashSum {
            fail("pressure row without a change of free or the compressor (\(freeKiB) KiB)")
        }
        lastRecordedCompressed = compressedKiB
        lastRecordedFlash = recordedFlashSum
        firstFreeSeen = true
        lastRecordedFree = freeKiB
        minRowFreeKiB = min(minRowFreeKiB, freeKiB)
    }

    mutating func recordSkipped(at timeMs: Millis, event kind: ScenarioEvent.Kind, app: AppIndex?, reason: EventLog.SkipReason) {
        stats.records += 1
        stats.skips += 1
        possiblePurge = nil
        guard let event else { return fail("a skip row (\(kind.rawValue)) in a timer step") }
        if sawSkip { fail("two skip rows for one event") }
        sawSkip = true
        if kind != event.action.kind || app != event.action.app {
            fail("skip row names \(kind.rawValue) app \(String(describing: app)), the event is \(event.action)")
        }
    }
}

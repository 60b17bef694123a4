@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// The independent model (`InvariantRecorder`): state changes, terminations and each policy's
/// choice of victim (SPEC 2, 4, 5, 6).
extension InvariantRecorder {
    mutating func recordTransition(at timeMs: Millis, app: AppIndex, from: LifecycleState, to: LifecycleState, cause: EventLog.TransitionCause) {
        stats.records += 1
        if timeMs != now { fail("transition recorded at \(timeMs) during a step at \(now)") }
        if from == to { fail("\(name(app)) transition \(from.rawValue)->\(to.rawValue) changes nothing") }
        if from != apps[app].state {
            fail("\(name(app)) transition from \(from.rawValue), but it was \(apps[app].state.rawValue)")
        }
        checkTransition(app, from: from, to: to, cause: cause)
        if from == .background { settleTask(app, to: to, cause: cause) }
        applyTransition(app, from: from, to: to, cause: cause)
        possiblePurge = nil
        let foreground = apps.indices.filter { apps[$0].state.isForeground }
        if foreground.count > 1 { fail("after \(name(app)) \(from.rawValue)->\(to.rawValue), apps \(foreground) are all in the foreground") }
    }

    mutating func checkTransition(_ app: AppIndex, from: LifecycleState, to: LifecycleState, cause: EventLog.TransitionCause) {
        let expect = apps[app].expect
        apps[app].expect = nil
        let wakeStep: Bool = if let event, case .wake(let woken, _) = event.action, woken == app { true } else { false }
        switch (from, to) {
        case (.notRunning, .inactive), (.notRunning, .background):
            guard expect == .launchTransition else {
                return fail("\(name(app)) launched \(from.rawValue)->\(to.rawValue) without willFinish/didFinishLaunching (got \(String(describing: expect)))")
            }
            if to == .background, case .grant(let grant) = cause {
                checkGrant(app, grant)
            } else if to == .background {
                if !wakeStep || cause != .event(.wake) { fail("\(name(app)) launched into the background outside its wake (\(cause))") }
                if case .wake(_, let mode) = event?.action, let callback = mode.wakeCallback {
                    apps[app].expect = .wakeCallback(callback)
                }
            } else if cause != .event(.open), cause != .event(.callEnd) {
                fail("\(name(app)) cold launch caused by \(cause)")
            }
        case (.suspended, .background):
            if expect != nil { fail("\(name(app)) woke while waiting for \(expect!)") }
            if case .grant(let grant) = cause { return checkGrant(app, grant) }
            if !wakeStep || cause != .event(.wake) { fail("\(name(app)) left suspended outside its wake (\(cause))") }
            if case .wake(_, let mode) = event?.action, let callback = mode.wakeCallback {
                apps[app].expect = .wakeCallback(callback)
            }
        case (.background, .suspended):
            if expect != nil { fail("\(name(app)) suspended while waiting for \(expect!)") }
            checkSuspension(app, cause: cause)
        case (_, .notRunning):
            checkKill(app, from: from, cause: cause, expect: expect)
        case (.inactive, .active), (.active, .inactive), (.inactive, .background),
             (.background, .inactive), (.suspended, .inactive):
            if expect != .transition(from, to) {
                fail("\(name(app)) \(from.rawValue)->\(to.rawValue) without its callback (waiting for \(String(describing: expect)))")
            }
        default:
            fail("\(name(app)) illegal transition \(from.rawValue)->\(to.rawValue) (\(cause))")
        }
    }

    /// SPEC 4: `background -> suspended` is silent and happens once nothing keeps the app
    /// running: handler and task done (or the wake's work), no continuous mode in use.
    mutating func checkSuspension(_ app: AppIndex, cause: EventLog.TransitionCause) {
        stats.suspensions += 1
        if !apps[app].modes.isEmpty { fail("\(name(app)) suspended with modes \(apps[app].modes.modes) in use (SPEC 4.4)") }
        guard let session = apps[app].session, let earliest = session.earliestSuspend else {
            return fail("\(name(app)) suspended in a background stay that can only end in a kill")
        }
        if cause == .event(.stopMode) {
            if event == nil || !(now > earliest || (now == earliest && session.zeroLength)) {
                fail("\(name(app)) suspended by stop_mode at \(now) before its handler/task/wake ended at \(earliest)")
            }
        } else {
            if now != earliest { fail("\(name(app)) suspended at \(now) (\(cause)), SPEC 4 says at \(earliest)") }
            if cause != session.suspendCause { fail("\(name(app)) suspended with cause \(cause), expected \(session.suspendCause)") }
            if !session.byGrant, session.zeroLength != (event != nil) && now == session.start {
                fail("\(name(app)) suspension at \(now) in the wrong kind of step")
            }
        }
    }

    /// SPEC 2, 4, 5, 6: who may be terminated, why, and with which callback.
    mutating func checkKill(_ app: AppIndex, from: LifecycleState, cause: EventLog.TransitionCause, expect: Expect?) {
        guard case .kill(let reason) = cause else { return fail("\(name(app)) stopped running with cause \(cause)") }
        let free = modelFreeKiB
        let footprint = apps[app].footprint
        pendingEviction = (app, from, footprint, free, physical(app), apps[app].compressed)
        if reason == .memoryPressure || reason == .vmPageShortage, !apps[app].purged, profiles[app].purgeableKiB > 0 {
            if expectedFootprint(app, purged: true) != footprint {
                fail("\(name(app)) killed (\(reason.rawValue)) without its purgeable memory purged first (SPEC 5)")
            }
            apps[app].purged = true
        }
        stats.kills[reason, default: 0] += 1
        let announced = expect == .terminate
        let needsWillTerminate = from == .background && [.memoryPressure, .forceQuit, .exitsOnSuspend].contains(reason)
        if reason == .backgroundTaskExpired {
            if expect != .expiredKill { fail("\(name(app)) background-task-expired without expirationHandler just before") }
        } else if needsWillTerminate != announced {
            fail(needsWillTerminate
                 ? "\(name(app)) killed in background (\(reason.rawValue)) without applicationWillTerminate (SPEC 2, 6)"
                 : "\(name(app)) \(from.rawValue) killed (\(reason.rawValue)) after applicationWillTerminate, or while waiting for \(String(describing: expect))")
        }
        let isFront = from.isForeground
        switch reason {
        case .memoryPressure:
            if isFront { fail("frontmost \(name(app)) killed for memory-pressure (SPEC 5)") }
            if policyName == "lmkd" {
                checkLevelKill(app, free: free)
                break
            }
            let idleKill = policyName == "jetsam" && free < device.idleFreeKiB
            if free >= device.criticalFreeKiB, !idleKill {
                fail("\(name(app)) killed for memory-pressure with free \(free) KiB >= critical \(device.criticalFreeKiB)")
            }
            if free >= device.criticalFreeKiB, idleKill, from != .suspended || inIdleBand(app) == false {
                fail("\(name(app)) (\(from.rawValue)) idle-killed by jetsam but it is not in band 0")
            }
            checkVictimChoice(app)
            pressureOrder.append(app)
        case .vmPageShortage:
            if !isFront { fail("\(name(app)) killed for vm-pageshortage but it is not frontmost") }
            if free >= 0 { fail("vm-pageshortage kill of \(name(app)) with free \(free) KiB >= 0") }
        case .perProcessLimit:
            let limit = device.appLimitKiB(in: from)
            if footprint <= limit { fail("per-process-limit kill of \(name(app)) at \(footprint) KiB <= limit \(limit)") }
        case .longIdleExit:
            if from != .suspended || policyName != "jetsam" || !device.longIdleReaper || inIdleBand(app) == false {
                fail("long-idle-exit of \(name(app)) (\(from.rawValue)) outside jetsam's reaper on an aged suspended app (SPEC 11)")
            }
            if free >= device.reaperFreeKiB { fail("long-idle-exit of \(name(app)) with free \(free) KiB >= reaper_free \(device.reaperFreeKiB)") }
            checkReaperCompressedFirst(victim: app, free: free)
        case .watchdog:
            if from != .background || !takeObligation(app, .watchdog) { fail("watchdog kill of \(name(app)) not due now") }
        case .wakeTimeout:
            if from != .background || !takeObligation(app, .wakeTimeout) { fail("wake-timeout kill of \(name(app)) not due now") }
        case .backgroundTaskExpired:
            if from != .background { fail("background-task-expired kill of a \(from.rawValue) app") }
        case .exitsOnSuspend:
            if !profiles[app].exitsOnSuspend || from != .background { fail("exits-on-suspend kill of \(name(app)) (\(from.rawValue))") }
        case .forceQuit:
            guard let event, case .forceQuit(let quit) = event.action, quit == app else {
                return fail("force-quit of \(name(app)) outside its force_quit event")
            }
            if from == .active { fail("force-quit of an active app without applicationWillResignActive") }
        }

        // Counters and state loss (SPEC 5).
        switch reason.category {
        case .pressure: apps[app].pressureKills += 1
        case .other: apps[app].otherKills += 1
        case .choice: break
        }
        if reason.category != .choice {
            switch isUnsaved(app) {
            case true?: apps[app].stateLosses += 1
            case false?: break
            case nil: apps[app].lossUnknown = true
            }
        }
    }

    /// Whether the app holds unsaved state now; nil when the handler's end and this step share
    /// an instant in a timer step.
    func isUnsaved(_ app: AppIndex) -> Bool? {
        let model = apps[app]
        guard model.unsaved else { return false }
        if model.state.isForeground { return true }
        guard let saveAt = model.saveAt else { return true }
        // A 0 s handler saved within the event that sent the app to the background.
        if model.saveIsZeroLength || now > saveAt { return false }
        if now < saveAt { return true }
        // The handler ends at this instant: after any event, but maybe before this timer.
        return event != nil ? true : nil
    }

    mutating func takeObligation(_ app: AppIndex, _ what: Obligation) -> Bool {
        guard let index = apps[app].session?.obligations.firstIndex(where: { $0.what == what && $0.at == now }) else {
            return false
        }
        apps[app].session!.obligations.remove(at: index)
        return true
    }

    /// SPEC 6: the victim is the first candidate in the policy's order.
    mutating func checkVictimChoice(_ victim: AppIndex) {
        let candidates = apps.indices.filter { apps[$0].state.isResident && !apps[$0].state.isForeground }
        // The policy chose the victim before its purge.
        let purged = possiblePurge.flatMap { $0.app == victim ? $0.before : nil }
        let afterPurge = apps[victim].footprint
        if let purged { apps[victim].footprint = purged }
        let keys = policyKeys(candidates)
        apps[victim].footprint = afterPurge
        guard let keys else {
            stats.pressureKillsAmbiguous += 1
            return
        }
        stats.pressureKillsChecked += 1
        stats.maxCandidates = max(stats.maxCandidates, candidates.count)
        guard let best = zip(candidates, keys).min(by: { $0.1.lexicographicallyPrecedes($1.1) }) else { return }
        if best.0 != victim {
            let described = zip(candidates, keys).map { "app\($0.0)(\(apps[$0.0].state.rawValue)) \($0.1)" }.joined(separator: ", ")
            fail("\(policyName) killed \(name(victim)), SPEC 6 kills \(name(best.0)) first; candidates: \(described)")
        }
    }

    /// Each candidate's kill-order key (smallest first), by SPEC 6; nil when a jetsam band is
    /// ambiguous at this instant.
    func policyKeys(_ candidates: [AppIndex]) -> [[Int64]]? {
        func tail(_ app: AppIndex) -> [Int64] { [Int64(apps[app].lastFrontmostOrder), Int64(app)] }
        switch policyName {
        case "largest-first":
            return candidates.map { [apps[$0].state == .suspended ? 0 : 1, -apps[$0].footprint.count] + tail($0) }
        case "lru":
            return candidates.map { [apps[$0].state == .suspended ? 0 : 1] + tail($0) }
        case "jetsam":
            var keys: [[Int64]] = []
            for app in candidates {
                if apps[app].state == .suspended, apps[app].frozen {
                    // SPEC 37: band 75 since its freeze or suspension; demoted, band 0 since then.
                    keys.append(apps[app].demoted ? [0, apps[app].demotedAt.count] + tail(app) : [75, apps[app].freezerBandAt.count] + tail(app))
                } else if apps[app].state == .suspended {
                    guard let aged = isAged(app) else { return nil }
                    let entered = aged ? apps[app].suspendedAt + device.agingMs : apps[app].suspendedAt
                    keys.append([aged ? 0 : 20, entered.count] + tail(app))
                } else {
                    keys.append([Int64(activeBand(app) ?? 0), apps[app].bandEntered.count] + tail(app))
                }
            }
            return keys
        case "lmkd":
            let previous = candidates.filter { apps[$0].lastFrontmostOrder > 0 }
                .max { apps[$0].lastFrontmostOrder < apps[$1].lastFrontmostOrder }
            let cached = candidates.filter { apps[$0].state == .suspended && $0 != previous && apps[$0].lastFrontmostOrder > 0 }
                .sorted { apps[$0].lastFrontmostOrder > apps[$1].lastFrontmostOrder }
            return candidates.map { app in
                var adj: Int64
                if apps[app].state == .background {
                    adj = apps[app].modes.isEmpty ? 500 : 200
                } else {
                    let rank = cached.firstIndex(of: app) ?? cached.count
                    adj = min(900 + 10 * Int64(rank), 999)
                }
                if app == previous { adj = min(adj, 700) }
                // SPEC 33: within one adj the heaviest only at 200 and below.
                return [-adj, adj <= 200 ? -apps[app].footprint.count : 0] + tail(app)
            }
        default:
            return nil
        }
    }

    mutating func applyTransition(_ app: AppIndex, from: LifecycleState, to: LifecycleState, cause: EventLog.TransitionCause) {
        apps[app].state = to
        if to == .active || to == .notRunning {
            apps[app].released = false
            apps[app].purged = false
        }
        if to == .notRunning { (apps[app].dynamic, apps[app].sessionMemory) = (0, 0) }
        if from.isForeground, !to.isForeground {
            frontmostEndCounter += 1
            apps[app].lastFrontmostOrder = frontmostEndCounter
        }
        switch to {
        case .inactive where from != .active:
            apps[app].unsaved = true
            apps[app].saveAt = nil
            apps[app].session = nil
            if from == .notRunning { apps[app].cold += 1 } else { apps[app].warm += 1 }
        case .background where from == .inactive:
            startForegroundLeave(app)
        case .background:
            if case .grant(let grant) = cause {
                startTaskRun(app, grant, launched: from == .notRunning)
            } else {
                startWake(app, launched: from == .notRunning)
            }
        case .suspended:
            apps[app].suspendedAt = now
            apps[app].session = nil
        case .notRunning:
            apps[app].session = nil
            apps[app].modes = []
            if frontmost == app {
                frontmost = nil
                alertShowing = false
            }
        case .active, .inactive:
            break
        }
        refreshBand(app)
    }

    /// SPEC 4 for an app that just got `applicationDidEnterBackground` at `now`.
    mutating func startForegroundLeave(_ app: AppIndex) {
        let profile = profiles[app]
        if profile.exitsOnSuspend {
            apps[app].expect = .willTerminate
            apps[app].session = Session(start: now, earliestSuspend: nil, zeroLength: false, suspendCause: .timer(.handlerDone))
            return
        }
        var session = Session(start: now, earliestSuspend: nil, zeroLength: false, suspendCause: .timer(.handlerDone))
        let handler = profile.didEnterBackgroundMs
        var handlerEnd: Millis? = now + handler
        if handler > device.didEnterBackgroundLimitMs {
            session.obligations.append((now + device.didEnterBackgroundLimitMs, .watchdog))
            handlerEnd = nil
            apps[app].saveAt = nil
        } else if profile.savesState {
            apps[app].saveAt = now + handler
            apps[app].saveIsZeroLength = handler == 0
        } else {
            apps[app].saveAt = nil
        }
        var taskEnd: Millis?
        var taskCause = EventLog.TransitionCause.timer(.taskDone)
        var killedAtExpiry = false
        let task = profile.backgroundTaskMs
        if task > 0 {
            if task > device.backgroundTaskLimitMs {
                session.obligations.append((now + device.backgroundTaskLimitMs, .expirationHandler))
                taskEnd = now + device.backgroundTaskLimitMs
                taskCause = .timer(.taskExpired)
                killedAtExpiry = !profile.endsTaskOnExpiration
            } else {
                taskEnd = now + task
            }
        }
        if let handlerEnd, !killedAtExpiry {
            if let taskEnd, taskEnd >= handlerEnd {
                session.earliestSuspend = taskEnd
                session.suspendCause = taskCause
            } else {
                session.earliestSuspend = handlerEnd
                session.suspendCause = .timer(.handlerDone)
            }
            session.zeroLength = handler == 0 && task == 0
        }
        apps[app].session = session
    }

    /// SPEC 3 `wake`: a suspended or not-running app runs `wake_work_s` in the background.
    mutating func startWake(_ app: AppIndex, launched: Bool) {
        guard let event, case .wake(_, let mode) = event.action else { return }
        if launched {
            apps[app].unsaved = false
            apps[app].saveAt = nil
        }
        let window = mode == .processing ? device.processingWindowMs : device.wakeWindowMs
        let work = profiles[app].wakeWorkMs
        var session = Session(start: now, earliestSuspend: nil, zeroLength: work == 0, suspendCause: .timer(.wakeDone))
        if work > window {
            session.obligations.append((now + window, .wakeTimeout))
        } else {
            session.earliestSuspend = now + work
        }
        apps[app].session = session
    }
}

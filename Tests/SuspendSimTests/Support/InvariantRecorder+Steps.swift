@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// The independent model (`InvariantRecorder`): each step's scenario event (SPEC 3) and the
/// checks after it.
extension InvariantRecorder {
    // MARK: Steps

    /// Called before each step with the scenario event it runs (nil for a timer).
    mutating func beginStep(at time: Millis, event: ScenarioEvent?, index: Int) {
        // SPEC 12, 16: with `initial:`, the engine's initializer ran the time-0 check; it ends
        // like a step, against the first pressure rows.
        if stats.steps == 0, !scenario.initial.isEmpty { endStep(engineFreeKiB: lastRecordedFree) }
        startSettledFree()
        reaperKilledThisStep = false
        if time < now { fail("time went back from \(now) to \(time)") }
        if let end = scenario.endMs, time > end { fail("step at \(time) after end_s \(end)") }
        now = time
        self.event = event
        eventIndex = index
        stats.steps += 1
        sawSkip = false
        possiblePurge = nil
        predictedSkip = false
        warnedThisStep = []
        wakeCallbacksThisStep = 0
        guard let event else { return }
        predictedSkip = applyEvent(event.action)
    }

    /// SPEC 3: whether the event is a no-op, and its effect on the model's global state.
    mutating func applyEvent(_ action: ScenarioEvent.Action) -> Bool {
        switch action {
        case .open(let app):
            if locked || call == .ringing || frontmost == app { return true }
            if case .inProgress(let returnTo, _) = call { call = .inProgress(returnTo: returnTo, userOpened: true) }
            bringToFront(app)
        case .home:
            if locked || call == .ringing || frontmost == nil { return true }
            frontmost = nil
            alertShowing = false
        case .close(let app):
            // SPEC 13: home when the app is frontmost, skipped otherwise.
            if frontmost != app || locked || call == .ringing { return true }
            frontmost = nil
            alertShowing = false
        case .lock:
            if locked { return true }
            locked = true
        case .unlock:
            if !locked { return true }
            locked = false
            _ = applyTaskEvent(action)
        case .alert:
            if frontmost == nil || alertShowing { return true }
            alertShowing = true
        case .alertDismiss:
            if !alertShowing { return true }
            alertShowing = false
        case .alertReply:
            if !alertShowing { return true }
            alertShowing = false
            frontmost = nil
        case .call:
            if call != .none { return true }
            call = .ringing
        case .callDecline:
            if call != .ringing { return true }
            call = .none
        case .callAnswer:
            if call != .ringing { return true }
            call = .inProgress(returnTo: frontmost, userOpened: false)
            frontmost = nil
            alertShowing = false
        case .callEnd:
            guard case .inProgress(let returnTo, let userOpened) = call else { return true }
            call = .none
            if !userOpened, let returnTo { bringToFront(returnTo) }
        case .forceQuit(let app):
            if locked || call == .ringing || apps[app].state == .notRunning { return true }
            _ = applyTaskEvent(action)
            if frontmost == app {
                frontmost = nil
                alertShowing = false
            }
            apps[app].userTerminated = true
        case .wake(let app, let mode):
            if !profiles[app].backgroundModes.contains(mode) { return true }
            if apps[app].state == .notRunning {
                if apps[app].userTerminated { return true }
                apps[app].modes = []
            }
        case .startMode(let app, let mode):
            if !isRunningCode(app) || !profiles[app].backgroundModes.contains(mode) || apps[app].modes.contains(mode) {
                return true
            }
            apps[app].modes.insert(AppProfile.BackgroundModes(mode))
            refreshBand(app)
        case .stopMode(let app, let mode):
            if !isRunningCode(app) || !profiles[app].backgroundModes.contains(mode) || !apps[app].modes.contains(mode) {
                return true
            }
            apps[app].modes.remove(AppProfile.BackgroundModes(mode))
            refreshBand(app)
        case .allocate(let app, let kib):
            if !isRunningCode(app) { return true }
            apps[app].dynamic = max(0, apps[app].dynamic + kib)
        case .allocateSession(let app, let kib):
            if !isRunningCode(app) { return true }
            apps[app].sessionMemory = max(0, apps[app].sessionMemory + kib)
        case .systemAllocate(let kib):
            systemKiB = max(0, systemKiB + kib)
        case .charge, .lowPower:
            return applyTaskEvent(action)
        }
        return false
    }

    /// `app` becomes frontmost, as by `open` (SPEC 3); a cold launch by the user puts its
    /// declared continuous modes in use (SPEC 4.4).
    mutating func bringToFront(_ app: AppIndex) {
        frontmost = app
        alertShowing = false
        if apps[app].state == .notRunning {
            apps[app].userTerminated = false
            apps[app].modes = profiles[app].backgroundModes.intersection(.continuous)
        }
    }

    /// Called after each step with the engine's free memory.
    mutating func endStep(engineFreeKiB: KiB) {
        let free = modelFreeKiB
        if engineFreeKiB != free { fail("free \(engineFreeKiB) KiB, but ram - reserved - system - footprints = \(free)") }
        if lastRecordedFree != engineFreeKiB { fail("last pressure row \(lastRecordedFree) KiB, free is \(engineFreeKiB)") }
        minFreeKiB = min(minFreeKiB, engineFreeKiB)
        sessionReleasing = []
        if event != nil, predictedSkip != sawSkip {
            fail(predictedSkip ? "the event should be skipped (SPEC 3) but ran" : "the event was skipped but SPEC 3 runs it")
        }
        if let event, case .wake(let app, let mode) = event.action, !predictedSkip, wakeCallbacksThisStep != 1 {
            fail("wake of \(name(app)) (\(mode.rawValue)) delivered \(wakeCallbacksThisStep) wake callbacks, not 1")
        }

        var foreground: [AppIndex] = []
        var candidates = 0
        var resident = 0
        var agedIdle = 0
        for index in apps.indices {
            let app = apps[index]
            if let expect = app.expect { fail("\(name(index)) still waits for \(expect) at the end of the step") }
            if app.state.isForeground { foreground.append(index) }
            if app.state.isResident {
                resident += 1
                if !app.state.isForeground { candidates += 1 }
                // SPEC 11: the limit of the app's state (`app_background_limit_mb` in background and suspended).
                if app.footprint > device.appLimitKiB(in: app.state) {
                    fail("\(name(index)) footprint \(app.footprint) KiB above its \(app.state.rawValue) limit \(device.appLimitKiB(in: app.state)) after the check (SPEC 5, 11)")
                }
                if app.state == .suspended, inIdleBand(index) == true { agedIdle += 1 }
            } else if app.footprint != 0 {
                fail("\(name(index)) is not running but holds \(app.footprint) KiB")
            }
            if app.footprint < 0 { fail("\(name(index)) footprint \(app.footprint) KiB is negative") }
            if app.footprint != expectedFootprint(index) {
                fail("\(name(index)) holds \(app.footprint) KiB at the end of the step, SPEC 5 gives \(expectedFootprint(index))")
            }
            checkBackgroundDeadlines(index)
        }
        if foreground.count > 1 { fail("apps \(foreground) are all in the foreground") }
        if foreground.first != frontmost {
            fail("frontmost by SPEC 3 is \(String(describing: frontmost)), by the transitions \(foreground)")
        } else if let front = frontmost {
            let want: LifecycleState = covered ? .inactive : .active
            if apps[front].state != want {
                fail("frontmost \(name(front)) is \(apps[front].state.rawValue); covered=\(covered) so it should be \(want.rawValue)")
            }
        }
        if policyName == "lmkd" {
            let list = apps.indices.filter { apps[$0].state.isResident && !apps[$0].state.isForeground }
            if let missed = levelLoopMissedKill(free: free, candidates: list) { fail(missed) }
        } else if free < device.criticalFreeKiB, candidates > 0 {
            fail("free \(free) KiB < critical \(device.criticalFreeKiB) after the check with \(candidates) candidates left (SPEC 5 step 3)")
        }
        if free < 0, resident > 0 {
            fail("free \(free) KiB < 0 after the check with \(resident) resident apps (SPEC 5 step 4)")
        }
        if policyName == "jetsam", free < device.idleFreeKiB, agedIdle > 0 {
            fail("free \(free) KiB < idle \(device.idleFreeKiB) with \(agedIdle) idle (band 0) apps left (SPEC 6 jetsam)")
        }

        // Memory warnings (SPEC 5): an episode starts when free drops below warning_free_mb.
        endPressureCheck()
        settleFinishedTasks()
        checkNothingGrantable()
    }

    /// SPEC 4: a stay in the background ends on time.
    mutating func checkBackgroundDeadlines(_ index: AppIndex) {
        guard let session = apps[index].session else { return }
        for obligation in session.obligations where obligation.at < now {
            fail("\(name(index)): \(obligation.what) due at \(obligation.at) ms did not happen")
        }
        if apps[index].state == .background, apps[index].modes.isEmpty, let earliest = session.earliestSuspend,
           now > earliest || (now == earliest && session.zeroLength), apps[index].expect == nil
        {
            fail("\(name(index)) should have been suspended at \(earliest) ms (\(session.suspendCause)); nothing keeps it running")
        }
    }

    /// A problem the driver found (the engine's stepping itself).
    mutating func noteDriverProblem(_ message: String) {
        fail(message)
    }

    /// Called once after the run, with its result.
    mutating func finish<R>(result: SimulationResult<R>) {
        startSettledFree()
        event = nil
        let end = scenario.endMs
        for index in apps.indices {
            let app = apps[index]
            if let session = app.session {
                for obligation in session.obligations where end.map({ obligation.at <= $0 }) ?? true {
                    fail("\(name(index)): \(obligation.what) due at \(obligation.at) ms never happened")
                }
                if app.state == .background, app.modes.isEmpty, let earliest = session.earliestSuspend,
                   end.map({ earliest <= $0 }) ?? true
                {
                    fail("\(name(index)) never suspended (due at \(earliest) ms)")
                }
            }
            let outcome = result.apps[index]
            if outcome.finalState != app.state || outcome.survived != app.state.isResident {
                fail("\(name(index)) final state \(outcome.finalState.rawValue), transitions say \(app.state.rawValue)")
            }
            if outcome.footprintKiB != app.footprint { fail("\(name(index)) final footprint \(outcome.footprintKiB) != \(app.footprint)") }
            if (outcome.coldLaunches, outcome.warmLaunches) != (app.cold, app.warm) {
                fail("\(name(index)) launches cold/warm \(outcome.coldLaunches)/\(outcome.warmLaunches), transitions say \(app.cold)/\(app.warm)")
            }
            if (outcome.pressureKills, outcome.otherKills) != (app.pressureKills, app.otherKills) {
                fail("\(name(index)) kills pressure/other \(outcome.pressureKills)/\(outcome.otherKills), evictions say \(app.pressureKills)/\(app.otherKills)")
            }
            if !app.lossUnknown, outcome.stateLosses != app.stateLosses {
                fail("\(name(index)) state losses \(outcome.stateLosses), SPEC 4/5 say \(app.stateLosses)")
            }
        }
        checkSettledMinimum(result.minFreeKiB)
        if result.pressureEvictionOrder != pressureOrder { fail("pressure eviction order differs from the kills recorded") }
        let expectedEvents = scenario.events.filter { event in end.map { event.atMs <= $0 } ?? true }.count
        if result.eventsRun != expectedEvents { fail("ran \(result.eventsRun) events, \(expectedEvents) are at or before end_s") }
        finishTasks(result: result)
    }
}

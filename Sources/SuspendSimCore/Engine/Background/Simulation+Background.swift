/// Background execution (SPEC 4): opting out, the `applicationDidEnterBackground` handler and
/// its watchdog, the finite-length task and its expiration, continuous modes, suspension.
extension Simulation {
    /// Runs the rules of SPEC 4 for an app that just got `applicationDidEnterBackground`.
    mutating func didEnterBackground(_ index: AppIndex, cause: EventLog.TransitionCause) {
        // SPEC 29: the app submits its task requests as the callback is logged, before the steps.
        if tasks.isEnabled, !profiles[index].bgTasks.isEmpty { submitTaskRequests(of: index) }
        // 1. Opt-out: UIApplicationExitsOnSuspend.
        if profiles[index].exitsOnSuspend {
            kill(index, reason: .exitsOnSuspend)
            return
        }
        // 2. The handler, watched by the watchdog.
        let handlerMs = profiles[index].didEnterBackgroundMs
        if handlerMs > device.didEnterBackgroundLimitMs {
            apps[index].begin(.handler)
            schedule(.watchdog, after: device.didEnterBackgroundLimitMs, for: index)
        } else if handlerMs > .zero {
            apps[index].begin(.handler)
            schedule(.handlerDone, after: handlerMs, for: index)
        }
        // 3. The finite-length task, begun inside the handler; its limit counts from now.
        let taskMs = profiles[index].backgroundTaskMs
        if taskMs > .zero {
            apps[index].begin(.task)
            if taskMs > device.backgroundTaskLimitMs {
                schedule(.taskExpired, after: device.backgroundTaskLimitMs, for: index)
            } else {
                schedule(.taskDone, after: taskMs, for: index)
            }
        }
        // A 0 s handler ends within the event (SPEC 10).
        if handlerMs == .zero {
            saveStateIfItSaves(index)
            suspendIfIdle(index, cause: .timer(.handlerDone))
        }
    }

    /// The handler completed: an app with `saves_state` saves now.
    mutating func finishHandler(of index: AppIndex) {
        apps[index].end(.handler)
        saveStateIfItSaves(index)
        suspendIfIdle(index, cause: .timer(.handlerDone))
    }

    mutating func finishTask(of index: AppIndex) {
        apps[index].end(.task)
        suspendIfIdle(index, cause: .timer(.taskDone))
    }

    /// The task reached its limit: `expirationHandler`; the app ends the task (and suspends
    /// once nothing else keeps it running) or, with `ends_task_on_expiration: false`, is
    /// killed, even when a continuous mode is in use (SPEC 10).
    mutating func expireTask(of index: AppIndex) {
        call(.expirationHandler, on: index)
        guard profiles[index].endsTaskOnExpiration else {
            kill(index, reason: .backgroundTaskExpired)
            return
        }
        apps[index].end(.task)
        suspendIfIdle(index, cause: .timer(.taskExpired))
    }

    /// An app with `saves_state` has no unsaved state once its handler has run (SPEC 4).
    /// Inlined: a call cost more than the test (docs/performance.md, "The run's thread from
    /// the first event to the last").
    @inline(__always)
    private mutating func saveStateIfItSaves(_ index: AppIndex) {
        if profiles[index].savesState { apps[index].hasUnsavedState = false }
    }

    /// Suspends an app in `background` once nothing keeps it running (SPEC 4.5). An app that
    /// opts out of background execution terminates instead (it can get here after a wake).
    mutating func suspendIfIdle(_ index: AppIndex, cause: EventLog.TransitionCause) {
        guard apps[index].state == .background, !apps[index].hasReasonToRun else { return }
        if profiles[index].exitsOnSuspend {
            kill(index, reason: .exitsOnSuspend)
            return
        }
        setState(index, .suspended, cause: cause)
        apps[index].suspensionEpoch &+= 1
        // SPEC 37: a frozen app goes straight to the freezer's band, with no aging.
        if traits.tracksAging, !apps[index].freezer.isFrozen { schedule(.agingDone, after: device.agingMs, for: index) }
    }

    /// `start_mode`: a continuous mode begins being used. Needs the app running code and
    /// declaring the mode; starting a mode already in use is skipped (SPEC 10).
    mutating func startMode(_ mode: BackgroundMode, of index: AppIndex) {
        guard apps[index].isRunningCode else { return skip(.startMode, app: index, .notRunningCode) }
        guard profiles[index].backgroundModes.contains(mode) else { return skip(.startMode, app: index, .modeNotDeclared) }
        guard !apps[index].modesInUse.contains(mode) else { return skip(.startMode, app: index, .modeAlreadyInUse) }
        apps[index].modesInUse.insert(AppProfile.BackgroundModes(mode))
        appDidChange(index)
    }

    /// `stop_mode`: a continuous mode stops being used; stopping the last reason to run while
    /// in `background` suspends the app.
    mutating func stopMode(_ mode: BackgroundMode, of index: AppIndex) {
        guard apps[index].isRunningCode else { return skip(.stopMode, app: index, .notRunningCode) }
        guard profiles[index].backgroundModes.contains(mode) else { return skip(.stopMode, app: index, .modeNotDeclared) }
        guard apps[index].modesInUse.contains(mode) else { return skip(.stopMode, app: index, .modeNotInUse) }
        apps[index].modesInUse.remove(AppProfile.BackgroundModes(mode))
        appDidChange(index)
        suspendIfIdle(index, cause: .event(.stopMode))
    }
}

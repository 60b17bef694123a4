/// Launches, app switches, the home screen and force-quit (SPEC 3).
extension Simulation {
    /// `open: APP`: the frontmost app leaves, then APP launches cold or warm.
    mutating func open(_ index: AppIndex, cause: ScenarioEvent.Kind) {
        if let reason = screen.switchingBlocked { return skip(cause, app: index, reason) }
        if screen.frontmost == index { return skip(cause, app: index, .alreadyFrontmost) }
        screen.noteAppOpenedDuringCall()
        leaveForeground(cause: .event(cause))
        bringToForeground(index, cause: .event(cause))
    }

    /// `home`: the frontmost app leaves; the home screen is frontmost.
    mutating func goHome() {
        if let reason = screen.switchingBlocked { return skip(.home, reason) }
        guard screen.frontmost != nil else { return skip(.home, .noFrontmostApp) }
        leaveForeground(cause: .event(.home))
    }

    /// `close: APP` (a usage trace's `Closed`, SPEC 13): `home` when APP is frontmost; skipped,
    /// as event `home` naming APP, otherwise.
    mutating func close(_ index: AppIndex) {
        guard screen.frontmost == index else { return skip(.home, app: index, .notFrontmost) }
        goHome()
    }

    /// The frontmost app leaves the foreground: `applicationWillResignActive` (if active),
    /// `applicationDidEnterBackground`, then the background rules of SPEC 4. Its alert goes.
    /// As that callback is logged, the app gives back its session memory (SPEC 32), in the
    /// one `memory.csv` row of its change to `background`.
    mutating func leaveForeground(cause: EventLog.TransitionCause) {
        guard let index = screen.frontmost else { return }
        if apps[index].state == .active { resignActive(index, cause: cause) }
        call(.didEnterBackground, on: index)
        apps[index].memory.sessionKiB = .zero
        clearFrontmost()
        setState(index, .background, cause: cause)
        didEnterBackground(index, cause: cause)
    }

    /// App `index` becomes frontmost: a cold launch from `not-running`, a warm launch from
    /// `background` or `suspended` (its pending background timers are cancelled), then
    /// `applicationDidBecomeActive` unless something covers it.
    mutating func bringToForeground(_ index: AppIndex, cause: EventLog.TransitionCause) {
        switch apps[index].state {
        case .notRunning:
            apps[index].stats.coldLaunches += 1
            recorder.record(EventLog.Launch(timeMs: nowMs, app: index, cold: true, waitMs: profiles[index].coldLaunchMs))
            apps[index].userTerminated = false
            // SPEC 4: declared continuous modes are in use from every launch by the user.
            apps[index].modesInUse = profiles[index].backgroundModes.intersection(.continuous)
            call(.willFinishLaunching, on: index)
            call(.didFinishLaunching, on: index)
            _ = connectSceneIfNeeded(of: index)
        case .background, .suspended:
            apps[index].stats.warmLaunches += 1
            // SPEC 22, 37: a compressed app decompresses, an app on flash is read back.
            let decompression = countDecompressionWait(of: index) + countThawWait(of: index)
            recorder.record(EventLog.Launch(timeMs: nowMs, app: index, cold: false, waitMs: profiles[index].resumeMs + decompression))
            // SPEC 29: opening the app ends its running task, as a warm launch ends a wake.
            if tasks.isEnabled { endRunningTask(of: index, outcome: .opened) }
            // Its background work ends as it leaves `background` (`setState` below).
            apps[index].timerEpoch &+= 1
            if !connectSceneIfNeeded(of: index) { call(.willEnterForeground, on: index) }
        case .active, .inactive:
            preconditionFailure("Invalid state \(apps[index].state) for a launch of app \(index)")
        }
        screen.frontmost = index
        apps[index].hasUnsavedState = true
        setState(index, .inactive, cause: cause)
        becomeActiveIfUncovered(cause: cause)
    }

    /// `applicationWillResignActive`: `active` -> `inactive`.
    mutating func resignActive(_ index: AppIndex, cause: EventLog.TransitionCause) {
        call(.willResignActive, on: index)
        setState(index, .inactive, cause: cause)
    }

    /// `applicationDidBecomeActive` for an `inactive` frontmost app that nothing covers.
    mutating func becomeActiveIfUncovered(cause: EventLog.TransitionCause) {
        guard let index = screen.frontmost, apps[index].state == .inactive, !screen.isCovered else { return }
        call(.didBecomeActive, on: index)
        setState(index, .active, cause: cause)
    }

    /// `force_quit: APP`: a suspended app vanishes silently; a background one gets
    /// `applicationWillTerminate`; the frontmost one `applicationWillResignActive` (if
    /// active) and vanishes. No wake relaunches it until the user opens it again.
    mutating func forceQuit(_ index: AppIndex) {
        if let reason = screen.switchingBlocked { return skip(.forceQuit, app: index, reason) }
        switch apps[index].state {
        case .notRunning:
            return skip(.forceQuit, app: index, .notRunning)
        case .active:
            resignActive(index, cause: .event(.forceQuit))
        case .inactive, .background, .suspended:
            break
        }
        kill(index, reason: .forceQuit)
        apps[index].userTerminated = true
        if tasks.isEnabled { cancelTaskRequests(of: index) }
    }
}

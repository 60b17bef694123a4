/// Wakes: background fetch, silent push, newsstand content and BGProcessingTask (SPEC 3).
extension Simulation {
    /// `wake: {app, mode}`: the system grants app `index` a background run in `mode`.
    ///
    /// A suspended app goes to `background`, gets the mode's callback, runs `wake_work_s`
    /// and suspends. A not-running app (not force-quit by the user) is launched straight into
    /// the background first (`willFinishLaunching`, `didFinishLaunching`, no
    /// `applicationDidBecomeActive`), with no continuous mode in use. An app that is
    /// frontmost or already in `background` gets the callback only. Work that outlasts the
    /// window (`wake_window_s`, or `processing_window_s`) gets the app killed (`wake-timeout`).
    mutating func wake(_ index: AppIndex, mode: BackgroundMode) {
        guard profiles[index].backgroundModes.contains(mode), let callback = mode.wakeCallback else {
            return skip(.wake, app: index, .modeNotDeclared)
        }
        switch apps[index].state {
        case .notRunning:
            if apps[index].userTerminated { return skip(.wake, app: index, .userTerminated) }
            call(.willFinishLaunching, on: index)
            call(.didFinishLaunching, on: index)
            apps[index].modesInUse = []
            apps[index].hasUnsavedState = false
            setState(index, .background, cause: .event(.wake))
        case .suspended:
            setState(index, .background, cause: .event(.wake))
        case .active, .inactive, .background:
            call(callback, on: index)
            return
        }
        call(callback, on: index)
        let windowMs = mode == .processing ? device.processingWindowMs : device.wakeWindowMs
        let workMs = profiles[index].wakeWorkMs
        apps[index].begin(.wake)
        if workMs > windowMs {
            schedule(.wakeTimeout, after: windowMs, for: index)
        } else if workMs > .zero {
            schedule(.wakeDone, after: workMs, for: index)
        } else {
            // 0 s of work ends within the event (SPEC 10).
            finishWake(of: index)
        }
    }

    mutating func finishWake(of index: AppIndex) {
        apps[index].end(.wake)
        suspendIfIdle(index, cause: .timer(.wakeDone))
    }
}

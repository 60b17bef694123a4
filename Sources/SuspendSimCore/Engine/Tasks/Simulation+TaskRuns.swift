/// Granted task requests (SPEC 28, 29): a grant is a background run, as a `wake` is, in mode
/// `fetch` (`BGAppRefreshTask`) or `processing` (`BGProcessingTask`); its work, its window and
/// `BGTask.expirationHandler`; the unlock that ends a processing task; and how a running task
/// ends when the app is opened or terminated.
extension Simulation {
    /// Grants app `index`'s pending request of `kind`: a `not-running` app is launched into the
    /// background (`willFinishLaunching`, `didFinishLaunching`, no scene, no continuous mode in
    /// use); a `suspended` one goes to `background` (causes `bg-refresh`, `bg-processing`).
    /// Then the kind's launch handler, and the work: `work_s`, within `refresh_window_s` or
    /// `processing_window_s`. A grant is neither a cold nor a warm launch (SPEC 29).
    mutating func grantTask(_ kind: AppProfile.TaskRequest.Kind, to index: AppIndex) {
        guard let pending = tasks.apps[index][kind] else { preconditionFailure("Granting app \(index) no \(kind) request") }
        tasks.apps[index][kind] = nil
        tasks.pendingCount -= 1
        let cause = EventLog.TransitionCause.grant(EventLog.GrantCause(kind))
        switch apps[index].state {
        case .notRunning:
            call(.willFinishLaunching, on: index)
            call(.didFinishLaunching, on: index)
            apps[index].modesInUse = []
            apps[index].hasUnsavedState = false
            setState(index, .background, cause: cause)
        case .suspended:
            setState(index, .background, cause: cause)
        case .active, .inactive, .background:
            preconditionFailure("Granting a task to app \(index) in state \(apps[index].state)")
        }
        call(kind.launchHandler, on: index)
        tasks.records[pending.seq - 1].grantedMs = nowMs
        tasks.records[pending.seq - 1].outcome = .running
        tasks.apps[index].running = AppTaskRequests.Running(seq: pending.seq, kind: kind)
        switch kind {
        case .refresh:
            tasks.apps[index].lastRefreshGrantMs = nowMs
            tasks.apps[index].refreshRuns += 1
        case .processing:
            tasks.apps[index].processingRuns += 1
        }
        apps[index].begin(.bgTask)
        let windowMs = kind == .refresh ? device.refreshWindowMs : device.processingWindowMs
        let epoch = UInt32(truncatingIfNeeded: pending.seq)
        // Work equal to the window completes (SPEC 29); 0 s of work ends within the grant.
        if pending.workMs > windowMs {
            timers.schedule(at: nowMs + windowMs, .bgExpired, app: index, epoch: epoch)
        } else if pending.workMs > .zero {
            timers.schedule(at: nowMs + pending.workMs, .bgDone, app: index, epoch: epoch)
        } else {
            finishTaskWork(of: index)
        }
    }

    /// The task's work completed (`completed`): the app is suspended unless it has another
    /// reason to run (cause `bg-done`).
    mutating func finishTaskWork(of index: AppIndex) {
        endRunningTask(of: index, outcome: .completed)
        suspendIfIdle(index, cause: .timer(.bgDone))
    }

    /// The task reached its window: `BGTask.expirationHandler`; with
    /// `ends_task_on_expiration: true` the app completes the task (`expired`) and is suspended
    /// unless it has another reason to run (cause `bg-expired`); with `false` it is killed
    /// (`background-task-expired`, no callback), as SPEC 4 rules for a finite task.
    mutating func expireTaskWork(of index: AppIndex) {
        call(.taskExpirationHandler, on: index)
        guard profiles[index].endsTaskOnExpiration else {
            return kill(index, reason: .backgroundTaskExpired)
        }
        endRunningTask(of: index, outcome: .expired)
        suspendIfIdle(index, cause: .timer(.bgExpired))
    }

    /// `unlock`: after the unlock's own callbacks, each running processing task, in scenario
    /// app order, gets `BGTask.expirationHandler` at once and ends (`expired`, whatever
    /// `ends_task_on_expiration` says); the app is suspended unless it has another reason to
    /// run. A pending processing request stays pending (SPEC 28, 29).
    mutating func endProcessingTasksAtUnlock() {
        for index in tasks.appsWithRequests where tasks.apps[index].running?.kind == .processing {
            call(.taskExpirationHandler, on: index)
            endRunningTask(of: index, outcome: .expired)
            suspendIfIdle(index, cause: .timer(.bgExpired))
        }
    }

    /// Whether a task timer is still live: it carries its request's row as its epoch, and is
    /// live while that request is pending (`task-due`) or its task runs (`bg-done`,
    /// `bg-expired`). Not inlined, so that `isLive` stays as small as before SPEC 28.
    @inline(never)
    func isLiveTaskTimer(_ timer: PendingTimer) -> Bool {
        let requests = tasks.apps[timer.app]
        switch timer.kind {
        case .taskDue: return requests.holds(epoch: timer.epoch)
        case .bgDone, .bgExpired: return requests.running.map { UInt32(truncatingIfNeeded: $0.seq) == timer.epoch } ?? false
        case .handlerDone, .taskDone, .taskExpired, .wakeDone, .watchdog, .wakeTimeout, .agingDone: preconditionFailure("Not a task timer: \(timer.kind)")
        }
    }

    /// Ends app `index`'s running task with `outcome` at this instant: its row, its work (its
    /// timer is dropped, as its epoch no longer names a running task). The caller changes the
    /// app's state: `opened` by a warm launch, `killed` by a termination (SPEC 28, 29).
    mutating func endRunningTask(of index: AppIndex, outcome: EventLog.TaskRecord.Outcome) {
        guard let running = tasks.running(index) else { return }
        tasks.records[running.seq - 1].endedMs = nowMs
        tasks.records[running.seq - 1].outcome = outcome
        tasks.apps[index].running = nil
        apps[index].end(.bgTask)
    }
}

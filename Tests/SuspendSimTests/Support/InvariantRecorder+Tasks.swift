@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// The independent model (`InvariantRecorder`): `BGTaskScheduler` requests (SPEC 28, 29),
/// written from the SPEC's words, not from the engine's `Simulation+TaskRequests` and
/// `+TaskRuns`. It submits at each `applicationDidEnterBackground` it sees, keeps its own
/// pending requests, device conditions and `tasks.csv` rows, checks that every grant is the
/// first grantable request when it happens and that nothing grantable is left after a step,
/// and compares its rows and run counts with the result at the end.
extension InvariantRecorder {
    /// The model's side of SPEC 28.
    struct TaskModel {
        struct Request {
            var seq: Int
            var due: Millis
            var work: Millis
            var requiresPower: Bool
        }

        struct Running {
            var seq: Int
            var kind: AppProfile.TaskRequest.Kind
            /// When its work completes (nil: it outlasts its window).
            var doneAt: Millis?
        }

        var charging: Bool
        var lowPower: Bool
        var pending: [AppIndex: [AppProfile.TaskRequest.Kind: Request]] = [:]
        var running: [AppIndex: Running] = [:]
        var lastRefreshGrant: [AppIndex: Millis] = [:]
        var rows: [EventLog.TaskRecord] = []
        /// Rows whose outcome the records cannot decide (a kill and the work's end at one
        /// instant in timer steps): not compared.
        var undecided: Set<Int> = []
        var grants = 0

        init(device: Device) {
            charging = device.charging
            lowPower = device.lowPower
        }
    }

    /// SPEC 28 "Submission": every entry of `bg_tasks`, in order, due at now + `earliest_s`, a
    /// refresh no earlier than the last refresh grant + `refresh_interval_s`; a submission
    /// replaces the pending request of its kind.
    mutating func submitRequests(_ app: AppIndex) {
        for entry in profiles[app].bgTasks {
            var due = now + entry.earliestMs
            if entry.kind == .refresh, let last = tasks.lastRefreshGrant[app] { due = max(due, last + device.refreshIntervalMs) }
            if let old = tasks.pending[app]?[entry.kind] { tasks.rows[old.seq - 1].outcome = .replaced }
            let seq = tasks.rows.count + 1
            tasks.rows.append(EventLog.TaskRecord(seq: seq, app: app, kind: entry.kind, submittedMs: now, dueMs: due, grantedMs: nil, endedMs: nil, outcome: .pending))
            tasks.pending[app, default: [:]][entry.kind] = TaskModel.Request(
                seq: seq, due: due, work: entry.workMs ?? profiles[app].wakeWorkMs, requiresPower: entry.requiresPower)
        }
    }

    /// SPEC 3, 28: a `charge` or `low_power` event (true when it is a no-op), a force-quit's
    /// cancellations, an unlock's end of processing tasks.
    mutating func applyTaskEvent(_ action: ScenarioEvent.Action) -> Bool {
        switch action {
        case .charge(let on):
            if tasks.charging == on { return true }
            tasks.charging = on
        case .lowPower(let on):
            if tasks.lowPower == on { return true }
            tasks.lowPower = on
        case .forceQuit(let app):
            for (_, request) in tasks.pending[app] ?? [:] { tasks.rows[request.seq - 1].outcome = .cancelled }
            tasks.pending[app] = nil
        case .unlock:
            for (app, running) in tasks.running where running.kind == .processing {
                endTask(app, .expired)
                apps[app].session = Session(start: now, earliestSuspend: now, zeroLength: true, suspendCause: .timer(.bgExpired),
                                            obligations: [(now, .taskExpiration)])
            }
        default:
            break
        }
        return false
    }

    /// Whether app `app`'s pending request of `kind` may be granted now (SPEC 28 "Grant").
    func isGrantable(_ app: AppIndex, _ kind: AppProfile.TaskRequest.Kind) -> Bool {
        guard let request = tasks.pending[app]?[kind], request.due <= now, !tasks.lowPower else { return false }
        guard apps[app].state == .suspended || apps[app].state == .notRunning, !apps[app].userTerminated else { return false }
        switch kind {
        case .refresh: return device.backgroundAppRefresh
        case .processing: return locked && (tasks.charging || !request.requiresPower)
        }
    }

    /// Every grantable request, in SPEC 28's order: due time, app order, refresh first.
    func grantableRequests() -> [(app: AppIndex, kind: AppProfile.TaskRequest.Kind)] {
        var found: [(due: Millis, app: AppIndex, kind: AppProfile.TaskRequest.Kind)] = []
        for app in apps.indices {
            for kind in AppProfile.TaskRequest.Kind.allCases where isGrantable(app, kind) {
                found.append((tasks.pending[app]![kind]!.due, app, kind))
            }
        }
        return found.sorted { ($0.due, $0.app, $0.kind == .refresh ? 0 : 1) < ($1.due, $1.app, $1.kind == .refresh ? 0 : 1) }
            .map { ($0.app, $0.kind) }
    }

    /// A launch or resume into `background` caused by a grant: it must be the first grantable
    /// request now; its launch handler follows.
    mutating func checkGrant(_ app: AppIndex, _ cause: EventLog.GrantCause) {
        let kind: AppProfile.TaskRequest.Kind = cause == .refresh ? .refresh : .processing
        tasks.grants += 1
        endPressureCheck()
        if let first = grantableRequests().first {
            if first.app != app || first.kind != kind { fail("\(name(app)) granted \(kind), SPEC 28 grants app\(first.app) \(first.kind) first") }
        } else {
            fail("\(name(app)) granted \(kind) with no grantable request (SPEC 28)")
        }
        apps[app].expect = .wakeCallback(kind.launchHandler)
    }

    /// SPEC 28: the run a grant starts: work within the window, `BGTask.expirationHandler` at
    /// the window, then a suspension (or, with `ends_task_on_expiration: false`, a kill).
    mutating func startTaskRun(_ app: AppIndex, _ cause: EventLog.GrantCause, launched: Bool) {
        let kind: AppProfile.TaskRequest.Kind = cause == .refresh ? .refresh : .processing
        guard let request = tasks.pending[app]?.removeValue(forKey: kind) else { return }
        if launched {
            apps[app].unsaved = false
            apps[app].saveAt = nil
        }
        if kind == .refresh { tasks.lastRefreshGrant[app] = now }
        tasks.rows[request.seq - 1].grantedMs = now
        tasks.rows[request.seq - 1].outcome = .running
        let window = kind == .refresh ? device.refreshWindowMs : device.processingWindowMs
        var session = Session(start: now, earliestSuspend: nil, zeroLength: request.work == 0, suspendCause: .timer(.bgDone), byGrant: true)
        if request.work > window {
            session.obligations.append((now + window, .taskExpiration))
            if profiles[app].endsTaskOnExpiration {
                session.earliestSuspend = now + window
                session.suspendCause = .timer(.bgExpired)
            }
        } else {
            session.earliestSuspend = now + request.work
        }
        apps[app].session = session
        tasks.running[app] = TaskModel.Running(seq: request.seq, kind: kind, doneAt: request.work <= window ? now + request.work : nil)
        // 0 s of work completes within the grant (SPEC 10's rule for a wake's work).
        if request.work == 0 { endTask(app, .completed) }
    }

    /// `BGTask.expirationHandler`: due now, from the window or an unlock.
    mutating func checkTaskExpiration(_ app: AppIndex, _ state: LifecycleState) {
        if state != .background || !takeObligation(app, .taskExpiration) {
            return badCallback(app, .taskExpirationHandler, state, "no task of this app expires now")
        }
        guard tasks.running[app] != nil else { return }  // an unlock ended it already
        if profiles[app].endsTaskOnExpiration { endTask(app, .expired) } else { apps[app].expect = .expiredKill }
    }

    /// App `app` leaves `background` for `to` (a warm launch, a kill) or is suspended: what
    /// becomes of its running task (SPEC 28, 29).
    mutating func settleTask(_ app: AppIndex, to: LifecycleState, cause: EventLog.TransitionCause) {
        guard let running = tasks.running[app] else { return }
        if let doneAt = running.doneAt, doneAt <= now {
            // The work's end at this very instant comes before a kill only in a timer step.
            if doneAt == now, to == .notRunning, event == nil, cause != .kill(.exitsOnSuspend) { tasks.undecided.insert(running.seq) }
            if doneAt < now || event == nil || to == .suspended { return endTask(app, .completed, at: doneAt) }
        }
        switch to {
        case .inactive: endTask(app, .opened)
        case .notRunning: endTask(app, .killed)
        case .suspended, .background, .active: break
        }
    }

    /// A task whose work completed while a continuous mode kept its app running.
    mutating func settleFinishedTasks() {
        for (app, running) in tasks.running {
            if let doneAt = running.doneAt, doneAt < now || (doneAt == now && event == nil) { endTask(app, .completed, at: doneAt) }
        }
    }

    mutating func endTask(_ app: AppIndex, _ outcome: EventLog.TaskRecord.Outcome, at time: Millis? = nil) {
        guard let running = tasks.running.removeValue(forKey: app) else { return }
        tasks.rows[running.seq - 1].endedMs = time ?? now
        tasks.rows[running.seq - 1].outcome = outcome
    }

    /// A grant follows a pressure check that has ended (the event's or timer's, or the last
    /// grant's): its warnings are judged as at the end of a step, and the episode as it stands
    /// (SPEC 5), so that the grant's own check may begin a new one.
    mutating func endPressureCheck() {
        let free = modelFreeKiB
        if !warnedThisStep.isEmpty {
            stats.warningBursts += 1
            if warnedThisStep != runningCodeAtFirstWarning {
                fail("memory warnings went to \(warnedThisStep), apps running code were \(runningCodeAtFirstWarning)")
            }
        } else if !inWarningEpisode, free < device.warningFreeKiB, apps.indices.contains(where: isRunningCode) {
            fail("free \(free) KiB < warning \(device.warningFreeKiB) and no warning was sent in a new episode")
        }
        inWarningEpisode = free < device.warningFreeKiB
        warnedThisStep = []
    }

    /// After a step: nothing grantable is left (SPEC 29: the check repeats until none is).
    mutating func checkNothingGrantable() {
        if let left = grantableRequests().first { fail("app\(left.app)'s \(left.kind) request is grantable after the step (SPEC 28)") }
    }

    /// At the end: the result's `tasks.csv` rows and run counts are the model's.
    mutating func finishTasks<R>(result: SimulationResult<R>) {
        settleFinishedTasks()
        if result.tasks.count != tasks.rows.count { fail("tasks.csv has \(result.tasks.count) rows, the model \(tasks.rows.count)") }
        for (engine, model) in zip(result.tasks, tasks.rows) where engine != model && !tasks.undecided.contains(model.seq) {
            fail("tasks.csv row \(engine), the model's \(model)")
        }
        for app in apps.indices {
            let granted = tasks.rows.filter { $0.app == app && $0.grantedMs != nil }
            let runs = (granted.count { $0.kind == .refresh }, granted.count { $0.kind == .processing })
            if (result.apps[app].refreshRuns, result.apps[app].processingRuns) != runs {
                fail("\(name(app)) refresh/processing runs \(result.apps[app].refreshRuns)/\(result.apps[app].processingRuns), grants say \(runs)")
            }
        }
    }
}

/// `BGTaskScheduler`'s requests (SPEC 28, 29): submission at each
/// `applicationDidEnterBackground`, replacement, cancellation by a force-quit, the device's
/// conditions (`charge`, `low_power`), and the check that grants what is due. Apple's
/// "BGTaskScheduler", "BGAppRefreshTaskRequest", "BGProcessingTaskRequest"; WWDC20
/// "Background execution demystified".
extension Simulation {
    /// App `index` got `applicationDidEnterBackground` (its scene's `sceneDidEnterBackground`):
    /// it submits every entry of `bg_tasks`, in the order listed, before SPEC 4's steps. A
    /// request is due at now + `earliest_s`; a refresh no earlier than the app's last refresh
    /// grant + `refresh_interval_s` (the rate limit). It replaces the app's pending request of
    /// its kind, and schedules its due timer even when already due (SPEC 29).
    mutating func submitTaskRequests(of index: AppIndex) {
        for entry in profiles[index].bgTasks {
            var dueMs = nowMs + entry.earliestMs
            if entry.kind == .refresh, let last = tasks.apps[index].lastRefreshGrantMs {
                dueMs = max(dueMs, last + device.refreshIntervalMs)
            }
            if let replaced = tasks.apps[index][entry.kind] {
                tasks.records[replaced.seq - 1].outcome = .replaced
            } else {
                tasks.pendingCount += 1
            }
            let seq = tasks.records.count + 1
            tasks.records.append(EventLog.TaskRecord(
                seq: seq, app: index, kind: entry.kind, submittedMs: nowMs, dueMs: dueMs,
                grantedMs: nil, endedMs: nil, outcome: .pending))
            tasks.apps[index][entry.kind] = AppTaskRequests.Pending(
                seq: seq, dueMs: dueMs, workMs: entry.workMs ?? profiles[index].wakeWorkMs,
                requiresPower: entry.requiresPower)
            timers.schedule(at: dueMs, .taskDue, app: index, epoch: UInt32(truncatingIfNeeded: seq))
        }
    }

    /// A force-quit cancels the app's pending requests (a system kill does not, SPEC 28).
    mutating func cancelTaskRequests(of index: AppIndex) {
        for kind in AppProfile.TaskRequest.Kind.allCases {
            guard let pending = tasks.apps[index][kind] else { continue }
            tasks.records[pending.seq - 1].outcome = .cancelled
            tasks.apps[index][kind] = nil
            tasks.pendingCount -= 1
        }
    }

    /// `charge: true|false`: plugged in or unplugged; the value already in force is a no-op.
    /// Unplugging ends no running task: it only holds pending ones (SPEC 29).
    mutating func setCharging(_ on: Bool) {
        guard tasks.charging != on else { return skip(.charge, .alreadyInForce) }
        tasks.charging = on
    }

    /// `low_power: true|false`: Low Power Mode on or off; the value already in force is a
    /// no-op. It ends no running task: it only holds pending ones (SPEC 29).
    mutating func setLowPower(_ on: Bool) {
        guard tasks.lowPower != on else { return skip(.lowPower, .alreadyInForce) }
        tasks.lowPower = on
    }

    /// The request check, after an event's or a timer's pressure check (SPEC 28, 29): grants
    /// the first grantable request by (due time, app order, refresh before processing), runs
    /// that grant's pressure check, and looks again until none is grantable.
    mutating func runTaskCheck() {
        while let (index, kind) = firstGrantableRequest() {
            grantTask(kind, to: index)
            runPressureCheck()
        }
    }

    /// The request the check grants next, if any: due at or before now (whether or not its
    /// timer has run), its app `suspended` or `not-running` and not user-terminated, Low Power
    /// Mode off; a refresh needs the Background App Refresh switch on, a processing task a
    /// locked device, and a charger if it requires power.
    ///
    /// - Complexity: O(a), a the apps that list `bg_tasks`.
    func firstGrantableRequest() -> (AppIndex, AppProfile.TaskRequest.Kind)? {
        guard !tasks.lowPower, tasks.pendingCount > 0 else { return nil }
        var best: (dueMs: Millis, index: AppIndex, kind: AppProfile.TaskRequest.Kind)?
        for index in tasks.appsWithRequests where isIdleForTask(index) {
            for kind in AppProfile.TaskRequest.Kind.allCases {
                guard let pending = tasks.apps[index][kind], pending.dueMs <= nowMs, conditionsHold(for: pending, kind) else { continue }
                // Apps come in scenario order and refresh before processing: only an earlier due time wins.
                if best.map({ pending.dueMs < $0.dueMs }) ?? true { best = (pending.dueMs, index, kind) }
            }
        }
        return best.map { ($0.index, $0.kind) }
    }

    /// The app is `suspended` or `not-running` and the user has not swiped it away: an app in
    /// the foreground, or already running in the background, waits (SPEC 28).
    private func isIdleForTask(_ index: AppIndex) -> Bool {
        switch apps[index].state {
        case .suspended, .notRunning: !apps[index].userTerminated
        case .active, .inactive, .background: false
        }
    }

    /// The device's conditions for a request of `kind` (SPEC 28); "locked" is after `lock`
    /// and before `unlock` (SPEC 29).
    private func conditionsHold(for pending: AppTaskRequests.Pending, _ kind: AppProfile.TaskRequest.Kind) -> Bool {
        switch kind {
        case .refresh: device.backgroundAppRefresh
        case .processing: screen.locked && (tasks.charging || !pending.requiresPower)
        }
    }
}

/// The events of one run of a `Workload`, made one at a time (see `Workload` for the model).
///
/// Five processes each keep the time of their next step: the user's sessions, calls,
/// alerts, allocations and wakes. `next()` runs the earliest step (ties in that order),
/// which queues its events in `pending` (a handful at most: an interruption's follow-ups, and
/// at most one `stop_mode` per continuous mode of each app, SPEC 41), and hands out the
/// earliest queued event once no process can make an earlier one.
struct WorkloadTimeline: EventSource {
    /// The independent random streams, one per process.
    enum Stream: UInt64 {
        case sessions = 1, calls, alerts, allocations, wakes
        /// The times continuous modes stay in use (SPEC 41 `mode_in_use_s`): a stream of its
        /// own, so that an app's key moves none of the other draws.
        case modes
    }

    private let workload: Workload
    private let zipf: ZipfTable
    /// The apps that declare a wake-only mode, with those modes.
    private let wakeable: [(app: AppIndex, modes: [BackgroundMode])]
    /// Per app, its continuous modes in SPEC 4's order and `mode_in_use_s`, when it gives the key
    /// and declares a continuous mode; nil otherwise.
    private let modeUse: [(modes: [BackgroundMode], meanMs: Millis)?]
    private let endMs: Millis

    private var sessionRNG: SplitMix64
    private var callRNG: SplitMix64
    private var alertRNG: SplitMix64
    private var allocationRNG: SplitMix64
    private var wakeRNG: SplitMix64
    private var modeRNG: SplitMix64

    /// The app in use; nil between sessions.
    private var current: AppIndex?
    /// Whether the user locked the phone (false before the first session).
    private var locked = false
    /// When each process next steps; `Millis.max` for never.
    private var sessionAt: Millis
    private var callAt: Millis = .max
    private var alertAt: Millis = .max
    private var allocationAt: Millis = .max
    private var wakeAt: Millis = .max
    private let alertIntervalMs: Millis?
    private let callIntervalMs: Millis?
    private let allocationIntervalMs: Millis?
    private let wakeIntervalMs: Millis?

    /// Events made but not handed out yet, in time order (ties in the order made).
    private var pending: [ScenarioEvent] = []

    init(workload: Workload, apps: [AppProfile], seed: UInt64, startMs: Millis) {
        self.workload = workload
        zipf = ZipfTable(count: apps.count, exponentThousandths: workload.zipfExponentThousandths)
        wakeable = apps.indices.compactMap { index in
            let modes = apps[index].backgroundModes.modes.filter { !$0.isContinuous }
            return modes.isEmpty ? nil : (index, modes)
        }
        modeUse = apps.map { app in
            let modes = app.backgroundModes.modes.filter(\.isContinuous)
            guard let mean = app.modeInUseMs, !modes.isEmpty else { return nil }
            return (modes, mean)
        }
        let (end, overflow) = startMs.addingReportingOverflow(workload.durationMs)
        endMs = overflow ? .max : end

        func stream(_ stream: Stream) -> SplitMix64 {
            SplitMix64(seed: BatchSeed.mix(seed &+ stream.rawValue))
        }
        sessionRNG = stream(.sessions)
        callRNG = stream(.calls)
        alertRNG = stream(.alerts)
        allocationRNG = stream(.allocations)
        wakeRNG = stream(.wakes)
        modeRNG = stream(.modes)

        callIntervalMs = workload.callsPerHour.meanIntervalMs()
        alertIntervalMs = workload.alertsPerHour.meanIntervalMs()
        allocationIntervalMs = workload.allocationsPerHour.meanIntervalMs()
        wakeIntervalMs = workload.wakesPerHour.meanIntervalMs(streams: wakeable.count)

        sessionAt = startMs
        callAt = Self.after(startMs, callIntervalMs, &callRNG)
        alertAt = Self.after(startMs, alertIntervalMs, &alertRNG)
        allocationAt = Self.after(startMs, allocationIntervalMs, &allocationRNG)
        wakeAt = Self.after(startMs, wakeIntervalMs, &wakeRNG)
    }

    mutating func next() -> ScenarioEvent? {
        while true {
            let step = min(sessionAt, callAt, alertAt, allocationAt, wakeAt)
            if let first = pending.first, first.atMs <= step {
                guard first.atMs <= endMs else { return finish() }
                pending.removeFirst()
                return first
            }
            guard step <= endMs else { return finish() }
            if step == sessionAt {
                stepSession(at: step)
            } else if step == callAt {
                stepCall(at: step)
            } else if step == alertAt {
                stepAlert(at: step)
            } else if step == allocationAt {
                stepAllocation(at: step)
            } else {
                stepWake(at: step)
            }
        }
    }

    /// Nothing is left before the end: drops what is queued.
    private mutating func finish() -> ScenarioEvent? {
        pending.removeAll()
        sessionAt = .max
        callAt = .max
        alertAt = .max
        allocationAt = .max
        wakeAt = .max
        return nil
    }

    // MARK: - Processes

    /// Opens an app, leaves one, or ends or begins a session.
    private mutating func stepSession(at time: Millis) {
        guard let app = current else {
            // The gap is over: unlock and open an app (the first session opens at once).
            if locked { queue(time, .unlock) }
            locked = false
            openApp(zipf.choose(&sessionRNG), at: time)
            return
        }
        if zipf.count > 1, !sessionRNG.chance(workload.homeShare) {
            let next = zipf.choose(&sessionRNG, excluding: app)
            openApp(next, at: time)
            stopModes(of: app, leftAt: time)
            return
        }
        queue(time, .home)
        queue(time, .lock)
        stopModes(of: app, leftAt: time)
        current = nil
        locked = true
        sessionAt = Self.after(time, workload.meanGapMs, &sessionRNG, zeroMeansNow: true)
    }

    private mutating func openApp(_ app: AppIndex, at time: Millis) {
        // Opened again before its modes stopped: no `stop_mode` for the stay that ends here.
        // Every event still queued is later than `time` (`next()` hands out the others first).
        if modeUse[app] != nil {
            pending.removeAll { event in
                if case .stopMode(app, _) = event.action { true } else { false }
            }
        }
        queue(time, .open(app))
        current = app
        sessionAt = Self.after(time, max(workload.meanDwellMs, Millis(1)), &sessionRNG)
    }

    /// A call rings; it is answered and ends, or is declined.
    private mutating func stepCall(at time: Millis) {
        queue(time, .call)
        var length = workload.ringMs
        if callRNG.chance(workload.answerShare) {
            queue(time &+ length, .callAnswer)
            length &+= Millis(callRNG.exponential(mean: workload.meanCallMs.count))
            queue(time &+ length, .callEnd)
        } else {
            queue(time &+ length, .callDecline)
        }
        pause(for: length)
        callAt = Self.after(time &+ length, callIntervalMs, &callRNG)
    }

    /// An alert covers the app in use; it is replied to or dismissed. Alerts while locked
    /// are not made (they would change nothing).
    private mutating func stepAlert(at time: Millis) {
        defer { alertAt = Self.after(alertAt, alertIntervalMs, &alertRNG) }
        guard let app = current else { return }
        queue(time, .alert)
        var length = workload.alertMs
        if alertRNG.chance(workload.replyShare) {
            queue(time &+ length, .alertReply)
            length &+= workload.replyMs
            queue(time &+ length, .open(app))
        } else {
            queue(time &+ length, .alertDismiss)
        }
        pause(for: length)
    }

    /// The app in use allocates a burst: session memory, given back when it leaves the
    /// foreground (SPEC 32).
    private mutating func stepAllocation(at time: Millis) {
        if let app = current {
            queue(time, .allocateSession(app, KiB(allocationRNG.exponential(mean: workload.meanAllocationKiB.count))))
        }
        allocationAt = Self.after(time, allocationIntervalMs, &allocationRNG)
    }

    /// The system wakes an app in one of its wake modes.
    private mutating func stepWake(at time: Millis) {
        let target = wakeable[Int(wakeRNG.uniform(below: UInt64(wakeable.count)))]
        let mode = target.modes[Int(wakeRNG.uniform(below: UInt64(target.modes.count)))]
        queue(time, .wake(target.app, mode))
        wakeAt = Self.after(time, wakeIntervalMs, &wakeRNG)
    }

    /// The app left the foreground at `time` with its continuous modes in use (each user launch
    /// puts them in use, SPEC 4): for each, in SPEC 4's order, an exponential time with mean
    /// `mode_in_use_s`, rounded half up to a ms, after which it stops (SPEC 41). A stop at or
    /// after the end of the run is dropped with the rest of the queue.
    private mutating func stopModes(of app: AppIndex, leftAt time: Millis) {
        guard let use = modeUse[app] else { return }
        for mode in use.modes {
            queue(Self.later(time, by: Millis(modeRNG.exponential(mean: use.meanMs.count))), .stopMode(app, mode))
        }
    }

    /// An interruption of `length` moves what the user does next later by as much.
    private mutating func pause(for length: Millis) {
        sessionAt = Self.later(sessionAt, by: length)
        alertAt = Self.later(alertAt, by: length)
        allocationAt = Self.later(allocationAt, by: length)
    }

    // MARK: - Helpers

    /// Queues an event, after any queued at the same time or earlier.
    private mutating func queue(_ time: Millis, _ action: ScenarioEvent.Action) {
        let event = ScenarioEvent(atMs: time, action)
        if let last = pending.last, last.atMs > time {
            let index = pending.firstIndex { $0.atMs > time } ?? pending.count
            pending.insert(event, at: index)
        } else {
            pending.append(event)
        }
    }

    /// `time` plus an exponential time of mean `mean`; never when `mean` is nil, or 0
    /// (unless `zeroMeansNow`: then `time`).
    private static func after(_ time: Millis, _ mean: Millis?, _ rng: inout SplitMix64, zeroMeansNow: Bool = false) -> Millis {
        guard let mean else { return .max }
        guard mean > .zero else { return zeroMeansNow ? time : .max }
        return later(time, by: Millis(rng.exponential(mean: mean.count)))
    }

    /// `time + delta`, saturating; `.max` stays never.
    private static func later(_ time: Millis, by delta: Millis) -> Millis {
        guard time != .max else { return .max }
        let (sum, overflow) = time.addingReportingOverflow(delta)
        return overflow ? .max : sum
    }
}

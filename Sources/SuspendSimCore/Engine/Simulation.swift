/// The discrete-event engine: one clock, the scenario's timeline, one timer queue (SPEC 7).
///
/// Time moves only in `step()`. A scenario event runs before a timer due at the same
/// instant; timers due together run in the order they were scheduled. After every event
/// and every timer, the pressure check of SPEC 5 runs.
///
/// ```swift
/// let result = Simulation.run(scenario)                 // default policy, in-memory log
/// let callbacks = result.log.callbacks(of: try scenario.app("com.example.a"))
/// ```
///
/// The lifecycle rules live in extensions, one concern each: `+Foreground` (open, home,
/// force-quit), `+Interruptions` (lock, alerts, calls), `+Background` (SPEC 4 and timers),
/// `+Wake`, `+Memory` (footprints and kills), `+PressureCheck`.
///
/// Its state has one owner per concern (`Engine/State/`), each a value stored in place:
/// `Screen` (the frontmost app and what covers it), `MemoryLedger` (what free memory is made
/// of), `PressureCheck` (the check's own state), `EventCursor` (the timeline read ahead),
/// `ReaperClock`, `EvictionTally`, `CompressorBook`, `FreezerBook` and `PolicyTraits`. The extensions read
/// as the rules; the owners keep their sums and flags consistent.
public struct Simulation<Recorder: SimulationRecorder> {
    public let scenario: Scenario
    /// The policy and the traits the engine asks of it at every step, read once.
    let traits: PolicyTraits
    var profiles: [AppProfile]
    var device: Device
    var apps: [AppRuntime]
    var timers = TimerQueue()
    /// The long-idle reaper's next tick, when it runs (SPEC 11).
    var reaper = ReaperClock()
    var victims: VictimIndex

    /// The simulated clock.
    public private(set) var nowMs: Millis = .zero
    /// The scenario's timeline: the next event, and the counts of those run and skipped.
    var events: EventCursor
    /// The frontmost app, the lock, the alert and the call (SPEC 3).
    var screen = Screen()
    /// System, resident and compressed memory: what free memory is made of (SPEC 1, 22, 30).
    var ledger: MemoryLedger
    /// The pressure check's own state: apps over their limit, the compression step's stop,
    /// the warning episode, settled free memory's low point (SPEC 5, 32).
    var pressure = PressureCheck()
    /// The kills so far and the pressure kills' order (SPEC 14).
    var evictions = EvictionTally()
    /// The compressor's order of suspended apps and its warm launches' waits (SPEC 22, 23).
    var compression = CompressorBook()
    /// The freezer's budget, last freeze, frozen count and daily tick (SPEC 37).
    var freezer: FreezerBook
    /// `initial:` apps are being placed: free memory's changes are not recorded one by one,
    /// since `pressure.csv` starts with the device as found (SPEC 20).
    var isPlacingInitialApps = false
    /// `BGTaskScheduler`'s requests and the device's conditions for them (SPEC 28).
    var tasks: TaskScheduler
    /// Where the run's records go. Stored last: a caller in another module (the CLI's
    /// `CSVReportRecorder`) runs the engine unspecialized, where a field after one of the
    /// generic type would be found through the type's metadata at every access; after it,
    /// none is (docs/performance.md, Part XI).
    public internal(set) var recorder: Recorder

    /// A simulation of `scenario` under `policy`, recording into `recorder`.
    public init(_ scenario: Scenario, policy: any EvictionPolicy, recorder: Recorder) {
        self.scenario = scenario
        self.traits = PolicyTraits(policy, on: scenario.device)
        self.recorder = recorder
        self.profiles = scenario.apps
        // SPEC 31: the compressor's default start is the policy's highest kill level.
        self.device = scenario.device.resolvingCompressorStart(traits.levels)
        self.apps = Array(repeating: AppRuntime(), count: scenario.apps.count)
        self.victims = VictimIndex(appCount: scenario.apps.count)
        self.tasks = TaskScheduler(device: scenario.device, apps: scenario.apps)
        self.ledger = MemoryLedger(systemKiB: scenario.device.systemKiB)
        self.events = EventCursor(scenario)
        self.freezer = FreezerBook(isOn: scenario.device.freezes(traits.levels), budgetKiB: scenario.device.freezer?.dailyKiB ?? .zero)
        pressure.startMinimum(at: freeKiB)
        if device.runsLongIdleReaper(traits.levels) {
            reaper.next = (device.reaperIntervalMs, timers.takeSequenceNumber())
        }
        // SPEC 37: the freezer's daily tick, scheduled right after the reaper's first tick.
        if freezer.isOn { freezer.nextDaily = (FreezerBook.dayMs, timers.takeSequenceNumber()) }
        // SPEC 12: the apps found resident, then one pressure check before the first event
        // (only when `initial:` lists an app, SPEC 16). `pressure.csv`'s first row is the
        // device as found at time 0, every listed footprint included (SPEC 20).
        if !scenario.initial.isEmpty {
            isPlacingInitialApps = true
            placeInitialApps()
            isPlacingInitialApps = false
        }
        self.recorder.record(EventLog.FreeRecord(
            timeMs: .zero, usedKiB: device.ramKiB - freeKiB, freeKiB: freeKiB,
            level: EventLog.PressureLevel(freeKiB: freeKiB, device: device),
            compressedKiB: .zero, compressorKiB: .zero, flashKiB: ledger.flashKiB))
        if !scenario.initial.isEmpty {
            runPressureCheck()
            // SPEC 32: with `initial:`, the starting value is free at the end of this check.
            pressure.startMinimum(at: freeKiB)
        }
        events.readNext()
        checkInvariants()
    }

    /// The policy the run is under (SPEC 6).
    public var policy: any EvictionPolicy { traits.policy }

    /// Scenario events run so far.
    public var eventsRun: Int { events.run }

    /// Scenario events that were no-ops (`skipped.csv`).
    public var eventsSkipped: Int { events.skipped }

    /// Free memory (SPEC 1): RAM less reserved, system and every resident footprint, the
    /// compressed memory counted at what the compressor holds it in (SPEC 22).
    /// Inlined where it is read: the engine reads it several times an event, and unspecialized
    /// (the CLI's recorder) the optimizer kept it a call.
    public var freeKiB: KiB {
        @inline(__always) get { ledger.freeKiB(on: device) }
    }

    /// The time of the next thing to happen, or nil when nothing is left (or `end_s` is past).
    ///
    /// - Complexity: O(log t) amortized, t the number of pending timers (cancelled timers are
    ///   dropped here).
    @inline(__always)
    public mutating func peek() -> Millis? {
        var time: Millis?
        let eventTime = events.upcoming?.atMs
        let timer = firstLiveTimer()
        if let timerTime = timer?.timeMs, eventTime.map({ timerTime < $0 }) ?? true {
            time = timerTime
        } else if let eventTime {
            time = eventTime
        }
        // The reaper's tick and the freezer's daily tick run in their place among timers, but
        // do not keep a run going: without `end_s`, the run ends at the last event or live
        // timer, and only ticks due by then run (SPEC 16, 37).
        if let tick = nextClockTick()?.tick, reaper.isFirst(tick, timer: timer, eventTime: eventTime),
           time != nil || scenario.endMs != nil || tick.timeMs <= nowMs {
            time = tick.timeMs
        }
        guard let time else { return nil }
        if let end = scenario.endMs, time > end { return nil }
        return time
    }

    /// The scenario event the next `step()` runs, or nil when it runs a timer or the reaper's
    /// tick (call `peek()` first). For `explain`, which names what lowered free memory.
    package mutating func nextStepEvent() -> ScenarioEvent? {
        guard let time = peek(), let event = events.upcoming, event.atMs == time else { return nil }
        return event
    }

    /// Runs the next scenario event or timer and the pressure check after it. Returns false
    /// when nothing is left to run.
    @discardableResult
    public mutating func step() -> Bool {
        guard let time = peek() else { return false }
        nowMs = time
        var ranReaperTick = false
        // The first live timer is bound before `reaper.isFirst` is called: a mutating call
        // in the argument list of a method on `self` made Swift copy the whole simulation at
        // every reaper tick.
        if let event = events.upcoming, event.atMs == time {
            events.advance()
            handle(event.action)
        } else if let (tick, isReaper) = nextClockTick(), tick.timeMs == time, case let timer = firstLiveTimer(),
                  reaper.isFirst(tick, timer: timer, eventTime: events.upcoming?.atMs) {
            if isReaper {
                runLongIdleReaper()
                ranReaperTick = true
            } else {
                runDailyFreezerTick()
            }
        } else {
            let timer = timers.popFirst()!
            fire(timer)
        }
        runPressureCheck()
        // SPEC 28: the request check follows every event's and timer's pressure check.
        if tasks.pendingCount > 0 { runTaskCheck() }
        if ranReaperTick, !reaper.runsEveryTick { skipTicksThatCannotAct() }
        checkInvariants()
        return true
    }

    /// The clock tick due first, by time then place among timers: the reaper's (`isReaper`)
    /// or the freezer's daily tick; nil when neither is pending.
    @inline(__always)
    private func nextClockTick() -> (tick: (timeMs: Millis, seq: UInt64), isReaper: Bool)? {
        switch (reaper.next, freezer.nextDaily) {
        case (nil, nil): return nil
        case (let reaper?, nil): return (reaper, true)
        case (nil, let daily?): return (daily, false)
        case (let reaper?, let daily?): return (reaper.timeMs, reaper.seq) < (daily.timeMs, daily.seq) ? (reaper, true) : (daily, false)
        }
    }

    /// Runs until nothing is left (or `end_s`).
    public mutating func run() {
        while step() {}
    }

    /// The state of app `index` now.
    public func state(of index: AppIndex) -> LifecycleState { apps[index].state }

    /// The footprint of app `index` now.
    public func footprintKiB(of index: AppIndex) -> KiB { apps[index].memory.footprintKiB }

    /// The earliest timer that is still live; cancelled ones on top are dropped. Inlined into
    /// `peek()`: at every step, most often with no timer pending.
    @inline(__always)
    mutating func firstLiveTimer() -> PendingTimer? {
        while let timer = timers.first {
            if isLive(timer) { return timer }
            _ = timers.popFirst()
        }
        return nil
    }

    @inline(__always)
    private func isLive(_ timer: PendingTimer) -> Bool {
        switch timer.kind {
        case .agingDone:
            apps[timer.app].state == .suspended && apps[timer.app].suspensionEpoch == timer.epoch
        case .handlerDone, .taskDone, .taskExpired, .wakeDone, .watchdog, .wakeTimeout:
            apps[timer.app].timerEpoch == timer.epoch
        case .taskDue, .bgDone, .bgExpired: isLiveTaskTimer(timer)
        }
    }

    /// Carries out one scenario event (SPEC 3). An event naming an app index that no app has
    /// (apps removed from `scenario.apps` after the event was added) is skipped, never a trap:
    /// `Scenario.checkAppIndexes()` is the way to have it thrown instead.
    private mutating func handle(_ action: ScenarioEvent.Action) {
        if let app = action.app, !profiles.indices.contains(app) { return skip(action.kind, .noSuchApp) }
        switch action {
        case .open(let app): open(app, cause: .open)
        case .home: goHome()
        case .close(let app): close(app)
        case .lock: lock()
        case .unlock: unlock()
        case .alert: showAlert()
        case .alertDismiss: dismissAlert()
        case .alertReply: replyToAlert()
        case .call: ringCall()
        case .callDecline: declineCall()
        case .callAnswer: answerCall()
        case .callEnd: endCall()
        case .forceQuit(let app): forceQuit(app)
        case .wake(let app, let mode): wake(app, mode: mode)
        case .startMode(let app, let mode): startMode(mode, of: app)
        case .stopMode(let app, let mode): stopMode(mode, of: app)
        case .allocate(let app, let kib): allocate(kib, in: app)
        case .allocateSession(let app, let kib): allocate(kib, in: app, session: true)
        case .systemAllocate(let kib): systemAllocate(kib)
        case .charge(let on): setCharging(on)
        case .lowPower(let on): setLowPower(on)
        }
    }

    /// Carries out one timer (SPEC 4, 6).
    private mutating func fire(_ timer: PendingTimer) {
        switch timer.kind {
        case .handlerDone: finishHandler(of: timer.app)
        case .taskDone: finishTask(of: timer.app)
        case .taskExpired: expireTask(of: timer.app)
        case .wakeDone: finishWake(of: timer.app)
        case .watchdog: kill(timer.app, reason: .watchdog)
        case .wakeTimeout: kill(timer.app, reason: .wakeTimeout)
        case .agingDone:
            apps[timer.app].aged = true
            appDidChange(timer.app)
        case .taskDue: break  // the step's request check grants it when it may
        case .bgDone: finishTaskWork(of: timer.app)
        case .bgExpired: expireTaskWork(of: timer.app)
        }
    }

    /// Records a no-op event (SPEC 3: skipped events change nothing).
    mutating func skip(_ event: ScenarioEvent.Kind, app: AppIndex? = nil, _ reason: EventLog.SkipReason) {
        events.noteSkipped()
        recorder.record(EventLog.Skip(timeMs: nowMs, event: event, app: app, reason: reason))
    }

    /// Logs `callback` to app `app`; a scene-based app gets the scene equivalent and its
    /// phase after it (SPEC 11).
    ///
    /// An app-delegate app's callback is the common case, a record and no more; the scene
    /// app's is a call of its own, so that the common case saves and restores no registers
    /// (about a third of this function's instructions, docs/performance.md, "The run's
    /// thread, the engine's steps"). Inlined where it runs, some 200,000 times in a
    /// 10^5-event run: as a call, its frame was half of its own instructions (docs/performance.md,
    /// "The run's thread from the first event to the last").
    @inline(__always)
    mutating func call(_ callback: Callback, on app: AppIndex) {
        guard profiles[app].lifecycle == .scene else {
            return recorder.record(EventLog.CallbackRecord(timeMs: nowMs, app: app, callback: callback, phase: nil))
        }
        callScene(callback, on: app)
    }

    /// `call(_:on:)` for a scene-based app: the scene equivalent, then its phase (SPEC 11).
    @inline(never)
    private mutating func callScene(_ callback: Callback, on app: AppIndex) {
        let delivered = callback.sceneEquivalent
        if let phase = delivered.scenePhaseAfter { apps[app].scenePhase = phase }
        recorder.record(EventLog.CallbackRecord(timeMs: nowMs, app: app, callback: delivered, phase: apps[app].scenePhase))
    }

    /// A scene-based app coming to the foreground with no scene connected gets
    /// `scene(_:willConnectTo:options:)` then `sceneWillEnterForeground` (SPEC 11); returns
    /// whether it did, so that the open logs `sceneWillEnterForeground` once. The test is
    /// inlined, the connection a call: every open tests it, and an app-delegate app (the
    /// common case) needs no more.
    @inline(__always)
    mutating func connectSceneIfNeeded(of app: AppIndex) -> Bool {
        guard profiles[app].lifecycle == .scene, !apps[app].sceneConnected else { return false }
        connectScene(of: app)
        return true
    }

    /// `connectSceneIfNeeded(of:)` for a scene-based app with no scene connected.
    private mutating func connectScene(of app: AppIndex) {
        apps[app].sceneConnected = true
        call(.sceneWillConnect, on: app)
        call(.willEnterForeground, on: app)
    }

    /// Notes that something a policy may look at changed for app `index`: its entry in the
    /// victim index is refreshed before the next choice, and its band (if the policy has
    /// bands) is re-read now, so that the band's entry time is the time of the change.
    /// Inlined, the band's part a call: it runs two or three times a transition, and as a call
    /// its prologue cost more than the marking (docs/performance.md, "The run's thread, the
    /// engine's steps").
    @inline(__always)
    mutating func appDidChange(_ index: AppIndex) {
        victims.markDirty(index)
        if traits.usesBands { rereadBand(of: index) }
    }

    /// `appDidChange`'s second half, under a policy with bands: a new band starts its
    /// entry time now (SPEC 6, 16).
    private mutating func rereadBand(of index: AppIndex) {
        let band = apps[index].state.isResident ? traits.policy.band(of: candidate(index)) : nil
        if band != apps[index].jetsam.band {
            apps[index].jetsam.band = band
            apps[index].jetsam.bandEnteredMs = nowMs
            apps[index].jetsam.enteredBandBeforeStart = false
        }
    }

    mutating func schedule(_ kind: EventLog.TimerKind, after delayMs: Millis, for app: AppIndex) {
        let epoch = kind == .agingDone ? apps[app].suspensionEpoch : apps[app].timerEpoch
        timers.schedule(at: nowMs + delayMs, kind, app: app, epoch: epoch)
    }
}

extension Simulation where Recorder == NullRecorder {
    /// Runs `scenario` to the end under `policy` (default: the scenario's own), keeping no
    /// records: the outcome and counters only. The fastest way to run, used by `check`.
    public static func runKeepingNoRecords(_ scenario: Scenario, policy: (any EvictionPolicy)? = nil) -> SimulationResult<NullRecorder> {
        var simulation = Simulation(
            scenario, policy: policy ?? scenario.policy,
            recorder: NullRecorder())
        simulation.run()
        return simulation.result
    }
}

extension Simulation where Recorder == EventLog {
    /// Runs `scenario` to the end under `policy` (default: the scenario's own, else
    /// `largest-first`), keeping every record in memory.
    public static func run(_ scenario: Scenario, policy: (any EvictionPolicy)? = nil) -> SimulationResult<EventLog> {
        var simulation = Simulation(
            scenario, policy: policy ?? scenario.policy,
            recorder: EventLog())
        simulation.run()
        return simulation.result
    }
}

@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// A recorder that checks a run against an independent reference model of SPEC 2-6 as the
/// records arrive, and after every step (`InvariantRun` drives it).
///
/// The model is built from the SPEC text, not from the engine: it follows each app's
/// callbacks and transitions through a small automaton (SPEC 2-4), keeps its own view of
/// the lock, alert, call and frontmost app (SPEC 3) to predict which events are skipped,
/// tracks free memory from the footprint records (SPEC 1, 5), and recomputes each policy's
/// choice at every `memory-pressure` kill (SPEC 6). What it cannot decide from the records
/// (a timer and an event at the same instant) it leaves unchecked, and counts in `stats`.
struct InvariantRecorder: SimulationRecorder {
    /// How much was checked, so that tests can tell that the checks actually ran.
    struct Stats {
        var steps = 0
        var records = 0
        var pressureKillsChecked = 0
        var pressureKillsAmbiguous = 0
        var warningBursts = 0
        var skips = 0
        var suspensions = 0
        var purges = 0
        /// The most candidates a policy chose among.
        var maxCandidates = 0
        var kills: [KillReason: Int] = [:]
        var callbacks: [Callback: Int] = [:]

        /// Adds `other` to these counts.
        mutating func add(_ other: Stats) {
            steps += other.steps
            records += other.records
            pressureKillsChecked += other.pressureKillsChecked
            pressureKillsAmbiguous += other.pressureKillsAmbiguous
            warningBursts += other.warningBursts
            skips += other.skips
            suspensions += other.suspensions
            purges += other.purges
            maxCandidates = max(maxCandidates, other.maxCandidates)
            kills.merge(other.kills, uniquingKeysWith: +)
            callbacks.merge(other.callbacks, uniquingKeysWith: +)
        }
    }

    let scenario: Scenario
    let policyName: String
    private let device: Device
    private let profiles: [AppProfile]

    /// Every record, when asked for (`keepsLog`), to compare runs.
    private(set) var log: EventLog?
    private(set) var violations: [String] = []
    private(set) var stats = Stats()
    /// Stop collecting after this many (the first ones are the interesting ones).
    var maxViolations = 6

    // MARK: Global model (SPEC 3)

    private enum CallModel: Equatable {
        case none, ringing
        case inProgress(returnTo: AppIndex?, userOpened: Bool)
    }

    private var now: Millis = 0
    private var event: ScenarioEvent?
    private var eventIndex = 0
    private var predictedSkip = false
    private var sawSkip = false
    private var locked = false
    private var alertShowing = false
    private var call = CallModel.none
    private var frontmost: AppIndex?
    private var frontmostEndCounter: UInt64 = 0
    private var systemKiB: KiB
    private var lastRecordedFree: KiB
    /// The engine records the first row of pressure.csv in its initializer.
    private var firstFreeSeen = false
    private(set) var minFreeKiB: KiB
    private var evictionSeq = 0
    private var pendingEviction: (app: AppIndex, state: LifecycleState, footprint: KiB, free: KiB)?
    private(set) var pressureOrder: [AppIndex] = []
    /// The app whose purge was the last footprint row, and its footprint before: the policy
    /// chose it on that footprint, if its kill follows.
    private var possiblePurge: (app: AppIndex, before: KiB)?

    // Memory warnings (SPEC 5).
    private var inWarningEpisode = false
    private var warnedThisStep: [AppIndex] = []
    private var runningCodeAtFirstWarning: [AppIndex] = []
    private var wakeCallbacksThisStep = 0

    // MARK: Per-app model (SPEC 2, 4)

    /// What the next record for an app must be.
    private enum Expect: Equatable, CustomStringConvertible {
        case didFinishLaunching
        /// `not-running` -> `inactive` (a launch by the user) or `background` (a wake).
        case launchTransition
        case wakeCallback(Callback)
        case transition(LifecycleState, LifecycleState)
        /// `applicationWillTerminate` (an app that exits on suspend, right after it enters
        /// the background).
        case willTerminate
        /// `background` -> `not-running` by `memory-pressure`, `force-quit` or `exits-on-suspend`.
        case terminate
        /// `background` -> `not-running` by `background-task-expired`.
        case expiredKill

        var description: String {
            switch self {
            case .didFinishLaunching: "didFinishLaunching"
            case .launchTransition: "the launch transition"
            case .wakeCallback(let callback): callback.rawValue
            case .transition(let from, let to): "\(from.rawValue)->\(to.rawValue)"
            case .willTerminate: "applicationWillTerminate"
            case .terminate: "a termination after applicationWillTerminate"
            case .expiredKill: "background-task-expired kill"
            }
        }
    }

    private enum Obligation: String { case expirationHandler, watchdog, wakeTimeout }

    /// One stay in `background` (SPEC 4): when it may end and what must happen in it.
    private struct Session {
        var start: Millis
        /// The app may not suspend before this; nil: it never suspends in this session.
        var earliestSuspend: Millis?
        /// Everything ends within the event (0 s handler and no task, or 0 s of wake work).
        var zeroLength: Bool
        var suspendCause: EventLog.TransitionCause
        /// Things that must happen at an exact instant unless the session ends first.
        var obligations: [(at: Millis, what: Obligation)] = []
    }

    private struct AppModel {
        var state: LifecycleState = .notRunning
        var expect: Expect?
        var footprint: KiB = 0
        var modes: AppProfile.BackgroundModes = []
        var userTerminated = false
        var lastFrontmostOrder: UInt64 = 0
        var band: Int?
        var bandEntered: Millis = 0
        var suspendedAt: Millis = 0
        var session: Session?
        /// Was frontmost and has not saved since (SPEC 4 "State saving").
        var unsaved = false
        var saveAt: Millis?
        var saveIsZeroLength = false
        var lossUnknown = false
        /// Released `warning_release_mb` since it was last active (SPEC 5).
        var released = false
        /// A scene-based app got `scene(_:willConnectTo:options:)`; its
        /// `sceneWillEnterForeground` follows (SPEC 11).
        var sceneConnecting = false
        /// Its `purgeable_mb` was purged, until it next becomes active (SPEC 5).
        var purged = false
        /// What `allocate` added, never below 0; gone when the app dies.
        var dynamic: KiB = 0
        var cold = 0, warm = 0, pressureKills = 0, otherKills = 0, stateLosses = 0
    }

    private var apps: [AppModel]

    init(scenario: Scenario, policyName: String, keepsLog: Bool = false) {
        self.scenario = scenario
        self.policyName = policyName
        self.device = scenario.device
        self.profiles = scenario.apps
        self.apps = Array(repeating: AppModel(), count: scenario.apps.count)
        self.systemKiB = scenario.device.systemKiB
        let free = scenario.device.ramKiB - scenario.device.reservedKiB - scenario.device.systemKiB
        self.lastRecordedFree = free
        self.minFreeKiB = free
        self.log = keepsLog ? EventLog() : nil
    }

    // MARK: Reporting

    /// Records a violation (messages are only built on the failing path, so they are eager).
    private mutating func fail(_ message: String) {
        guard violations.count < maxViolations else { return }
        let step = event.map { "event #\(eventIndex) \($0.action)" } ?? "timer"
        violations.append("t=\(now) ms [\(step)]: \(message)")
    }

    private func name(_ app: AppIndex) -> String { "app\(app)" }

    // MARK: Model queries

    private var modelFreeKiB: KiB {
        device.ramKiB - device.reservedKiB - systemKiB - apps.reduce(0) { $0 + $1.footprint }
    }

    /// SPEC 5: base for the state, plus allocations, less a warning release and a purge; never
    /// below 0; 0 when not running.
    private func expectedFootprint(_ app: AppIndex, purged: Bool? = nil) -> KiB {
        let model = apps[app]
        guard model.state.isResident else { return 0 }
        let profile = profiles[app]
        var kib = profile.baseKiB(in: model.state) + model.dynamic
        if model.released { kib -= profile.warningReleaseKiB }
        if purged ?? model.purged { kib -= profile.purgeableKiB }
        return max(0, kib)
    }

    private func isRunningCode(_ app: AppIndex) -> Bool {
        switch apps[app].state {
        case .active, .inactive, .background: true
        case .notRunning, .suspended: false
        }
    }

    private var covered: Bool { locked || alertShowing || call == .ringing }

    /// Whether a suspended app is past jetsam's aging period: nil when a timer and this step
    /// share the instant, so that the records cannot tell.
    private func isAged(_ app: AppIndex) -> Bool? {
        let end = apps[app].suspendedAt + device.agingMs
        if now > end { return true }
        if now < end { return false }
        return nil
    }

    /// Jetsam's band of an app that is not suspended (SPEC 6).
    private func activeBand(_ app: AppIndex) -> Int? {
        switch apps[app].state {
        case .notRunning: return nil
        case .active, .inactive: return 100
        case .background:
            let audioAndAccessory: AppProfile.BackgroundModes = [.audio, .externalAccessory, .bluetoothCentral, .bluetoothPeripheral]
            return apps[app].modes.isDisjoint(with: audioAndAccessory) ? 30 : 120
        case .suspended: return -1
        }
    }

    /// Notes a possible band change of app `app` now (suspended apps are computed lazily).
    private mutating func refreshBand(_ app: AppIndex) {
        let band = apps[app].state == .suspended ? -1 : activeBand(app)
        if band != apps[app].band {
            apps[app].band = band
            apps[app].bandEntered = now
        }
    }

    // MARK: Steps

    /// Called before each step with the scenario event it runs (nil for a timer).
    mutating func beginStep(at time: Millis, event: ScenarioEvent?, index: Int) {
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
    private mutating func applyEvent(_ action: ScenarioEvent.Action) -> Bool {
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
        case .systemAllocate(let kib):
            systemKiB = max(0, systemKiB + kib)
        }
        return false
    }

    /// `app` becomes frontmost, as by `open` (SPEC 3); a cold launch by the user puts its
    /// declared continuous modes in use (SPEC 4.4).
    private mutating func bringToFront(_ app: AppIndex) {
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
                if app.state == .suspended, isAged(index) == true { agedIdle += 1 }
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
        if free < device.criticalFreeKiB, candidates > 0 {
            fail("free \(free) KiB < critical \(device.criticalFreeKiB) after the check with \(candidates) candidates left (SPEC 5 step 3)")
        }
        if free < 0, resident > 0 {
            fail("free \(free) KiB < 0 after the check with \(resident) resident apps (SPEC 5 step 4)")
        }
        if policyName == "jetsam", free < device.idleFreeKiB, agedIdle > 0 {
            fail("free \(free) KiB < idle \(device.idleFreeKiB) with \(agedIdle) idle (band 0) apps left (SPEC 6 jetsam)")
        }

        // Memory warnings (SPEC 5): an episode starts when free drops below warning_free_mb.
        if !warnedThisStep.isEmpty {
            stats.warningBursts += 1
            if warnedThisStep != runningCodeAtFirstWarning {
                fail("memory warnings went to \(warnedThisStep), apps running code were \(runningCodeAtFirstWarning)")
            }
        } else if !inWarningEpisode, free < device.warningFreeKiB, apps.indices.contains(where: isRunningCode) {
            fail("free \(free) KiB < warning \(device.warningFreeKiB) and no warning was sent in a new episode")
        }
        inWarningEpisode = free < device.warningFreeKiB
    }

    /// SPEC 4: a stay in the background ends on time.
    private mutating func checkBackgroundDeadlines(_ index: AppIndex) {
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
        if result.minFreeKiB != minFreeKiB { fail("min free \(result.minFreeKiB), pressure rows say \(minFreeKiB)") }
        if result.pressureEvictionOrder != pressureOrder { fail("pressure eviction order differs from the kills recorded") }
        let expectedEvents = scenario.events.filter { event in end.map { event.atMs <= $0 } ?? true }.count
        if result.eventsRun != expectedEvents { fail("ran \(result.eventsRun) events, \(expectedEvents) are at or before end_s") }
    }

    // MARK: SimulationRecorder

    mutating func recordTransition(at timeMs: Millis, app: AppIndex, from: LifecycleState, to: LifecycleState, cause: EventLog.TransitionCause) {
        log?.recordTransition(at: timeMs, app: app, from: from, to: to, cause: cause)
        stats.records += 1
        if timeMs != now { fail("transition recorded at \(timeMs) during a step at \(now)") }
        if from == to { fail("\(name(app)) transition \(from.rawValue)->\(to.rawValue) changes nothing") }
        if from != apps[app].state {
            fail("\(name(app)) transition from \(from.rawValue), but it was \(apps[app].state.rawValue)")
        }
        checkTransition(app, from: from, to: to, cause: cause)
        applyTransition(app, from: from, to: to, cause: cause)
        possiblePurge = nil
        let foreground = apps.indices.filter { apps[$0].state.isForeground }
        if foreground.count > 1 { fail("after \(name(app)) \(from.rawValue)->\(to.rawValue), apps \(foreground) are all in the foreground") }
    }

    private mutating func checkTransition(_ app: AppIndex, from: LifecycleState, to: LifecycleState, cause: EventLog.TransitionCause) {
        let expect = apps[app].expect
        apps[app].expect = nil
        let wakeStep: Bool = if let event, case .wake(let woken, _) = event.action, woken == app { true } else { false }
        switch (from, to) {
        case (.notRunning, .inactive), (.notRunning, .background):
            guard expect == .launchTransition else {
                return fail("\(name(app)) launched \(from.rawValue)->\(to.rawValue) without willFinish/didFinishLaunching (got \(String(describing: expect)))")
            }
            if to == .background {
                if !wakeStep || cause != .event(.wake) { fail("\(name(app)) launched into the background outside its wake (\(cause))") }
                if case .wake(_, let mode) = event?.action, let callback = mode.wakeCallback {
                    apps[app].expect = .wakeCallback(callback)
                }
            } else if cause != .event(.open), cause != .event(.callEnd) {
                fail("\(name(app)) cold launch caused by \(cause)")
            }
        case (.suspended, .background):
            if expect != nil { fail("\(name(app)) woke while waiting for \(expect!)") }
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
    private mutating func checkSuspension(_ app: AppIndex, cause: EventLog.TransitionCause) {
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
            if session.zeroLength != (event != nil) && now == session.start {
                fail("\(name(app)) suspension at \(now) in the wrong kind of step")
            }
        }
    }

    /// SPEC 2, 4, 5, 6: who may be terminated, why, and with which callback.
    private mutating func checkKill(_ app: AppIndex, from: LifecycleState, cause: EventLog.TransitionCause, expect: Expect?) {
        guard case .kill(let reason) = cause else { return fail("\(name(app)) stopped running with cause \(cause)") }
        let free = modelFreeKiB
        let footprint = apps[app].footprint
        pendingEviction = (app, from, footprint, free)
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
            let idleKill = policyName == "jetsam" && free < device.idleFreeKiB
            if free >= device.criticalFreeKiB, !idleKill {
                fail("\(name(app)) killed for memory-pressure with free \(free) KiB >= critical \(device.criticalFreeKiB)")
            }
            if free >= device.criticalFreeKiB, idleKill, from != .suspended || isAged(app) == false {
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
            if from != .suspended || policyName != "jetsam" || !device.longIdleReaper || isAged(app) == false {
                fail("long-idle-exit of \(name(app)) (\(from.rawValue)) outside jetsam's reaper on an aged suspended app (SPEC 11)")
            }
            if free >= device.reaperFreeKiB { fail("long-idle-exit of \(name(app)) with free \(free) KiB >= reaper_free \(device.reaperFreeKiB)") }
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
    private func isUnsaved(_ app: AppIndex) -> Bool? {
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

    private mutating func takeObligation(_ app: AppIndex, _ what: Obligation) -> Bool {
        guard let index = apps[app].session?.obligations.firstIndex(where: { $0.what == what && $0.at == now }) else {
            return false
        }
        apps[app].session!.obligations.remove(at: index)
        return true
    }

    /// SPEC 6: the victim is the first candidate in the policy's order.
    private mutating func checkVictimChoice(_ victim: AppIndex) {
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
    private func policyKeys(_ candidates: [AppIndex]) -> [[Int64]]? {
        func tail(_ app: AppIndex) -> [Int64] { [Int64(apps[app].lastFrontmostOrder), Int64(app)] }
        switch policyName {
        case "largest-first":
            return candidates.map { [apps[$0].state == .suspended ? 0 : 1, -apps[$0].footprint.count] + tail($0) }
        case "lru":
            return candidates.map { [apps[$0].state == .suspended ? 0 : 1] + tail($0) }
        case "jetsam":
            var keys: [[Int64]] = []
            for app in candidates {
                if apps[app].state == .suspended {
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
                    adj = min(900 + Int64(rank), 999)
                }
                if app == previous { adj = min(adj, 700) }
                return [-adj, -apps[app].footprint.count] + tail(app)
            }
        default:
            return nil
        }
    }

    private mutating func applyTransition(_ app: AppIndex, from: LifecycleState, to: LifecycleState, cause: EventLog.TransitionCause) {
        apps[app].state = to
        if to == .active || to == .notRunning {
            apps[app].released = false
            apps[app].purged = false
        }
        if to == .notRunning { apps[app].dynamic = 0 }
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
            startWake(app, launched: from == .notRunning)
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
    private mutating func startForegroundLeave(_ app: AppIndex) {
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
    private mutating func startWake(_ app: AppIndex, launched: Bool) {
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

    mutating func recordCallback(at timeMs: Millis, app: AppIndex, _ callback: Callback, phase: Callback.ScenePhase?) {
        log?.recordCallback(at: timeMs, app: app, callback, phase: phase)
        stats.records += 1
        if timeMs != now { fail("callback recorded at \(timeMs) during a step at \(now)") }
        let state = apps[app].state
        let expect = apps[app].expect
        if callback != .willTerminate || possiblePurge?.app != app { possiblePurge = nil }
        stats.callbacks[callback, default: 0] += 1
        // A scene-based app (SPEC 11): scene callbacks stand for the app-level ones; a scene
        // connects right before the app enters the foreground, on a cold launch too.
        if (profiles[app].lifecycle == .scene) != (phase != nil) { fail("\(name(app)) got phase \(String(describing: phase)) for its lifecycle") }
        if profiles[app].lifecycle == .app, callback.scenePhaseAfter != nil {
            badCallback(app, callback, state, "an app-delegate app gets no scene callback")
        }
        if callback == .sceneWillConnect {
            let launching = state == .notRunning && expect == .launchTransition
            if !(launching || (expect == nil && (state == .background || state == .suspended))) {
                badCallback(app, callback, state, "a scene connects only as the app comes to the foreground")
            }
            apps[app].sceneConnecting = true
            return
        }
        if apps[app].sceneConnecting {
            apps[app].sceneConnecting = false
            if callback != .sceneWillEnterForeground { badCallback(app, callback, state, "sceneWillEnterForeground must follow a connection") }
            if state == .notRunning { return }
        }
        let callback = [Callback.didBecomeActive, .willResignActive, .didEnterBackground, .willEnterForeground]
            .first { $0.sceneEquivalent == callback } ?? callback
        switch callback {
        case .willFinishLaunching:
            if !(expect == nil && state == .notRunning) { badCallback(app, callback, state, "only a not-running app launches") }
            apps[app].expect = .didFinishLaunching
        case .didFinishLaunching:
            if !(expect == .didFinishLaunching) { badCallback(app, callback, state, "must follow willFinishLaunching") }
            apps[app].expect = .launchTransition
        case .didBecomeActive:
            if !(expect == nil && state == .inactive) { badCallback(app, callback, state, "only inactive -> active") }
            apps[app].expect = .transition(.inactive, .active)
        case .willResignActive:
            if !(expect == nil && state == .active) { badCallback(app, callback, state, "only active -> inactive") }
            apps[app].expect = .transition(.active, .inactive)
        case .didEnterBackground:
            if !(expect == nil && state == .inactive) { badCallback(app, callback, state, "only from inactive") }
            apps[app].expect = .transition(.inactive, .background)
        case .willEnterForeground:
            if !(expect == nil && (state == .background || state == .suspended)) { badCallback(app, callback, state, "only background/suspended -> inactive") }
            apps[app].expect = .transition(state, .inactive)
        case .willTerminate:
            if !((expect == nil || expect == .willTerminate) && state == .background) { badCallback(app, callback, state, "only for an app running in background") }
            apps[app].expect = .terminate
        case .didReceiveMemoryWarning:
            if !(expect == nil && isRunningCode(app)) { badCallback(app, callback, state, "only apps running code get warnings") }
            if warnedThisStep.isEmpty {
                if inWarningEpisode { fail("memory warning to \(name(app)) inside an episode that has not ended") }
                if modelFreeKiB >= device.warningFreeKiB {
                    fail("memory warning with free \(modelFreeKiB) KiB >= warning \(device.warningFreeKiB)")
                }
                runningCodeAtFirstWarning = apps.indices.filter(isRunningCode)
            }
            warnedThisStep.append(app)
            apps[app].released = true
        case .performFetch, .didReceiveRemoteNotification, .processingTaskLaunchHandler:
            let inWake: Bool = if let event, case .wake(let woken, let mode) = event.action {
                woken == app && mode.wakeCallback == callback
            } else { false }
            if !(inWake) { badCallback(app, callback, state, "a wake callback outside a wake of this app in that mode") }
            if case .wakeCallback(let wanted) = expect {
                if !(wanted == callback) { badCallback(app, callback, state, "expected \(wanted.rawValue)") }
                apps[app].expect = nil
            } else {
                if !(expect == nil && isRunningCode(app)) { badCallback(app, callback, state, "a frontmost or background app gets the callback only") }
            }
            wakeCallbacksThisStep += 1
        case .expirationHandler:
            if !(expect == nil && state == .background) { badCallback(app, callback, state, "only in background") }
            if !(event == nil) { badCallback(app, callback, state, "expirationHandler comes from a timer") }
            if !(takeObligation(app, .expirationHandler)) { badCallback(app, callback, state, "no task of this app expires now") }
            if !profiles[app].endsTaskOnExpiration { apps[app].expect = .expiredKill }
        case .sceneWillConnect, .sceneDidBecomeActive, .sceneWillResignActive, .sceneDidEnterBackground, .sceneWillEnterForeground:
            badCallback(app, callback, state, "scene callbacks are mapped above")
        }
    }

    private mutating func badCallback(_ app: AppIndex, _ callback: Callback, _ state: LifecycleState, _ why: String) {
        fail("\(name(app)) got \(callback.rawValue) in state \(state.rawValue): \(why)")
    }

    mutating func recordEviction(_ eviction: Eviction) {
        log?.recordEviction(eviction)
        stats.records += 1
        evictionSeq += 1
        if eviction.seq != evictionSeq { fail("eviction seq \(eviction.seq), expected \(evictionSeq)") }
        if eviction.timeMs != now { fail("eviction recorded at \(eviction.timeMs) during a step at \(now)") }
        guard let pending = pendingEviction, pending.app == eviction.app else {
            return fail("eviction row for app\(eviction.app) without its transition to not-running")
        }
        pendingEviction = nil
        if eviction.state != pending.state { fail("eviction row state \(eviction.state.rawValue), was \(pending.state.rawValue)") }
        if eviction.footprintKiB != pending.footprint { fail("eviction row footprint \(eviction.footprintKiB), was \(pending.footprint)") }
        if eviction.freeBeforeKiB != pending.free { fail("eviction row free before \(eviction.freeBeforeKiB), was \(pending.free)") }
        if eviction.freeAfterKiB != modelFreeKiB || eviction.freeAfterKiB != pending.free + pending.footprint {
            fail("eviction row free after \(eviction.freeAfterKiB), expected \(pending.free + pending.footprint)")
        }
        // SPEC 14, 16: what set the kill off, and the victim's place in the policy's order.
        let triggers: [Eviction.Trigger] = eviction.reason == .memoryPressure ? [.critical, .idle] : [Eviction.Trigger(eviction.reason)]
        if !triggers.contains(eviction.trigger) { fail("eviction trigger \(eviction.trigger.rawValue) for \(eviction.reason.rawValue)") }
        let thresholds: [Eviction.Trigger: KiB] = [.critical: device.criticalFreeKiB, .idle: device.idleFreeKiB, .reaper: device.reaperFreeKiB, .pageshortage: 0]
        if eviction.thresholdKiB != thresholds[eviction.trigger] { fail("eviction threshold \(String(describing: eviction.thresholdKiB)) for trigger \(eviction.trigger.rawValue)") }
        if eviction.reason == .memoryPressure, eviction.rank != 1 { fail("a policy's victim ranked \(String(describing: eviction.rank)), not 1") }
        if pending.state.isForeground != (eviction.rank == nil) { fail("rank \(String(describing: eviction.rank)) for a \(pending.state.rawValue) victim") }
        if let rank = eviction.rank, rank > eviction.candidateCount { fail("rank \(rank) beyond \(eviction.candidateCount) candidates") }
        if eviction.runnerUp == eviction.app { fail("the victim is its own runner-up") }
        if (eviction.runnerUp == nil) != (eviction.candidateCount == (eviction.rank == nil ? 0 : 1)) {
            fail("runner_up \(String(describing: eviction.runnerUp)) with \(eviction.candidateCount) candidates")
        }
    }

    mutating func recordFootprint(at timeMs: Millis, app: AppIndex, state: LifecycleState, footprintKiB: KiB) {
        log?.recordFootprint(at: timeMs, app: app, state: state, footprintKiB: footprintKiB)
        stats.records += 1
        if timeMs != now { fail("footprint recorded at \(timeMs) during a step at \(now)") }
        if state != apps[app].state { fail("\(name(app)) footprint row in state \(state.rawValue), it is \(apps[app].state.rawValue)") }
        if footprintKiB == apps[app].footprint { fail("\(name(app)) footprint row without a change (\(footprintKiB) KiB)") }
        if footprintKiB < 0 { fail("\(name(app)) footprint \(footprintKiB) KiB is negative") }
        if state == .notRunning, footprintKiB != 0 { fail("\(name(app)) died holding \(footprintKiB) KiB") }
        // SPEC 5: base for the state + allocations - a warning release - a purge. A row that
        // the model does not explain otherwise must be a purge.
        possiblePurge = nil
        if footprintKiB != expectedFootprint(app) {
            if state.isResident, !apps[app].purged, profiles[app].purgeableKiB > 0,
               footprintKiB == expectedFootprint(app, purged: true)
            {
                apps[app].purged = true
                possiblePurge = (app, apps[app].footprint)
                stats.purges += 1
            } else {
                fail("\(name(app)) footprint \(footprintKiB) KiB in \(state.rawValue), SPEC 5 gives \(expectedFootprint(app)) (dynamic \(apps[app].dynamic), released \(apps[app].released), purged \(apps[app].purged))")
            }
        }
        apps[app].footprint = footprintKiB
    }

    mutating func recordFree(at timeMs: Millis, usedKiB: KiB, freeKiB: KiB, level: EventLog.PressureLevel) {
        log?.recordFree(at: timeMs, usedKiB: usedKiB, freeKiB: freeKiB, level: level)
        stats.records += 1
        if timeMs != now { fail("free recorded at \(timeMs) during a step at \(now)") }
        if usedKiB != device.ramKiB - freeKiB { fail("used \(usedKiB) != ram - free") }
        let expectedLevel: EventLog.PressureLevel =
            freeKiB < device.criticalFreeKiB ? .critical : freeKiB < device.warningFreeKiB ? .warning : .normal
        if level != expectedLevel { fail("level \(level) for free \(freeKiB) KiB, SPEC 5 says \(expectedLevel)") }
        if freeKiB != modelFreeKiB { fail("pressure row free \(freeKiB) KiB, ram - reserved - system - footprints = \(modelFreeKiB)") }
        if firstFreeSeen, freeKiB == lastRecordedFree { fail("pressure row without a change of free (\(freeKiB) KiB)") }
        firstFreeSeen = true
        lastRecordedFree = freeKiB
        minFreeKiB = min(minFreeKiB, freeKiB)
    }

    mutating func recordSkipped(at timeMs: Millis, event kind: ScenarioEvent.Kind, app: AppIndex?, reason: EventLog.SkipReason) {
        log?.recordSkipped(at: timeMs, event: kind, app: app, reason: reason)
        stats.records += 1
        stats.skips += 1
        possiblePurge = nil
        guard let event else { return fail("a skip row (\(kind.rawValue)) in a timer step") }
        if sawSkip { fail("two skip rows for one event") }
        sawSkip = true
        if kind != event.action.kind || app != event.action.app {
            fail("skip row names \(kind.rawValue) app \(String(describing: app)), the event is \(event.action)")
        }
    }
}

/// Runs a scenario step by step with an `InvariantRecorder`, checking after every step.
enum InvariantRun {
    struct Outcome {
        var violations: [String]
        var stats: InvariantRecorder.Stats
        var result: SimulationResult<InvariantRecorder>
    }

    static func check(_ scenario: Scenario, policy: (any EvictionPolicy)? = nil, keepsLog: Bool = false) -> Outcome {
        // A generated timeline (a `workload:`) is drawn out into the listed events first, so
        // that the model knows which step runs which event.
        var scenario = scenario
        if let generator = scenario.generator {
            var source = generator.events(for: scenario, seed: scenario.seed ?? 0, startingAt: scenario.events.last?.atMs ?? 0)
            while let event = source.next() { scenario.events.append(event) }
            scenario.generator = nil
        }
        let policy = policy ?? scenario.policy
        var simulation = Simulation(
            scenario, policy: policy,
            recorder: InvariantRecorder(scenario: scenario, policyName: policy.name, keepsLog: keepsLog))
        while let time = simulation.peek() {
            let next = simulation.eventsRun
            let event = next < scenario.events.count && scenario.events[next].atMs == time ? scenario.events[next] : nil
            simulation.recorder.beginStep(at: time, event: event, index: next)
            guard simulation.step() else {
                simulation.recorder.noteDriverProblem("peek() gave \(time) ms but step() ran nothing")
                break
            }
            if simulation.eventsRun != next + (event == nil ? 0 : 1) {
                // SPEC 7: a scenario event runs before a timer due at the same instant.
                simulation.recorder.noteDriverProblem("the step ran \(simulation.eventsRun - next) events, expected \(event == nil ? 0 : 1)")
            }
            simulation.recorder.endStep(engineFreeKiB: simulation.freeKiB)
            if simulation.recorder.violations.count >= simulation.recorder.maxViolations { break }
        }
        let result = simulation.result
        simulation.recorder.finish(result: result)
        return Outcome(violations: simulation.recorder.violations, stats: simulation.recorder.stats, result: simulation.result)
    }
}

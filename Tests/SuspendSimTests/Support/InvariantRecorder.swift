@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// An independent model of SPEC 2-6 (and 28's task requests, `+Tasks`), on purpose: it is written from the SPEC text, not from
/// the engine, and it copies rules the engine also holds (the footprint of SPEC 5, each policy's
/// order of SPEC 6, the automaton of SPEC 2-4) rather than calling them, so that a mistake in the
/// engine's rule and the same mistake in its check cannot agree. A fix to a rule is made twice,
/// here and in the engine, each from the SPEC's words. Its parts: this file (the model's state,
/// its queries and how a violation is reported), `+Steps` (each step's event and what follows
/// it), `+Transitions` (state changes, terminations and the policies' order) and `+Records`
/// (callbacks, evictions, footprints, free memory, skipped events); `InvariantRun` drives it.
///
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
        /// Freezer rows by action whose rules the model checked (SPEC 37, `+FreezerRules`), and
        /// `initial:` apps found frozen.
        var freezerActs: [EventLog.FreezerRecord.Action: Int] = [:]
        var initialFrozen = 0

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
            freezerActs.merge(other.freezerActs, uniquingKeysWith: +)
            initialFrozen += other.initialFrozen
        }
    }

    let scenario: Scenario
    let policyName: String
    let device: Device
    let profiles: [AppProfile]

    /// Every record, when asked for (`keepsLog`), to compare runs.
    var log: EventLog?
    var violations: [String] = []
    var stats = Stats()
    /// Stop collecting after this many (the first ones are the interesting ones).
    var maxViolations = 6

    // MARK: Global model (SPEC 3)

    enum CallModel: Equatable {
        case none, ringing
        case inProgress(returnTo: AppIndex?, userOpened: Bool)
    }

    var now: Millis = 0
    var event: ScenarioEvent?
    var eventIndex = 0
    var predictedSkip = false
    var sawSkip = false
    var locked = false
    var alertShowing = false
    var call = CallModel.none
    var frontmost: AppIndex?
    var frontmostEndCounter: UInt64 = 0
    var systemKiB: KiB
    var lastRecordedFree: KiB
    /// The compressor's content in the last `pressure.csv` row (SPEC 22).
    var lastRecordedCompressed: KiB = 0
    /// The apps' memory on flash in the last `pressure.csv` row, and in the row being checked
    /// (SPEC 37).
    var lastRecordedFlash: KiB = 0
    var recordedFlashSum: KiB = 0
    /// The engine records the first row of pressure.csv in its initializer.
    var firstFreeSeen = false
    /// Settled free memory's minimum (SPEC 32): the start, then each step's end.
    var minFreeKiB: KiB
    var settledStarted = false
    /// The least free memory of any `pressure.csv` row.
    var minRowFreeKiB: KiB
    /// Apps whose session memory goes in their coming `background` row (SPEC 32).
    var sessionReleasing: Set<AppIndex> = []
    /// A reaper kill happened in this step: later ones may use pool room it freed.
    var reaperKilledThisStep = false
    var evictionSeq = 0
    var pendingEviction: (app: AppIndex, state: LifecycleState, footprint: KiB, free: KiB, physical: KiB, compressed: KiB)?
    /// An lmkd kill's level and the victim's adj by the model (SPEC 33), for its row.
    var pendingLevel: (app: AppIndex, minAdj: Int64, kib: KiB, adj: Int64)?
    var pressureOrder: [AppIndex] = []
    /// The app whose purge was the last footprint row, and its footprint before: the policy
    /// chose it on that footprint, if its kill follows.
    var possiblePurge: (app: AppIndex, before: KiB)?

    // Memory warnings (SPEC 5).
    var inWarningEpisode = false
    var warnedThisStep: [AppIndex] = []
    var runningCodeAtFirstWarning: [AppIndex] = []
    var wakeCallbacksThisStep = 0

    // MARK: Per-app model (SPEC 2, 4)

    /// What the next record for an app must be.
    enum Expect: Equatable, CustomStringConvertible {
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

    enum Obligation: String { case expirationHandler, watchdog, wakeTimeout, taskExpiration }

    /// One stay in `background` (SPEC 4): when it may end and what must happen in it.
    struct Session {
        var start: Millis
        /// The app may not suspend before this; nil: it never suspends in this session.
        var earliestSuspend: Millis?
        /// Everything ends within the event (0 s handler and no task, or 0 s of wake work).
        var zeroLength: Bool
        var suspendCause: EventLog.TransitionCause
        /// Things that must happen at an exact instant unless the session ends first.
        var obligations: [(at: Millis, what: Obligation)] = []
        /// A task's grant began it (SPEC 28): 0 s of work ends within the grant, in an event's
        /// step or a timer's alike.
        var byGrant = false
    }

    struct AppModel {
        var state: LifecycleState = .notRunning
        var expect: Expect?
        var footprint: KiB = 0
        /// Its memory in the compressor at its uncompressed size (SPEC 22's `c`).
        var compressed: KiB = 0
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
        /// What `allocate` with `session: true` added: given back at
        /// `applicationDidEnterBackground`, gone when the app dies (SPEC 32).
        var sessionMemory: KiB = 0
        var cold = 0, warm = 0, pressureKills = 0, otherKills = 0, stateLosses = 0
        /// SPEC 37, from the records: its memory on flash (`flash_mb`), frozen (from a freeze to
        /// its death), demoted (from a demotion to its next thaw), and since when it is in the
        /// freezer's band or, demoted, in band 0.
        var flash: KiB = 0
        /// On flash from a freeze to its next thaw or death, whatever `flash` holds: an app
        /// whose footprint is 0 after its purge is on flash with 0 KiB there.
        var onFlash = false
        var frozen = false
        var demoted = false
        var freezerBandAt: Millis = 0
        var demotedAt: Millis = 0
        /// Its copy on flash, `f`, and its thaws since its launch (SPEC 37), kept by the
        /// model's own freezer (`+FreezerRules`).
        var copy: KiB = 0
        var thaws = 0
    }

    var apps: [AppModel]
    /// Task requests (SPEC 28), `+Tasks`.
    var tasks: TaskModel
    /// The freezer's budget, its ticks and its last freeze (SPEC 37), `+FreezerRules`.
    var freezerModel = FreezerModel()

    init(scenario: Scenario, policyName: String, keepsLog: Bool = false) {
        self.scenario = scenario
        self.policyName = policyName
        self.device = scenario.device
        self.profiles = scenario.apps
        self.apps = Array(repeating: AppModel(), count: scenario.apps.count)
        self.tasks = TaskModel(device: scenario.device)
        self.systemKiB = scenario.device.systemKiB
        let free = scenario.device.ramKiB - scenario.device.reservedKiB - scenario.device.systemKiB
        self.lastRecordedFree = free
        self.minFreeKiB = free
        self.minRowFreeKiB = free
        self.log = keepsLog ? EventLog() : nil
        // SPEC 37: the freezer acts with a block whose max_frozen is above 0, under jetsam.
        if policyName == "jetsam", let freezer = scenario.device.freezer, freezer.maxFrozen > 0 {
            freezerModel.isOn = true
            freezerModel.budget = freezer.dailyKiB
        }
        placeInitialApps()
    }

    // MARK: Reporting

    /// Records a violation (messages are only built on the failing path, so they are eager).
    mutating func fail(_ message: String) {
        guard violations.count < maxViolations else { return }
        let step = event.map { "event #\(eventIndex) \($0.action)" } ?? "timer"
        violations.append("t=\(now) ms [\(step)]: \(message)")
    }

    func name(_ app: AppIndex) -> String { "app\(app)" }

    // MARK: Model queries

    var modelFreeKiB: KiB {
        device.ramKiB - device.reservedKiB - systemKiB - apps.indices.reduce(0) { $0 + physical($1) }
    }

    /// SPEC 22: what the compressor holds app `app`'s compressed memory in, ⌈c × 100 / r⌉ with
    /// its own ratio or the device's, computed here from the profile, not taken from the engine.
    func stored(_ app: AppIndex) -> KiB {
        let ratio = profiles[app].compressionRatioHundredths ?? device.compressor?.ratioHundredths ?? 100
        let c = apps[app].compressed.count
        return .kib((c * 100 + ratio - 1) / ratio)
    }

    /// SPEC 22: the physical memory app `app` occupies: its footprint less its compressed
    /// memory plus what that is held in.
    func physical(_ app: AppIndex) -> KiB {
        apps[app].footprint - apps[app].compressed + stored(app) - apps[app].flash
    }

    /// Whether a suspended app is in jetsam's band 0 (SPEC 6, 37): a frozen one only when
    /// demoted, any other once past aging (nil when the records cannot tell).
    func inIdleBand(_ app: AppIndex) -> Bool? {
        apps[app].frozen ? apps[app].demoted : isAged(app)
    }

    /// SPEC 5: base for the state, plus allocations, less a warning release and a purge; never
    /// below 0; 0 when not running.
    func expectedFootprint(_ app: AppIndex, purged: Bool? = nil) -> KiB {
        let model = apps[app]
        guard model.state.isResident else { return 0 }
        let profile = profiles[app]
        var kib = profile.baseKiB(in: model.state) + model.dynamic + model.sessionMemory
        if model.released { kib -= profile.warningReleaseKiB }
        if purged ?? model.purged { kib -= profile.purgeableKiB }
        return max(0, kib)
    }

    func isRunningCode(_ app: AppIndex) -> Bool {
        switch apps[app].state {
        case .active, .inactive, .background: true
        case .notRunning, .suspended: false
        }
    }

    var covered: Bool { locked || alertShowing || call == .ringing }

    /// Whether a suspended app is past jetsam's aging period: nil when a timer and this step
    /// share the instant, so that the records cannot tell.
    func isAged(_ app: AppIndex) -> Bool? {
        let end = apps[app].suspendedAt + device.agingMs
        if now > end { return true }
        if now < end { return false }
        return nil
    }

    /// Jetsam's band of an app that is not suspended (SPEC 6).
    func activeBand(_ app: AppIndex) -> Int? {
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
    mutating func refreshBand(_ app: AppIndex) {
        let band = apps[app].state == .suspended ? -1 : activeBand(app)
        if band != apps[app].band {
            apps[app].band = band
            apps[app].bandEntered = now
        }
    }
}

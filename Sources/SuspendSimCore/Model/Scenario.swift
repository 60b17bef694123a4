/// One scenario: a device, its apps, a timeline and optional expectations (SPEC 7).
///
/// Load one from a file with `ScenarioLoader`, or build one in code:
///
/// ```swift
/// var scenario = Scenario(name: "demo", device: Device(ramMB: 2048),
///                         apps: [AppProfile(id: "com.example.a", activeMB: 120)])
/// let a = try scenario.app("com.example.a")
/// try scenario.append(at: 0, .open(a))
/// try scenario.append(at: 10, .home)
/// let result = Simulation.run(scenario)
/// ```
public struct Scenario: Sendable {
    /// Unique name; names the report folder.
    public var name: String
    /// The eviction policy, resolved once when the scenario is built or loaded: whoever builds
    /// the scenario supplies it (the file's `policy:`, SPEC 6's `largest-first` by default).
    public var policy: any EvictionPolicy
    /// The policy's name, as scenario files and reports spell it.
    public var policyName: String { policy.name }
    /// The device.
    public var device: Device
    /// The apps, in scenario order.
    public var apps: [AppProfile]
    /// The timeline, in time order. From outside the package it grows only through
    /// `append(at:_:)`, which refuses an app index that no app has, so that a run never
    /// meets one.
    public package(set) var events: [ScenarioEvent]
    /// More events, generated from `seed` after the listed ones (a `workload:` block).
    @_spi(Generators) public var generator: (any EventGenerator)?
    /// The seed of the generated events; nil for a scenario without randomness.
    public var seed: UInt64?
    /// Events and timers after this instant do not run (inclusive); nil: run until none is left.
    public var endMs: Millis?
    /// The device as found at time 0 (SPEC 12 `initial:`): apps already resident, oldest
    /// first. From outside the package it grows only through `appendInitial(_:)`, which
    /// checks the app index.
    public package(set) var initial: [Scenario.InitialApp] = []
    /// The policies the file writes in YAML (its `policies:`), by name beside the built-ins,
    /// for `--policy` and a `policy` sweep.
    public var namedPolicies: [any EvictionPolicy] = []
    /// What `suspendsim check` verifies.
    public var expectation: Scenario.Expectation?
    /// What the field observed of one app (SPEC 18 `observed:`), for a batch's `observed.csv`.
    /// From outside the package it is set only through `setObserved(_:)`, which refuses an
    /// app index that no app has, so that a batch never meets one.
    public package(set) var observed: Scenario.Observed?
    /// The file the scenario came from, if any.
    public var sourcePath: String?
    /// What the file, `--set` and the sweep gave, so that a run's `assumptions.csv` lists only
    /// the defaults it took (SPEC 36); empty for a scenario built in code.
    package var given = Scenario.Given()

    /// A scenario under `policy`, with no events yet (`append(at:_:)` adds them).
    /// `init(name:device:apps:...)` gives SPEC 6's default policy, `init(name:policyName:...)`
    /// a built-in one by name.
    public init(
        name: String, policy: any EvictionPolicy, device: Device, apps: [AppProfile],
        endMs: Millis? = nil, expectation: Scenario.Expectation? = nil, sourcePath: String? = nil
    ) {
        self.init(name: name, policy: policy, device: device, apps: apps, events: [], endMs: endMs,
                  expectation: expectation, sourcePath: sourcePath)
    }

    /// A scenario with `events` as read from a file, whose app indexes the reader has checked.
    package init(
        name: String, policy: any EvictionPolicy, device: Device, apps: [AppProfile],
        events: [ScenarioEvent], endMs: Millis? = nil, expectation: Scenario.Expectation? = nil,
        sourcePath: String? = nil
    ) {
        self.name = name
        self.policy = policy
        self.device = device
        self.apps = apps
        self.events = events
        self.endMs = endMs
        self.expectation = expectation
        self.sourcePath = sourcePath
    }

    /// The index of the app with bundle id `id`; an id no app has throws, naming the nearest
    /// ids (`appIndex(_:)` returns nil instead).
    ///
    /// - Complexity: O(apps)
    public func app(_ id: String) throws(Scenario.LookupError) -> AppIndex {
        guard let index = appIndex(id) else {
            throw Scenario.LookupError(kind: .app, name: id, among: apps.map(\.id), scenario: name)
        }
        return index
    }

    /// Appends an event at `seconds` (rounded half up to a millisecond).
    ///
    /// - Throws: `Scenario.LookupError` of kind `appIndex` when the event names an app index
    ///   that no app of the scenario has (an index taken from another scenario, say), and of
    ///   kind `time` when `seconds` is no time a scenario file could give (SPEC 7): not a
    ///   finite number, negative, past 2^32 s, or before the last event's time; and of kind
    ///   `amount` when an `allocate` or `system_allocate` amount is past 2^32 MB in magnitude
    ///   or a session allocation is not more than 0 (SPEC 7, 32). A failed test, never a trap
    ///   in the run; the scenario is left as it was.
    public mutating func append(at seconds: Double, _ action: ScenarioEvent.Action) throws(Scenario.LookupError) {
        let time = try checkedTime(seconds)
        if let app = action.app { _ = try checked(app) }
        try checkAmount(of: action)
        events.append(ScenarioEvent(atMs: time, action))
    }

    /// Appends an app found resident at time 0 (SPEC 12 `initial:`), after those already
    /// listed (oldest first).
    ///
    /// - Throws: `Scenario.LookupError` of kind `appIndex` when no app has `entry.app`.
    public mutating func appendInitial(_ entry: Scenario.InitialApp) throws(Scenario.LookupError) {
        _ = try checked(entry.app)
        initial.append(entry)
    }

    /// Sets what the field observed of one app (SPEC 18 `observed:`); nil removes it.
    ///
    /// - Throws: `Scenario.LookupError` of kind `appIndex` when no app has `observed.app`;
    ///   the scenario is left as it was.
    public mutating func setObserved(_ observed: Scenario.Observed?) throws(Scenario.LookupError) {
        if let observed { _ = try checked(observed.app) }
        self.observed = observed
    }
}

extension Scenario {
    /// What a scenario expects of its run (SPEC 7 and 14 `expect:`).
    public struct Expectation: Sendable, Hashable {
        /// The apps killed for `memory-pressure`, in order.
        public var evictions: [String]?
        /// The apps resident at the end, compared as a set.
        public var survivors: [String]?
        /// Apps that must be resident at the end (a subset, checked per app).
        public var survives: [String]?
        /// Apps that must never be killed in the run (no pressure or other kill).
        public var neverKilled: [String]?
        /// Apps that must be killed at least once (the complement of `neverKilled`).
        public var killed: [String]?
        /// The most pressure kills the run may have, over all apps.
        public var maxPressureKills: Int?
        /// Every observed counter lies inside its simulated interval, at each point of the
        /// batch (SPEC 18 `observed_within_ci`): checked on the whole batch, not on one run.
        public var observedWithinCI = false
        /// Bounds on a batch's rates per app (SPEC 19 `rates:`), in file order: checked on the
        /// whole batch, at each point and policy, not on one run.
        public var rates: [RateBound] = []
        /// Expectations that apply only under one policy, by policy name.
        public var byPolicy: [String: Scenario.Expectation]
        /// The file line each key was written on (`survives`, `max_pressure_kills`, ...), and
        /// each rate bound's app entry (`RateBound.lineKey`), for messages; not part of equality.
        public var lines: [String: Int] = [:]

        public init(
            evictions: [String]? = nil, survivors: [String]? = nil, survives: [String]? = nil,
            neverKilled: [String]? = nil, killed: [String]? = nil, maxPressureKills: Int? = nil,
            byPolicy: [String: Scenario.Expectation] = [:]
        ) {
            self.evictions = evictions
            self.survivors = survivors
            self.survives = survives
            self.neverKilled = neverKilled
            self.killed = killed
            self.maxPressureKills = maxPressureKills
            self.byPolicy = byPolicy
        }

        public static func == (a: Scenario.Expectation, b: Scenario.Expectation) -> Bool {
            a.evictions == b.evictions && a.survivors == b.survivors && a.survives == b.survives
                && a.neverKilled == b.neverKilled && a.killed == b.killed && a.maxPressureKills == b.maxPressureKills
                && a.observedWithinCI == b.observedWithinCI && a.rates == b.rates && a.byPolicy == b.byPolicy
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(evictions)
            hasher.combine(survivors)
            hasher.combine(survives)
            hasher.combine(neverKilled)
            hasher.combine(killed)
            hasher.combine(maxPressureKills)
            hasher.combine(observedWithinCI)
            hasher.combine(rates)
            hasher.combine(byPolicy)
        }

        /// A rate of a batch's `survival.csv` that `expect.rates` can bound (SPEC 19).
        public enum Rate: String, Sendable, Hashable, CaseIterable {
            /// Runs in which the app was never killed, over all runs.
            case neverKilledRate = "never_killed_rate"
            /// Runs in which the app was resident at the end, over the runs that launched it.
            case launchedSurvivalRate = "launched_survival_rate"
            /// Runs in which the app was resident at the end, over all runs.
            case survivalRate = "survival_rate"
        }

        /// One app's rate, bounded (SPEC 19 `rates: { RATE: { APP: BOUND } }`): inclusive, in
        /// thousandths (0...1000), because a rate is judged on the value `survival.csv` prints,
        /// with 3 decimals.
        public struct RateBound: Sendable, Hashable {
            /// The rate bounded.
            public var rate: Rate
            /// The app's bundle id.
            public var app: String
            /// The accepted values, in thousandths: `">= 0.8"` is 800...1000.
            public var thousandths: ClosedRange<Int>

            public init(rate: Rate, app: String, thousandths: ClosedRange<Int>) {
                self.rate = rate
                self.app = app
                self.thousandths = thousandths
            }

            /// The key of the app entry's line in `Expectation.lines`, and the assertion's path
            /// under `expect.`: `rates.never_killed_rate.com.example.a`.
            public var lineKey: String { "rates.\(rate.rawValue).\(app)" }
        }
    }
}

extension Scenario {
    /// An app resident when a run starts (SPEC 12 `initial:`): launched before the run, so it has
    /// no callback and no transition at time 0.
    public struct InitialApp: Sendable, Hashable {
        /// The app.
        public var app: AppIndex
        /// `suspended`, `background`, or for the frontmost app `active` (or `inactive`: the
        /// device is found locked).
        public var state: LifecycleState
        /// The continuous modes in use: required for `background`, none for `suspended`; nil for
        /// the frontmost app means its declared continuous modes.
        public var modes: AppProfile.BackgroundModes?
        /// Found frozen (SPEC 37 `frozen: true`, only for a `suspended` app): frozen and thawed,
        /// its copy on flash its footprint, in the freezer's band. No effect when the freezer
        /// is off in the run.
        public var frozen: Bool

        public init(app: AppIndex, state: LifecycleState, modes: AppProfile.BackgroundModes? = nil, frozen: Bool = false) {
            self.app = app
            self.state = state
            self.modes = modes
            self.frozen = frozen
        }
    }
}

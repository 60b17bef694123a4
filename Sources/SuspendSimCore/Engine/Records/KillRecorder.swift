/// A recorder that keeps only the run's terminations, each with the victim's last two state
/// changes before it: what a batch needs to say why an app was killed across its runs
/// without `--details` (SPEC 41, `kills.csv`). Memory is one pair of steps per app plus one
/// record per kill, so a batch's runs stay as small as summary-only runs.
package struct KillRecorder: SimulationRecorder, Sendable {
    /// One state change of an app: when, into which state, and what made it (`transitions.csv`).
    package struct Step: Sendable, Hashable {
        package var timeMs: Millis
        package var state: LifecycleState
        package var cause: EventLog.TransitionCause

        package init(timeMs: Millis, state: LifecycleState, cause: EventLog.TransitionCause) {
            self.timeMs = timeMs
            self.state = state
            self.cause = cause
        }
    }

    /// One termination (an `evictions.csv` row) with the victim's state changes before it.
    package struct Kill: Sendable, Hashable {
        package var eviction: Eviction
        /// The change before `last`, when the app had one since it was last launched or killed.
        package var earlier: Step?
        /// The victim's last state change before the kill (its launch at the least, unless the
        /// scenario started it resident).
        package var last: Step?
    }

    /// The run's terminations, in `evictions.csv`'s order.
    package private(set) var kills: [Kill] = []
    /// Each app's last two state changes since its launch, by app index (grown on demand).
    private var earlier: [Step?] = []
    private var last: [Step?] = []

    package init() {}

    package static var recordsVictimOrder: Bool { false }

    package mutating func record(_ transition: EventLog.Transition) {
        // A kill's own change to not-running (recorded just before its eviction) is the
        // kill, not a step before it.
        if case .kill = transition.cause { return }
        let app = transition.app
        if app >= last.count {
            earlier += Array(repeating: nil, count: app + 1 - earlier.count)
            last += Array(repeating: nil, count: app + 1 - last.count)
        }
        earlier[app] = last[app]
        last[app] = Step(timeMs: transition.timeMs, state: transition.to, cause: transition.cause)
    }

    /// Keeps the kill with the victim's steps, then forgets them: a relaunch starts afresh.
    package mutating func record(_ eviction: Eviction) {
        let app = eviction.who.app
        guard app < last.count else {
            kills.append(Kill(eviction: eviction, earlier: nil, last: nil))
            return
        }
        kills.append(Kill(eviction: eviction, earlier: earlier[app], last: last[app]))
        earlier[app] = nil
        last[app] = nil
    }

    package mutating func record(_ callback: EventLog.CallbackRecord) {}
    package mutating func record(_ footprint: EventLog.FootprintRecord) {}
    package mutating func record(_ free: EventLog.FreeRecord) {}
    package mutating func record(_ skip: EventLog.Skip) {}
}

extension Simulation where Recorder == KillRecorder {
    /// Runs `scenario` to the end under `policy` (default: the scenario's own), keeping its
    /// terminations only (`KillRecorder`): a batch run without `--details` (SPEC 41).
    package static func runKeepingKills(_ scenario: Scenario, policy: (any EvictionPolicy)? = nil) -> SimulationResult<KillRecorder> {
        var simulation = Simulation(scenario, policy: policy ?? scenario.policy, recorder: KillRecorder())
        simulation.run()
        return simulation.result
    }
}

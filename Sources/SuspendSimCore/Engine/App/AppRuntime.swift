/// One app's run-time state: everything the engine tracks beyond its profile.
struct AppRuntime {
    /// Its life-cycle state and the work running in it; `Simulation.setState` changes it.
    var phase = Phase.notRunning
    /// Its memory: footprint, compressed and stored memory, allocations, releases (SPEC 5, 22, 32).
    var memory = Memory()
    /// Its place among every entry into `suspended` of the run (SPEC 23: the compressor takes
    /// the app that entered earliest).
    var suspendedEntry: UInt64 = 0
    /// Continuous modes in use.
    var modesInUse: AppProfile.BackgroundModes = []
    /// Timers carry the epoch they were scheduled in; bumping it cancels them all.
    var timerEpoch: UInt32 = 0
    /// Bumped each time the app is suspended; an aging timer from an earlier suspension is stale.
    var suspensionEpoch: UInt32 = 0
    /// Past jetsam's aging period in its current suspension.
    var aged = false
    /// When it entered its current state.
    var stateEnteredMs: Millis = .zero
    /// Its jetsam band and since when: kept only under a policy with bands (SPEC 6, 16).
    var jetsam = JetsamStanding()
    /// Frozen, on flash, demoted, its thaws since launch (SPEC 37): ends with the process.
    var freezer = FreezerStanding()
    /// Force-quit by the user and not opened since: no wake relaunches it (survives death).
    var userTerminated = false
    /// Holds user state not saved since it last left the foreground; a system kill loses it.
    var hasUnsavedState = false
    /// When it last stopped being frontmost (0: never); survives death and relaunch.
    var lastFrontmostOrder: UInt64 = 0
    /// A scene-based app has a scene connected: from its first time in the foreground to the
    /// end of the process (SPEC 11).
    var sceneConnected = false
    /// A scene-based app's `Callback.ScenePhase`: `background` while no scene is connected (SPEC 16).
    var scenePhase = Callback.ScenePhase.background

    /// What the run counts of it for its outcome: launches, kills, time resident, compression
    /// steps and MetricKit's figures (SPEC 14, 17, 22).
    var stats = Statistics()

    /// Its life-cycle state (SPEC 2).
    var state: LifecycleState { phase.state }

    /// Counts the time since `stats.fieldCountedToMs` in the app's state and footprint, up to
    /// `nowMs`: called before either changes. Inlined: it runs at every transition.
    @inline(__always)
    mutating func countFieldMetrics(to nowMs: Millis) {
        stats.field.accrue(state, footprint: memory.footprintKiB, from: stats.fieldCountedToMs, to: nowMs)
        stats.fieldCountedToMs = nowMs
    }

    /// `stats.field` as it would stand at `endMs`, without changing it.
    func fieldMetrics(endingAt endMs: Millis) -> AppOutcome.FieldMetrics {
        var field = stats.field
        field.accrue(state, footprint: memory.footprintKiB, from: stats.fieldCountedToMs, to: endMs)
        return field
    }

    /// Running code: frontmost or in `background` (SPEC 3, `allocate` and `start_mode`).
    var isRunningCode: Bool {
        switch state {
        case .active, .inactive, .background: true
        case .notRunning, .suspended: false
        }
    }

    /// Whether anything keeps it executing in `background` (SPEC 4): work or a continuous mode.
    var hasReasonToRun: Bool {
        !phase.work.isEmpty || !modesInUse.isEmpty
    }

    /// Begins `work` (SPEC 4.2, 4.3, a wake): only an app in `background` runs work.
    mutating func begin(_ work: BackgroundWork) {
        guard case .background(let running) = phase else {
            preconditionFailure("Work \(work) begun in state \(state)")
        }
        phase = .background(running.union(work))
    }

    /// Ends `work`; outside `background` none runs, so there is nothing to end.
    mutating func end(_ work: BackgroundWork) {
        guard case .background(let running) = phase else { return }
        phase = .background(running.subtracting(work))
    }

    /// The app as a policy sees it (without the recency fields, which depend on other apps).
    /// Always inlined: called on an element of the engine's array, a call copies the whole
    /// runtime out of it first (about 15 % of a batch's time when it was not inlined).
    @inline(__always)
    func candidate(index: AppIndex) -> Candidate {
        var candidate = Candidate(
            index: index, state: state, footprintKiB: memory.footprintKiB, modesInUse: modesInUse,
            lastFrontmostOrder: lastFrontmostOrder, stateEnteredMs: stateEnteredMs,
            aged: aged, bandEnteredMs: jetsam.bandEnteredMs)
        candidate.enteredBandBeforeStart = jetsam.enteredBandBeforeStart
        candidate.compressedKiB = memory.compressedKiB
        candidate.storedKiB = memory.storedKiB
        candidate.isFrozen = freezer.isFrozen
        candidate.isDemoted = freezer.isDemoted
        candidate.flashKiB = memory.flashKiB
        return candidate
    }

    /// Forgets everything that ends with the process.
    mutating func resetProcess() {
        memory.dynamicKiB = .zero
        memory.sessionKiB = .zero
        memory.releasedOnWarning = false
        memory.purged = false
        modesInUse = []
        end(phase.work)  // its background work dies with it
        aged = false
        hasUnsavedState = false
        sceneConnected = false
        scenePhase = .background
        timerEpoch &+= 1
        freezer = FreezerStanding()
    }
}

/// Footprints, free memory, state changes and terminations (SPEC 5).
extension Simulation {
    /// The footprint app `index` should have now: base for its state, plus allocations (kept
    /// and session, SPEC 32),
    /// less what it released on a warning and what was purged; never below 0 (SPEC 5, 10).
    /// Inlined into `refreshFootprint`, which runs at every transition.
    @inline(__always)
    func computedFootprintKiB(of index: AppIndex) -> KiB {
        let app = apps[index]
        guard app.state.isResident else { return .zero }
        // Field by field: a copy of the whole profile retains its id and its `bg_tasks`.
        var kib = profiles[index].baseKiB(in: app.state) + app.memory.dynamicKiB + app.memory.sessionKiB
        if app.memory.releasedOnWarning { kib -= profiles[index].warningReleaseKiB }
        if app.memory.purged { kib -= profiles[index].purgeableKiB }
        return max(.zero, kib)
    }

    /// Recomputes app `index`'s footprint; records a change of it or of its compressed memory
    /// in `memory.csv` and `pressure.csv` (SPEC 22: one row for both).
    mutating func refreshFootprint(of index: AppIndex) {
        let new = computedFootprintKiB(of: index)
        // Checked against the limit of the app's current state, so a state change alone can
        // put an app over its limit (SPEC 16).
        if new > device.appLimitKiB(in: apps[index].state) { pressure.noteOverLimit(index) }
        // Read first, changed only when it differs (most refreshes change nothing): a mutating
        // call on `apps[index]` checks the array's uniqueness even when it writes nothing.
        guard apps[index].footprintDiffers(from: new), let change = apps[index].takeFootprint(new, at: nowMs) else { return }
        ledger.flashChanged(from: change.oldFlashKiB, to: change.flashKiB)
        appDidChange(index)
        ledger.footprintChanged(from: change.oldKiB, to: new)
        recorder.record(EventLog.FootprintRecord(
            timeMs: nowMs, app: index, state: apps[index].state, footprintKiB: new, compressedKiB: change.compressedKiB,
            flashKiB: change.flashKiB))
        freeDidChange()
    }

    /// Records free memory in `pressure.csv` (not while the `initial:` apps are placed: the
    /// row after them stands for them all, SPEC 20). The run's minimum is settled free memory,
    /// taken at the end of each pressure check (SPEC 32), not here.
    /// Inlined: every footprint change records one.
    @inline(__always)
    mutating func freeDidChange() {
        let free = freeKiB
        guard !isPlacingInitialApps else { return }
        recorder.record(EventLog.FreeRecord(
            timeMs: nowMs, usedKiB: device.ramKiB - free, freeKiB: free,
            level: EventLog.PressureLevel(freeKiB: free, device: device),
            compressedKiB: ledger.compressedKiB, compressorKiB: ledger.compressorKiB, flashKiB: ledger.flashKiB))
    }

    /// Moves app `index` to `state`, logs the transition and updates its footprint. The state
    /// is entered afresh: no background work running (`AppRuntime.Phase`, SPEC 4).
    /// Becoming `active` forgets warning releases and purges (SPEC 5: "until it next becomes
    /// active").
    mutating func setState(_ index: AppIndex, _ state: LifecycleState, cause: EventLog.TransitionCause) {
        let from = apps[index].state
        recorder.record(EventLog.Transition(timeMs: nowMs, app: index, from: from, to: state, cause: cause))
        // Time resident (SPEC 14 `resident_s`): from a launch to the next death.
        if let entering = apps[index].enter(state, at: nowMs) { ledger.residencyChanged(entering: entering) }
        if from == .suspended, state != .suspended { releaseCompressedMemory(of: index) }
        // SPEC 37: leaving `suspended` alive thaws a frozen app (a death has reset it).
        if from == .suspended, state != .suspended, apps[index].freezer.isFrozen { thaw(index, into: state) }
        if state == .suspended, from != .suspended { noteSuspendedEntry(of: index) }
        appDidChange(index)
        refreshFootprint(of: index)
    }

    /// `allocate`: the app's kept memory grows by `kib` (never below 0; a negative `kib`
    /// gives back kept memory only), or with `session` its session memory, given back at its
    /// next `applicationDidEnterBackground` (SPEC 32). Only an app that is running code
    /// allocates (SPEC 3).
    mutating func allocate(_ kib: KiB, in index: AppIndex, session: Bool = false) {
        guard apps[index].isRunningCode else {
            return skip(.allocate, app: index, .notRunningCode)
        }
        if session {
            apps[index].memory.sessionKiB = MemoryLedger.clamped(apps[index].memory.sessionKiB + kib)
        } else {
            apps[index].memory.dynamicKiB = MemoryLedger.clamped(apps[index].memory.dynamicKiB + kib)
        }
        refreshFootprint(of: index)
    }

    /// `system_allocate`: the OS takes (or gives back) `kib` (never below 0).
    mutating func systemAllocate(_ kib: KiB) {
        if ledger.allocateSystem(kib) { freeDidChange() }
    }

    /// Purges the app's purgeable memory if it has not been purged since it was last active.
    /// Returns whether anything was purged.
    @discardableResult
    mutating func purge(_ index: AppIndex) -> Bool {
        // SPEC 37: an app on flash has nothing to purge.
        guard !apps[index].memory.purged, profiles[index].purgeableKiB > .zero, !apps[index].freezer.isOnFlash else { return false }
        apps[index].memory.purged = true
        refreshFootprint(of: index)
        return true
    }

    /// Marks that the frontmost app stops being frontmost (SPEC 6's recency counter).
    /// Inlined: every time an app leaves the foreground, and as a call its prologue and
    /// epilogue were a third of its instructions (docs/performance.md, "The run's thread from
    /// the first event to the last").
    @inline(__always)
    mutating func clearFrontmost() {
        guard let (index, order) = screen.endFrontmost() else { return }
        apps[index].lastFrontmostOrder = order
        appDidChange(index)
    }

    /// Terminates app `index` for `reason` (SPEC 2, 5): the callback if the rules call one,
    /// the eviction row, the kill counters and state loss, the transition to `not-running`,
    /// and a footprint of 0.
    ///
    /// `applicationWillTerminate` is called only for an app running in `background` that is
    /// killed by the policy, force-quit, or exits on suspend; never for a suspended app, and
    /// never on a watchdog, limit, expiry, wake-timeout or page-shortage kill.
    ///
    /// `chosen` is the victim as a policy loop chose it, with the policy's order as it stood
    /// then, before any purge (SPEC 14); its recency fields are reused for the `priority`
    /// column instead of scanning the candidates again. Any other kill takes the order at
    /// the instant of the kill. `trigger` and `threshold` name the loop (SPEC 16); by default
    /// they follow the reason.
    mutating func kill(
        _ index: AppIndex, reason: KillReason, chosen: consuming ChosenVictim? = nil,
        trigger: Eviction.Trigger? = nil, thresholdKiB: KiB? = nil
    ) {
        let trigger = trigger ?? Eviction.Trigger(reason)
        let app = apps[index]
        // `chosen` is consumed, taken apart once: a borrowed optional was copied whole first,
        // through an outlined copy that looked up its type's metadata at run time (about 280
        // instructions a kill, docs/performance.md, Part XI).
        let order: Eviction.VictimOrder?
        var seen: Candidate
        switch consume chosen {
        case .some(let chosen): (order, seen) = (chosen.order, chosen.candidate)
        case .none: (order, seen) = (victimOrder(of: index), candidateInContext(index))
        }
        seen.footprintKiB = app.memory.footprintKiB  // a purge may have changed it since the choice
        // Band numbers follow the device's iOS release (SPEC 11).
        let priority = traits.policy.priority(of: seen).map { traits.usesBands ? device.jetsamBands.number(ofCurrentBand: $0) : $0 }
        precondition(app.state.isResident, "Killing app \(index) that is not running")
        if app.state == .background {
            switch reason {
            case .memoryPressure, .forceQuit, .exitsOnSuspend:
                call(.willTerminate, on: index)
            case .perProcessLimit, .vmPageShortage, .watchdog, .backgroundTaskExpired, .wakeTimeout, .longIdleExit:
                break
            }
        }
        let freeBefore = freeKiB
        // Judged before the kill gives the victim's compressed memory back.
        let shortfall = Self.compressionShortfall(
            for: trigger, stop: pressure.compressionStop, compressedKiB: ledger.compressedKiB,
            poolKiB: device.compressorPoolKiB)
        if screen.frontmost == index { clearFrontmost() }
        if reason.category != .choice, apps[index].stats.firstKillMs == nil { apps[index].stats.firstKillMs = nowMs }
        switch reason.category {
        case .pressure:
            apps[index].stats.pressureKills += 1
            if app.hasUnsavedState { apps[index].stats.stateLosses += 1 }
        case .other:
            apps[index].stats.otherKills += 1
            if app.hasUnsavedState { apps[index].stats.stateLosses += 1 }
        case .choice:
            break
        }
        apps[index].stats.field.exits[reason.exitCategory(in: app.state)] += 1
        apps[index].stats.kills[trigger] += 1  // the row's trigger below (SPEC 41)
        if tasks.isEnabled { endRunningTask(of: index, outcome: .killed) }  // SPEC 28: any termination
        // SPEC 37: a death frees its flash copy (its physical memory is 0 on flash); the
        // budget is not given back.
        if apps[index].freezer.isFrozen { freezer.noteFrozenDeath() }
        apps[index].resetProcess()
        setState(index, .notRunning, cause: .kill(reason))
        let seq = evictions.noteKill(of: index, reason: reason)
        recorder.record(Eviction(
            who: Eviction.Who(seq: seq, timeMs: nowMs, app: index, state: app.state, reason: reason, trigger: trigger),
            memory: Eviction.Memory(
                footprintKiB: app.memory.footprintKiB, freeBeforeKiB: freeBefore, freeAfterKiB: freeKiB,
                thresholdKiB: thresholdKiB ?? (reason == .vmPageShortage ? .zero : nil)),
            ranking: Eviction.Ranking(priority: priority, order: order),
            compressor: Eviction.Compressor(compressedKiB: app.memory.compressedKiB, shortfall: shortfall)))
    }

    /// The policy's order of the resident non-frontmost apps around `victim` (SPEC 14):
    /// its place, the order's length and the first other app; nil when the recorder does not
    /// record it. Ties break as for every choice: least recently frontmost, then scenario
    /// order.
    ///
    /// - Complexity: O(n) in the number of apps (O(n log n) for a policy that
    ///   `usesRecency`).
    func victimOrder(of victim: AppIndex) -> Eviction.VictimOrder? {
        guard Recorder.recordsVictimOrder else { return nil }
        guard traits.usesRecency || Recorder.recordsPolicyOrder else {
            let order = orderByOnePass(around: victim)
            #if SUSPENDSIM_INTERNAL_CHECKS
            precondition(order == orderBySorting(around: victim), "One-pass order \(order), by sorting \(orderBySorting(around: victim))")
            #endif
            return order
        }
        return orderBySorting(around: victim)
    }

    /// `victimOrder(of:)` for a policy whose ranks do not depend on the other candidates, and
    /// without the order's head: one pass over the apps, each candidate's key computed once,
    /// no list built.
    private func orderByOnePass(around victim: AppIndex) -> Eviction.VictimOrder {
        let policy = traits.policy
        let victimKey = isCandidate(victim) ? PolicyOrderKey(candidate(victim), under: policy) : nil
        var count = 0
        var ahead = 0
        var runnerUp: PolicyOrderKey?
        for index in apps.indices where isCandidate(index) {
            count += 1
            guard index != victim else { continue }
            let key = PolicyOrderKey(candidate(index), under: policy)
            if let victimKey, key < victimKey { ahead += 1 }
            if runnerUp.map({ key < $0 }) ?? true { runnerUp = key }
        }
        return Eviction.VictimOrder(rank: victimKey == nil ? nil : ahead + 1, count: count, runnerUp: runnerUp?.index)
    }

    /// `victimOrder(of:)` by ranking the candidates as a list (with their recency fields),
    /// and sorting them for the order's head when the recorder wants it.
    private func orderBySorting(around victim: AppIndex) -> Eviction.VictimOrder {
        // Closures here see `policy`, not the generic `self` (see `candidates()`).
        let list = candidates()
        let policy = traits.policy
        var victimKey: PolicyOrderKey?
        var others: [Candidate] = []
        others.reserveCapacity(list.count)
        for candidate in list {
            if candidate.index == victim { victimKey = PolicyOrderKey(candidate, under: policy) } else { others.append(candidate) }
        }
        let ahead = victimKey.map { key in others.count { PolicyOrderKey($0, under: policy) < key } }
        var order = Eviction.VictimOrder(rank: ahead.map { $0 + 1 }, count: list.count, runnerUp: firstInPolicyOrder(others)?.index)
        if Recorder.recordsPolicyOrder {
            order.head = Array(list.sorted { PolicyOrderKey($0, under: policy) < PolicyOrderKey($1, under: policy) }.prefix(6))
        }
        return order
    }
}

/// A candidate's place in the kill order: compared field by field, smallest killed first.
struct PolicyOrderKey: Comparable {
    var rank: Candidate.Rank
    var lastFrontmostOrder: UInt64
    var index: AppIndex

    /// The key of `candidate` under `policy`.
    init(_ candidate: Candidate, under policy: any EvictionPolicy) {
        rank = policy.rank(of: candidate)
        lastFrontmostOrder = candidate.lastFrontmostOrder
        index = candidate.index
    }

    static func < (a: PolicyOrderKey, b: PolicyOrderKey) -> Bool {
        (a.rank, a.lastFrontmostOrder, a.index) < (b.rank, b.lastFrontmostOrder, b.index)
    }
}

/// A victim as a policy loop chose it, and the order it was chosen from.
struct ChosenVictim {
    var candidate: Candidate
    var order: Eviction.VictimOrder?
}

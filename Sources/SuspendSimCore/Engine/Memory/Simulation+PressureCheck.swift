/// The pressure check that follows every event and timer (SPEC 5, 22, 37), in this order:
/// 1. per-app limit kills; 2. the freezer (`Simulation+Freezer.swift`); 3. compression
/// (`Simulation+Compression.swift`); 4. memory warnings; 5. while free is below
/// `critical_free_mb`, the policy's next victim is purged, then killed (`memory-pressure`);
/// 6. if free is still below 0, the frontmost app is purged, then killed (`vm-pageshortage`).
extension Simulation {
    mutating func runPressureCheck() {
        killAppsOverLimit()
        freezeIfDue()
        pressure.compressionStop = compressSuspendedApps()
        sendMemoryWarningsIfNeeded()
        killForMemoryPressure()
        killFrontmostOnPageShortage()
        // A warning episode is judged at the end of the check, after its kills (SPEC 10);
        // `min_free_mb` is settled free memory, at the end of each check (SPEC 32).
        pressure.settle(freeKiB: freeKiB, warningFreeKiB: device.warningFreeKiB)
    }

    /// Step 1: every app whose footprint exceeds the per-app limit of its state
    /// (`app_limit_mb`, or `app_background_limit_mb` in `background` and `suspended`), in
    /// scenario order. Purges nothing. Only apps whose footprint or state changed since the
    /// last check can be over it, so the check costs nothing when none is. The test is
    /// inlined into the check, the kills a call (see `sendMemoryWarningsIfNeeded()`).
    @inline(__always)
    private mutating func killAppsOverLimit() {
        guard pressure.hasOverLimit else { return }
        killOverLimit()
    }

    /// `killAppsOverLimit()` once an app may be over its limit.
    private mutating func killOverLimit() {
        for index in pressure.takeOverLimit() where apps[index].memory.footprintKiB > device.appLimitKiB(in: apps[index].state) {
            kill(index, reason: .perProcessLimit)
        }
    }

    /// Step 3: when free drops below `warning_free_mb` and no warning was sent in this
    /// episode, every app running code gets `applicationDidReceiveMemoryWarning`, in scenario
    /// order, and releases `warning_release_mb` (once, until it next becomes active).
    ///
    /// Each step's first test is inlined into the check, its work a call: the check runs after
    /// every event and timer and mostly does nothing, and a call per step cost more than its
    /// test (docs/performance.md, "The run's thread, the engine's steps").
    @inline(__always)
    private mutating func sendMemoryWarningsIfNeeded() {
        guard pressure.startsWarningEpisode(freeKiB: freeKiB, warningFreeKiB: device.warningFreeKiB) else { return }
        sendMemoryWarnings()
    }

    /// `sendMemoryWarningsIfNeeded()` once a warning episode begins.
    private mutating func sendMemoryWarnings() {
        for index in apps.indices where apps[index].isRunningCode {
            call(.didReceiveMemoryWarning, on: index)
            if !apps[index].memory.releasedOnWarning {
                apps[index].memory.releasedOnWarning = true
                refreshFootprint(of: index)
            }
        }
    }

    /// Step 4: before the critical loop, a policy with idle kills (jetsam) kills its idle
    /// apps, and only those, while free is below `idle_free_mb`; then the policy's victims,
    /// one at a time, while free is below `critical_free_mb` (or, for a policy with kill
    /// levels, the level loop of `Simulation+KillLevels.swift`). Each victim is purged first and
    /// survives if that brings free back to the target.
    @inline(__always)
    private mutating func killForMemoryPressure() {
        if traits.usesBands, freeKiB < device.idleFreeKiB { killIdleApps() }
        // SPEC 33: a policy with kill levels (lmkd) has the level loop in place of this one.
        guard traits.killLevels.isEmpty else { return killAtLevels() }
        if freeKiB < device.criticalFreeKiB { killBelowCritical() }
    }

    /// `killForMemoryPressure()`'s idle loop (jetsam's idle band), once free is below
    /// `idle_free_mb`.
    private mutating func killIdleApps() {
        while freeKiB < device.idleFreeKiB, let victim = nextVictim(), traits.policy.isIdle(victim) {
            let chosen = ChosenVictim(candidate: victim, order: orderOfChosen(victim.index))
            if purge(victim.index), freeKiB >= device.idleFreeKiB { break }
            kill(victim.index, reason: .memoryPressure, chosen: chosen, trigger: .idle, thresholdKiB: device.idleFreeKiB)
        }
    }

    /// `killForMemoryPressure()`'s critical loop, once free is below `critical_free_mb`.
    private mutating func killBelowCritical() {
        while freeKiB < device.criticalFreeKiB, let victim = nextVictim() {
            let chosen = ChosenVictim(candidate: victim, order: orderOfChosen(victim.index))
            if purge(victim.index), freeKiB >= device.criticalFreeKiB { break }
            kill(victim.index, reason: .memoryPressure, chosen: chosen, trigger: .critical, thresholdKiB: device.criticalFreeKiB)
        }
    }

    /// Step 5: the frontmost app, when free is below 0 even so.
    @inline(__always)
    private mutating func killFrontmostOnPageShortage() {
        guard freeKiB < .zero, let index = screen.frontmost else { return }
        if purge(index), freeKiB >= .zero { return }
        kill(index, reason: .vmPageShortage)
    }

    /// The policy's order around the victim `nextVictim()` just named (SPEC 14): rank 1, the
    /// number of candidates, and the runner-up from the victim index, without ranking every
    /// candidate again; a scan for a policy that `usesRecency` or when the recorder wants the
    /// order's head.
    ///
    /// - Complexity: O(log n) amortized; O(n log n) for the scan.
    mutating func orderOfChosen(_ victim: AppIndex) -> Eviction.VictimOrder? {
        guard Recorder.recordsVictimOrder else { return nil }
        if traits.usesRecency || Recorder.recordsPolicyOrder { return victimOrder(of: victim) }
        // Every resident app but the frontmost one (which is resident) is a candidate.
        let count = ledger.residentCount - (screen.frontmost == nil ? 0 : 1)
        let order = Eviction.VictimOrder(rank: 1, count: count, runnerUp: victims.second(apps: apps, frontmost: screen.frontmost))
        #if SUSPENDSIM_INTERNAL_CHECKS
        precondition(order == victimOrder(of: victim), "Victim index order \(order), a scan \(String(describing: victimOrder(of: victim)))")
        #endif
        return order
    }

    /// The candidate the policy kills first: the smallest (rank, least recently frontmost,
    /// scenario order) among resident apps that are not frontmost.
    ///
    /// - Complexity: O(log n) amortized through `VictimIndex`; a scan for a policy whose
    ///   ranks depend on the other candidates (`usesRecency`).
    mutating func nextVictim() -> Candidate? {
        if traits.usesRecency { return scanForVictim() }
        let victim = victims.first(policy: traits.policy, apps: apps, frontmost: screen.frontmost)
        #if SUSPENDSIM_INTERNAL_CHECKS
        precondition(victim == scanForVictim(), "Victim index chose \(String(describing: victim)), a scan \(String(describing: scanForVictim()))")
        #endif
        return victim
    }

    /// The same choice by a scan of every candidate: the reference the index is checked
    /// against, and the way for policies that `usesRecency`.
    func scanForVictim() -> Candidate? {
        firstInPolicyOrder(candidates())
    }

    /// The candidate the policy kills first among `list`: the smallest `policyOrderKey`.
    func firstInPolicyOrder(_ list: some Sequence<Candidate>) -> Candidate? {
        var best: (key: PolicyOrderKey, candidate: Candidate)?
        for candidate in list {
            let key = policyOrderKey(candidate)
            if best.map({ key < $0.key }) ?? true { best = (key, candidate) }
        }
        return best?.candidate
    }

    /// Where a candidate stands in the kill order (SPEC 6): the policy's rank, then least
    /// recently frontmost, then scenario order. Every choice, scan and index uses this order.
    func policyOrderKey(_ candidate: Candidate) -> PolicyOrderKey {
        PolicyOrderKey(candidate, under: traits.policy)
    }

    /// Every resident app that is not frontmost, in scenario order, with the recency fields
    /// set when the policy uses them.
    func candidates() -> [Candidate] {
        // A loop, not `filter` and `map`: their closures would capture the generic `self`,
        // and each call would look up its type's metadata at run time (6 % of a run with
        // reports, where every kill asks for the order).
        var list: [Candidate] = []
        list.reserveCapacity(apps.count)
        for index in apps.indices where isCandidate(index) {
            list.append(candidate(index))
        }
        guard traits.usesRecency else { return list }
        // The previous app: the most recently frontmost (never-frontmost apps do not qualify).
        let previous = list.filter { $0.lastFrontmostOrder > 0 }.max { $0.lastFrontmostOrder < $1.lastFrontmostOrder }?.index
        // Cached apps: the other suspended ones, most recently frontmost first.
        let cached = list.filter { $0.state == .suspended && $0.index != previous && $0.lastFrontmostOrder > 0 }
            .sorted { $0.lastFrontmostOrder > $1.lastFrontmostOrder }
        var recencyRank: [AppIndex: Int] = [:]
        for (rank, candidate) in cached.enumerated() { recencyRank[candidate.index] = rank }
        for position in list.indices {
            list[position].recency = Candidate.Recency(
                isPreviousApp: list[position].index == previous, cachedRank: recencyRank[list[position].index] ?? cached.count)
        }
        return list
    }

    /// App `index` as a policy sees it, recency fields included when the policy uses them.
    func candidateInContext(_ index: AppIndex) -> Candidate {
        guard traits.usesRecency, isCandidate(index) else { return candidate(index) }
        return candidates().first { $0.index == index } ?? candidate(index)
    }

    /// Whether app `index` is a candidate for a kill the policy chooses (SPEC 6): resident and
    /// not frontmost.
    @inline(__always)
    func isCandidate(_ index: AppIndex) -> Bool {
        apps[index].state.isResident && index != screen.frontmost
    }

    /// App `index` as a policy sees it (no recency fields).
    func candidate(_ index: AppIndex) -> Candidate {
        apps[index].candidate(index: index)
    }
}

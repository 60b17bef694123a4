/// The pressure check that follows every event and timer (SPEC 5), in this order:
/// 1. per-app limit kills; 2. memory warnings; 3. while free is below `critical_free_mb`, the
/// policy's next victim is purged, then killed (`memory-pressure`); 4. if free is still
/// below 0, the frontmost app is purged, then killed (`vm-pageshortage`).
extension Simulation {
    mutating func runPressureCheck() {
        killAppsOverLimit()
        sendMemoryWarningsIfNeeded()
        killForMemoryPressure()
        killFrontmostOnPageShortage()
        // A warning episode is judged at the end of the check, after its kills (SPEC 10).
        if freeKiB >= device.warningFreeKiB { inWarningEpisode = false }
    }

    /// Step 1: every app whose footprint exceeds `app_limit_mb`, in scenario order. Purges
    /// nothing. Only apps whose footprint rose past the limit since the last check can be
    /// over it, so the check costs nothing when none did.
    private mutating func killAppsOverLimit() {
        guard !overLimit.isEmpty else { return }
        let indices = Set(overLimit).sorted()
        overLimit.removeAll(keepingCapacity: true)
        for index in indices where apps[index].footprintKiB > device.appLimitKiB {
            kill(index, reason: .perProcessLimit)
        }
    }

    /// Step 2: when free drops below `warning_free_mb` and no warning was sent in this
    /// episode, every app running code gets `applicationDidReceiveMemoryWarning`, in scenario
    /// order, and releases `warning_release_mb` (once, until it next becomes active).
    private mutating func sendMemoryWarningsIfNeeded() {
        guard freeKiB < device.warningFreeKiB, !inWarningEpisode else { return }
        inWarningEpisode = true
        for index in apps.indices where apps[index].isRunningCode {
            call(.didReceiveMemoryWarning, on: index)
            if !apps[index].releasedOnWarning {
                apps[index].releasedOnWarning = true
                refreshFootprint(of: index)
            }
        }
    }

    /// Step 3: the policy's victims, one at a time, while free is below `critical_free_mb`.
    private mutating func killForMemoryPressure() {
        while freeKiB < device.criticalFreeKiB, let victim = nextVictim() {
            if purge(victim.index), freeKiB >= device.criticalFreeKiB { break }
            kill(victim.index, reason: .memoryPressure, priority: policy.priority(of: candidate(victim.index)))
        }
    }

    /// Step 4: the frontmost app, when free is below 0 even so.
    private mutating func killFrontmostOnPageShortage() {
        guard freeKiB < 0, let index = frontmost else { return }
        if purge(index), freeKiB >= 0 { return }
        kill(index, reason: .vmPageShortage)
    }

    /// The candidate the policy kills first: the smallest (rank, least recently frontmost,
    /// scenario order) among resident apps that are not frontmost.
    func nextVictim() -> Candidate? {
        var best: (rank: PolicyRank, candidate: Candidate)?
        for index in apps.indices where apps[index].state.isResident && index != frontmost {
            let candidate = candidate(index)
            let rank = policy.rank(of: candidate)
            if let current = best {
                if (rank, candidate.lastFrontmostOrder, index) < (current.rank, current.candidate.lastFrontmostOrder, current.candidate.index) {
                    best = (rank, candidate)
                }
            } else {
                best = (rank, candidate)
            }
        }
        return best?.candidate
    }

    /// App `index` as a policy sees it.
    func candidate(_ index: AppIndex) -> Candidate {
        let app = apps[index]
        return Candidate(
            index: index, state: app.state, footprintKiB: app.footprintKiB, modesInUse: app.modesInUse,
            lastFrontmostOrder: app.lastFrontmostOrder, stateEnteredMs: app.stateEnteredMs)
    }
}

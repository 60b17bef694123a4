/// Step 4 of the pressure check for a policy with kill levels (lmkd, SPEC 33): the level loop,
/// in place of the critical loop.
extension Simulation {
    /// While free is below the largest level, the level just above free (the entry with the
    /// smallest level above free) names the least priority (`min_adj`) that may go; the victim
    /// is the first candidate in the policy's order with at least that priority (for lmkd,
    /// the highest adj). It is purged, then killed (`memory-pressure`, trigger `minfree`, the
    /// level as threshold); a purge that brings free to or above the level spares it there,
    /// and the loop looks again, at a higher level. The loop stops when free is at or above
    /// every level, or no candidate has the priority. `critical_free_mb` plays no part.
    ///
    /// The victim's rank, the candidates and the runner-up are taken on the policy's order
    /// over every candidate, whatever the level spares (SPEC 33).
    mutating func killAtLevels() {
        while let level = traits.killLevels.level(atFree: freeKiB), let victim = nextVictim(atLeast: level.priority) {
            let chosen = ChosenVictim(candidate: victim, order: victimOrder(of: victim.index))
            if purge(victim.index), freeKiB >= level.freeKiB { continue }
            kill(victim.index, reason: .memoryPressure, chosen: chosen, trigger: .minfree, thresholdKiB: level.freeKiB)
        }
    }

    /// The first candidate in the policy's order whose priority is at least `least`; nil
    /// when none has it.
    ///
    /// - Complexity: O(n): a scan of the candidates (lmkd's ranks depend on them all).
    func nextVictim(atLeast least: Int) -> Candidate? {
        let policy = traits.policy
        var eligible: [Candidate] = []
        for candidate in candidates() where (policy.priority(of: candidate) ?? Int.min) >= least {
            eligible.append(candidate)
        }
        return firstInPolicyOrder(eligible)
    }
}

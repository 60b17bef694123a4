@_spi(Generators) @testable import SuspendSimCore

/// SPEC 33's level loop, modelled on its own: the level is the table entry with the smallest
/// `mb` above free, every lmkd kill happens below a level and takes an app of at least that
/// entry's adj, and no check ends below a level with such an app left.
extension InvariantRecorder {
    /// The table entry in force at `free` (the smallest `mb` above it), from the scenario's
    /// own table; nil at or above every level.
    func minfreeLevel(atFree free: KiB) -> (adj: Int64, kib: KiB)? {
        device.lmkdMinfree.map { (Int64($0.priority), $0.freeKiB) }.filter { free < $0.1 }.min { $0.1 < $1.1 }
    }

    /// The adj of every candidate by SPEC 33, from the model's own state.
    func lmkdAdjs(_ candidates: [AppIndex]) -> [AppIndex: Int64] {
        var adjs: [AppIndex: Int64] = [:]
        for (app, key) in zip(candidates, policyKeys(candidates) ?? []) { adjs[app] = -key[0] }
        return adjs
    }

    /// A `memory-pressure` kill under lmkd: below a level (free after any purge is still
    /// below the level that named the victim), of an app whose adj is at least the level's.
    mutating func checkLevelKill(_ app: AppIndex, free: KiB) {
        guard let level = minfreeLevel(atFree: free) else {
            return fail("lmkd killed \(name(app)) with free \(free) KiB at or above every minfree level (SPEC 33)")
        }
        let candidates = apps.indices.filter { apps[$0].state.isResident && !apps[$0].state.isForeground }
        let adj = lmkdAdjs(candidates)[app] ?? -1
        if adj < level.adj {
            fail("lmkd killed \(name(app)) of adj \(adj) at free \(free) KiB, below minfree \(level.kib) KiB only adj \(level.adj) and above may go (SPEC 33)")
        }
        pendingLevel = (app, level.adj, level.kib, adj)
        checkVictimChoice(app)
        pressureOrder.append(app)
    }

    /// The row of an lmkd kill (SPEC 33): trigger `minfree`, threshold the level, priority the adj.
    mutating func checkLevelRow(_ eviction: Eviction) {
        guard let pending = pendingLevel, pending.app == eviction.who.app else {
            return fail("an lmkd memory-pressure row for app\(eviction.who.app) without its level")
        }
        pendingLevel = nil
        if eviction.who.trigger != .minfree { fail("lmkd kill with trigger \(eviction.who.trigger.rawValue), SPEC 33 says minfree") }
        if eviction.memory.thresholdKiB != pending.kib { fail("lmkd kill with threshold \(String(describing: eviction.memory.thresholdKiB)), the level is \(pending.kib)") }
        if eviction.ranking.priority.map(Int64.init) != pending.adj { fail("lmkd kill with priority \(String(describing: eviction.ranking.priority)), the adj is \(pending.adj)") }
    }

    /// After the check: free below a level with a candidate of at least its adj left is a
    /// kill the loop missed.
    func levelLoopMissedKill(free: KiB, candidates: [AppIndex]) -> String? {
        guard let level = minfreeLevel(atFree: free) else { return nil }
        let left = lmkdAdjs(candidates).filter { $0.value >= level.adj }
        guard let some = left.keys.min() else { return nil }
        return "free \(free) KiB < minfree \(level.kib) KiB after the check with \(name(some)) (adj \(left[some]!)) left at adj \(level.adj) or above (SPEC 33)"
    }
}

/// Android's low memory killer daemon (lmkd): every process has an `oom_score_adj`, and the
/// highest adj is killed first; among equal adj, the heaviest (SPEC 6).
///
/// Adj values, after the `ProcessList` constants of Android's ActivityManager:
/// - 0, the frontmost app (`FOREGROUND_APP_ADJ`);
/// - 200, running in background with a continuous mode in use (`PERCEPTIBLE_APP_ADJ`);
/// - 500, any other app running in background (`SERVICE_ADJ`);
/// - the most recently frontmost of the other resident apps gets at most 700
///   (`PREVIOUS_APP_ADJ`);
/// - other suspended apps are cached: 900 for the most recently frontmost, 901 for the next,
///   and so on up to 999 (`CACHED_APP_MIN_ADJ` ... `CACHED_APP_MAX_ADJ`); apps never frontmost
///   share the place after the last.
///
/// lmkd's `find_and_kill_process` scans from the highest adj down, and in a level
/// `kill_heaviest_task` picks the task with the most resident memory.
public struct LMKDPolicy: EvictionPolicy {
    public let name = "lmkd"

    public init() {}

    /// The app's oom_score_adj.
    public func adj(of candidate: Candidate) -> Int {
        var adj: Int
        switch candidate.state {
        case .active, .inactive:
            return 0
        case .background:
            adj = candidate.modesInUse.isEmpty ? 500 : 200
        case .suspended:
            adj = min(900 + candidate.cachedRecencyRank, 999)
        case .notRunning:
            return 1000
        }
        if candidate.isPreviousApp { adj = min(adj, 700) }
        return adj
    }

    public func rank(of candidate: Candidate) -> Candidate.Rank {
        Candidate.Rank(-Int64(adj(of: candidate)), -candidate.footprintKiB.count)
    }

    public func priority(of candidate: Candidate) -> Int? { adj(of: candidate) }

    public var usesRecency: Bool { true }
}

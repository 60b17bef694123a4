/// Android's low memory killer daemon (lmkd): every process has an `oom_score_adj`, and lmkd
/// kills by levels, one per adj (SPEC 6, 33).
///
/// Adj values, after the `ProcessList` constants of Android's ActivityManager:
/// - 0, the frontmost app (`FOREGROUND_APP_ADJ`);
/// - 200, running in background with a continuous mode in use (`PERCEPTIBLE_APP_ADJ`);
/// - 500, any other app running in background (`SERVICE_ADJ`);
/// - the most recently frontmost of the other resident apps gets at most 700
///   (`PREVIOUS_APP_ADJ`);
/// - other suspended apps are cached, spread over 900-999 in steps of 10 as the framework
///   spreads its cached list (`CACHED_APP_MIN_ADJ` ... `CACHED_APP_MAX_ADJ`): 900 for the
///   most recently frontmost, 910 for the next, and so on, capped at 999; apps never frontmost
///   share the place after the last (SPEC 33).
///
/// The kill levels are the device's `minfree` table (`device.lmkd.minfree`, SPEC 33): while
/// free memory is below a level, apps of its adj and above may go. lmkd's
/// `find_and_kill_process` scans from the highest adj down; within one adj it takes the
/// list's tail, the process re-prioritised least recently (the engine's tie: least recently
/// frontmost), and the heaviest task only at perceptible (200) and below
/// (`kill_heaviest_task`).
public struct LMKDPolicy: BuiltInPolicy {
    public var name: String { Self.ruleName }

    /// At this adj and below, the heaviest goes first (`PERCEPTIBLE_APP_ADJ`).
    public static let heaviestFirstMaxAdj = 200

    public init() {}

    /// The app's oom_score_adj. A candidate without `recency` (out of the engine's candidate
    /// list) is taken as neither previous nor behind another cached app.
    public func adj(of candidate: Candidate) -> Int {
        let recency = candidate.recency ?? Candidate.Recency()
        var adj: Int
        switch candidate.state {
        case .active, .inactive:
            return 0
        case .background:
            adj = candidate.modesInUse.isEmpty ? 500 : 200
        case .suspended:
            adj = min(900 + 10 * recency.cachedRank, 999)
        case .notRunning:
            return 1000
        }
        if recency.isPreviousApp { adj = min(adj, 700) }
        return adj
    }

    /// The highest adj first; within one adj the heaviest at 200 and below, else equal ranks,
    /// so that the engine's tie (least recently frontmost, then scenario order) decides.
    public func rank(of candidate: Candidate) -> Candidate.Rank {
        let adj = adj(of: candidate)
        return Candidate.Rank(-Int64(adj), adj <= Self.heaviestFirstMaxAdj ? -candidate.footprintKiB.count : 0)
    }

    public func priority(of candidate: Candidate) -> Int? { adj(of: candidate) }

    public var usesRecency: Bool { true }

    /// The device's `minfree` table (SPEC 33).
    public func killLevels(on device: Device) -> [Device.KillLevel] { device.lmkdMinfree }
}

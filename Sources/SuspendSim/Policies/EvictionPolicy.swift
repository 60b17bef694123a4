/// Chooses which app the memory-pressure scheduler purges next (SPEC 6).
///
/// A policy ranks candidates: the resident apps that are not frontmost (running in
/// `background`, or `suspended`). The candidate with the smallest `PolicyRank` is purged,
/// then killed if that was not enough.
///
/// ## The contract every policy meets
/// - `rank(of:)` depends only on the candidate it is given, so that the order is a
///   deterministic total order once the engine breaks ties.
/// - Ties are broken by the engine, never by the policy: the least recently frontmost
///   candidate first (`Candidate.lastFrontmostOrder`, 0 for never frontmost), then scenario
///   order. A policy that wants recency first simply returns equal ranks.
/// - `EvictionPolicyConformance.check(_:)` tests these properties of any policy; run it
///   from your own test suite for a policy of your own.
///
/// ```swift
/// /// Kills the app with the most dynamic memory first.
/// struct SmallestFirst: EvictionPolicy {
///     let name = "smallest-first"
///     func rank(of candidate: Candidate) -> PolicyRank {
///         PolicyRank(candidate.footprintKiB)
///     }
/// }
/// ```
///
/// Whatever the policy, killing an app that is running in `background` calls
/// `applicationWillTerminate`; a `suspended` app vanishes silently (SPEC 2).
public protocol EvictionPolicy: Sendable {
    /// The name in scenario files, on the command line and in `evictions.csv`.
    var name: String { get }

    /// The candidate's place in the kill order: the smallest rank is killed first.
    func rank(of candidate: Candidate) -> PolicyRank

    /// The candidate's priority under this policy (a jetsam band, an lmkd adj), for the
    /// `priority` column of `evictions.csv`; nil when the policy has none.
    func priority(of candidate: Candidate) -> Int?
}

extension EvictionPolicy {
    public func priority(of candidate: Candidate) -> Int? { nil }
}

/// A candidate for eviction, as the policy sees it.
public struct Candidate: Sendable, Hashable {
    /// The app's position in scenario order.
    public var index: AppIndex
    /// `background` (running code) or `suspended`.
    public var state: LifecycleState
    /// Its footprint now.
    public var footprintKiB: KiB
    /// The continuous background modes it is using now.
    public var modesInUse: BackgroundModeSet
    /// When it last stopped being frontmost, as a counter that rises each time an app stops
    /// being frontmost (two apps never share a value); 0 if it was never frontmost.
    public var lastFrontmostOrder: UInt64
    /// When it entered its current state.
    public var stateEnteredMs: Millis

    public init(
        index: AppIndex, state: LifecycleState, footprintKiB: KiB, modesInUse: BackgroundModeSet = [],
        lastFrontmostOrder: UInt64 = 0, stateEnteredMs: Millis = 0
    ) {
        self.index = index
        self.state = state
        self.footprintKiB = footprintKiB
        self.modesInUse = modesInUse
        self.lastFrontmostOrder = lastFrontmostOrder
        self.stateEnteredMs = stateEnteredMs
    }
}

/// A policy's ordering key: two integers compared in order, smallest killed first.
public struct PolicyRank: Sendable, Hashable, Comparable {
    public var major: Int64
    public var minor: Int64

    public init(_ major: Int64, _ minor: Int64 = 0) {
        self.major = major
        self.minor = minor
    }

    public static func < (a: PolicyRank, b: PolicyRank) -> Bool {
        (a.major, a.minor) < (b.major, b.minor)
    }
}

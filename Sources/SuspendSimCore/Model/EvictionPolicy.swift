/// Chooses which app the memory-pressure scheduler purges next (SPEC 6).
///
/// A policy ranks candidates: the resident apps that are not frontmost (running in
/// `background`, or `suspended`). The candidate with the smallest `Candidate.Rank` is purged,
/// then killed if that was not enough.
///
/// ## The contract every policy meets
/// - `rank(of:)` is a pure function of the candidate it is given, so the kill order is a
///   deterministic total order once the engine breaks ties.
/// - Ties are broken by the engine, never by the policy: the least recently frontmost
///   candidate first (`Candidate.lastFrontmostOrder`, 0 for never frontmost), then scenario
///   order. A policy that wants recency first simply returns equal ranks.
/// - `EvictionPolicyConformance.violations(of:)` tests these properties of any policy; run
///   it from your own test suite for a policy of your own (`@_spi(Testing) import
///   SuspendSim`).
///
/// ```swift
/// /// Kills the smallest app first: the cheapest relaunch.
/// struct SmallestFirst: EvictionPolicy {
///     let name = "smallest-first"
///     func rank(of candidate: Candidate) -> Candidate.Rank {
///         Candidate.Rank(candidate.footprintKiB.count)
///     }
/// }
/// let result = Simulation.run(scenario, policy: SmallestFirst())
/// ```
///
/// Whatever the policy, killing an app that is running in `background` calls
/// `applicationWillTerminate`; a `suspended` app vanishes silently (SPEC 2).
///
/// Policies modelled on real systems have a few more hooks, all with defaults: priority
/// bands (`usesBands`, `band(of:)`, `isIdle(_:)`: jetsam), ranks that depend on the other
/// candidates (`usesRecency`: lmkd), and kill levels per priority (`killLevels(on:)`: lmkd).
public protocol EvictionPolicy: Sendable {
    /// The name in scenario files, on the command line and in `evictions.csv`.
    var name: String { get }

    /// The candidate's place in the kill order: the smallest rank is killed first.
    func rank(of candidate: Candidate) -> Candidate.Rank

    /// The app's priority under this policy (a jetsam band, an lmkd adj), for the `priority`
    /// column of `evictions.csv`; nil when the policy has none. Asked for every terminated app,
    /// the frontmost one included.
    func priority(of candidate: Candidate) -> Int?

    /// Whether the policy has priority bands. Then the engine asks `band(of:)` after every
    /// change to an app and sets `Candidate.bandEnteredMs` when the band changes; it sets
    /// `Candidate.aged` `aging_s` after each suspension (a timer, so a pressure check follows
    /// it); and before the critical loop, while free is below `idle_free_mb`, it kills the
    /// candidates for which `isIdle(_:)` holds, and only those.
    var usesBands: Bool { get }

    /// The app's priority band (asked only when `usesBands`), for every resident app,
    /// frontmost included.
    func band(of candidate: Candidate) -> Int?

    /// Whether `rank(of:)` reads `Candidate.recency`, which depends on every other candidate
    /// (the engine sets it only then). Such a policy is ranked by a scan, O(n) per victim;
    /// others through an index, O(log n).
    var usesRecency: Bool { get }

    /// Whether the engine sets `Candidate.aged` `aging_s` after each suspension (a timer, so
    /// a pressure check follows it): by default when the policy `usesBands`; a policy that
    /// reads jetsam's band without jetsam's idle kills says so here.
    var tracksAging: Bool { get }

    /// Whether the candidate may die in the idle kills (asked only when `usesBands`).
    func isIdle(_ candidate: Candidate) -> Bool

    /// The policy's kill levels on `device`, in ascending order of level and of priority
    /// (SPEC 33); empty (the default) for a policy that kills at `critical_free_mb`. With
    /// levels, step 4's critical loop is the level loop: while free is below the largest
    /// level, the level just above free names the least `priority(of:)` that may go, and the
    /// victim is the first candidate in the policy's order with at least that priority.
    /// lmkd's are `device.lmkdMinfree`; a policy of its own may return levels of its own.
    func killLevels(on device: Device) -> [Device.KillLevel]
}

extension EvictionPolicy {
    public func priority(of candidate: Candidate) -> Int? { nil }
    public func band(of candidate: Candidate) -> Int? { nil }
    public var usesBands: Bool { false }
    public var usesRecency: Bool { false }
    public var tracksAging: Bool { usesBands }
    public func isIdle(_ candidate: Candidate) -> Bool { false }
    public func killLevels(on device: Device) -> [Device.KillLevel] { [] }
}

/// An app as a policy sees it: a candidate for eviction, or (for `band(of:)` and
/// `priority(of:)`) any resident app.
public struct Candidate: Sendable, Hashable {
    /// The app's position in scenario order.
    public var index: AppIndex
    /// `background` (running code) or `suspended` for a candidate; `active` or `inactive`
    /// for the frontmost app.
    public var state: LifecycleState
    /// Its footprint now.
    public var footprintKiB: KiB
    /// The continuous background modes it is using now.
    public var modesInUse: AppProfile.BackgroundModes
    /// When it last stopped being frontmost, as a counter that rises each time an app stops
    /// being frontmost (two apps never share a value); 0 if it was never frontmost.
    public var lastFrontmostOrder: UInt64
    /// When it entered its current state.
    public var stateEnteredMs: Millis
    /// Suspended for at least `aging_s` (only tracked when the policy `usesBands`).
    public var aged: Bool
    /// When it entered its current `band(of:)` (only tracked when the policy `usesBands`).
    public var bandEnteredMs: Millis
    /// It has been in its band since before the run began (an `initial:` entry, SPEC 12): it
    /// entered before any app that enters the same band at time 0.
    public var enteredBandBeforeStart: Bool = false
    /// Its memory held by the compressor, at its uncompressed size (SPEC 22's `c`), and what
    /// the compressor holds it in (`stored(c)`): a kill frees `physicalKiB`, not the
    /// footprint, so a policy of its own can rank by what a kill would free.
    public var compressedKiB: KiB = .zero
    public var storedKiB: KiB = .zero
    /// Frozen by the freezer (SPEC 37), demoted or not: a suspended one that is not demoted
    /// sits in the freezer's band (75).
    public var isFrozen = false
    /// Frozen and demoted: a suspended one sits in band 0 until its next thaw.
    public var isDemoted = false
    /// Its memory on flash (SPEC 37): its footprint while on flash, else 0. Its physical
    /// memory is then 0, and a kill frees nothing but its copy on flash.
    public var flashKiB: KiB = .zero
    /// Its place by recency among the candidates (lmkd's previous and cached apps, SPEC 33):
    /// it depends on every other candidate, so the engine works it out only for a policy that
    /// `usesRecency`, and only for a candidate; nil otherwise.
    public var recency: Recency?

    public init(
        index: AppIndex, state: LifecycleState, footprintKiB: KiB, modesInUse: AppProfile.BackgroundModes = [],
        lastFrontmostOrder: UInt64 = 0, stateEnteredMs: Millis = .zero, aged: Bool = false,
        bandEnteredMs: Millis = .zero, recency: Recency? = nil
    ) {
        self.index = index
        self.state = state
        self.footprintKiB = footprintKiB
        self.modesInUse = modesInUse
        self.lastFrontmostOrder = lastFrontmostOrder
        self.stateEnteredMs = stateEnteredMs
        self.aged = aged
        self.bandEnteredMs = bandEnteredMs
        self.recency = recency
    }
}

extension Candidate {
    /// Where a candidate stands by recency among all the candidates (SPEC 6, 33).
    public struct Recency: Sendable, Hashable {
        /// The most recently frontmost of the resident apps that are not frontmost (lmkd's
        /// "previous" app).
        public var isPreviousApp: Bool
        /// Among the suspended apps other than the previous one, its place by recency: 0 for
        /// the most recently frontmost, then 1, 2, ...; apps never frontmost share the place
        /// after the last one.
        public var cachedRank: Int

        public init(isPreviousApp: Bool = false, cachedRank: Int = 0) {
            self.isPreviousApp = isPreviousApp
            self.cachedRank = cachedRank
        }
    }
}

extension Candidate {
    /// A policy's ordering key: integers compared in order, smallest killed first. Most
    /// policies need two; a policy written as a list of keys (`OrderPolicy`) packs up to four.
    public struct Rank: Sendable, Hashable, Comparable {
        public var major: Int64
        public var minor: Int64
        public var third: Int64
        public var fourth: Int64

        public init(_ major: Int64, _ minor: Int64 = 0, _ third: Int64 = 0, _ fourth: Int64 = 0) {
            self.major = major
            self.minor = minor
            self.third = third
            self.fourth = fourth
        }

        public static func < (a: Candidate.Rank, b: Candidate.Rank) -> Bool {
            (a.major, a.minor, a.third, a.fourth) < (b.major, b.minor, b.third, b.fourth)
        }
    }
}

extension Candidate {
    /// The physical memory it occupies, and so what a kill frees (SPEC 22, 37): its footprint
    /// less its compressed memory plus what the compressor holds that in, less what is on
    /// flash. The footprint without a compressor or a freezer.
    public var physicalKiB: KiB { footprintKiB - compressedKiB + storedKiB - flashKiB }
}

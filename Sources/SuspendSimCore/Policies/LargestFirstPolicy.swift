/// The default policy: `suspended` apps first, largest footprint first; then apps running
/// in `background`, largest first (SPEC 6).
///
/// Suspended snapshots go first because they execute nothing: killing one interrupts no
/// work and calls no callback. The largest goes first because it frees the most memory per
/// relaunch the user later pays for.
public struct LargestFirstPolicy: BuiltInPolicy {
    public var name: String { Self.ruleName }

    public init() {}

    public func rank(of candidate: Candidate) -> Candidate.Rank {
        Candidate.Rank(candidate.state == .suspended ? 0 : 1, -candidate.footprintKiB.count)
    }
}

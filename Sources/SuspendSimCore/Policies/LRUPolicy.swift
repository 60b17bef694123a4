/// Least recently used: `suspended` apps first, then apps running in `background`; in each
/// group the least recently frontmost first (SPEC 6). The engine's tie-break on
/// `Candidate.lastFrontmostOrder` does the ordering inside a group.
public struct LRUPolicy: BuiltInPolicy {
    public var name: String { Self.ruleName }

    public init() {}

    public func rank(of candidate: Candidate) -> Candidate.Rank {
        Candidate.Rank(candidate.state == .suspended ? 0 : 1)
    }
}

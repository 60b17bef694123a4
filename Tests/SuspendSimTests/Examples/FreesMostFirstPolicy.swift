import SuspendSim

/// Kills the app whose death frees the most physical memory first: with a compressor, a
/// compressed app frees less than its footprint says (SPEC 22).
struct FreesMostFirstPolicy: EvictionPolicy {
    let name = "frees-most-first"

    func rank(of candidate: Candidate) -> Candidate.Rank {
        // Suspended apps before apps still running in the background, then the most freed first.
        Candidate.Rank(candidate.state == .suspended ? 0 : 1, -candidate.physicalKiB.count)
    }
}

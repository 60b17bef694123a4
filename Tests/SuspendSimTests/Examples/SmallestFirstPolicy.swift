import SuspendSim

/// Kills the smallest app first: the relaunch the user notices least.
struct SmallestFirstPolicy: EvictionPolicy {
    let name = "smallest-first"

    func rank(of candidate: Candidate) -> Candidate.Rank {
        // Suspended apps before apps still running in the background, then by size.
        Candidate.Rank(candidate.state == .suspended ? 0 : 1, candidate.footprintKiB.count)
    }
}

func runWithMyPolicy(_ scenario: Scenario) -> [String] {
    Simulation.run(scenario, policy: SmallestFirstPolicy()).pressureEvictions
}

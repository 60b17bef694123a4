import SuspendSim

/// Kills the smallest app first: the relaunch the user notices least.
struct SmallestFirstPolicy: EvictionPolicy {
    let name = "smallest-first"

    func rank(of candidate: Candidate) -> PolicyRank {
        // Suspended apps before apps still running in the background, then by size.
        PolicyRank(candidate.state == .suspended ? 0 : 1, candidate.footprintKiB)
    }
}

func runWithMyPolicy(_ scenario: Scenario) -> [String] {
    Simulation.run(scenario, policy: SmallestFirstPolicy()).pressureEvictions
}

import SuspendSim

/// Kills by levels of its own, as lmkd does (SPEC 33): below 300 MB free, suspended apps
/// (priority 1) may go, the largest first; below 100 MB, apps running in the background
/// (priority 0) too. Above 300 MB it kills nothing, whatever `critical_free_mb` says.
struct TwoLevelsPolicy: EvictionPolicy {
    let name = "two-levels"

    func rank(of candidate: Candidate) -> Candidate.Rank {
        Candidate.Rank(candidate.state == .suspended ? 0 : 1, -candidate.footprintKiB.count)
    }

    func priority(of candidate: Candidate) -> Int? {
        candidate.state == .suspended ? 1 : 0
    }

    func killLevels(on device: Device) -> [Device.KillLevel] {
        [Device.KillLevel(priority: 0, freeKiB: .mb(100)), Device.KillLevel(priority: 1, freeKiB: .mb(300))]
    }
}

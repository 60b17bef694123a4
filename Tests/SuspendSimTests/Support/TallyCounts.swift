@testable import SuspendSim
import SuspendSimCore

extension SurvivalTally.Counts {
    /// Counts for a fixture, naming only the fields it cares about; every other is 0. The
    /// library's own initialiser names every field (STYLE section 8); a test's brevity is its
    /// own.
    static func fixture(survived: Int = 0, neverKilled: Int = 0, pressureKills: Int = 0, coldLaunches: Int = 0,
                        warmLaunches: Int = 0, launched: Int = 0, refreshRuns: Int = 0, processingRuns: Int = 0) -> Self {
        Self(survived: survived, neverKilled: neverKilled, pressureKills: pressureKills, coldLaunches: coldLaunches,
             warmLaunches: warmLaunches, launched: launched, exits: AppOutcome.ExitCounts(), launchWaitMs: 0, foregroundS: 0, backgroundS: 0,
             refreshRuns: refreshRuns, processingRuns: processingRuns)
    }
}

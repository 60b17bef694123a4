@testable import SuspendSim
import SuspendSimCore

extension SurvivalTally.Counts {
    /// Counts for a fixture, naming only the fields it cares about; every other is 0. The
    /// library's own initialiser names every field (STYLE section 8); a test's brevity is its
    /// own.
    static func fixture(survived: Int = 0, neverKilled: Int = 0, pressureKills: Int = 0, pressureKillSquares: Int = 0,
                        coldLaunches: Int = 0, warmLaunches: Int = 0, launched: Int = 0, refreshRuns: Int = 0,
                        processingRuns: Int = 0, kills: Eviction.TriggerCounts = Eviction.TriggerCounts(),
                        freezes: Int = 0, thaws: Int = 0) -> Self {
        Self(fate: .init(survived: survived, neverKilled: neverKilled, launched: launched, pressureKills: pressureKills,
                         pressureKillSquares: pressureKillSquares),
             launches: .init(cold: coldLaunches, warm: warmLaunches, waitMs: 0), exits: AppOutcome.ExitCounts(), time: .zero,
             tasks: .init(refreshRuns: refreshRuns, processingRuns: processingRuns), kills: kills,
             freezer: .init(freezes: freezes, thaws: thaws))
    }
}

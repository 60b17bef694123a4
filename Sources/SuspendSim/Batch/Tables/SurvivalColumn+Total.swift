/// Where each `survival.csv` column's total lives in an app's counts, for `merge` (SPEC 14, 28, 41): kept
/// beside `SurvivalTally`, as the report columns do not depend on the batch's tallies.
extension SurvivalColumn {
    /// The count a shard's file holds in this column, which `merge` adds up: the field of an
    /// app's counts summed over a group's runs; nil for the prefix, `runs` (added apart) and
    /// the cells computed from the counts (rates and bounds).
    var total: WritableKeyPath<SurvivalTally.Counts, Int>? {
        switch self {
        case .survived: \.fate.survived
        case .neverKilled: \.fate.neverKilled
        case .launched: \.fate.launched
        case .meanPressureKills: \.fate.pressureKills
        case .pressureKillsCILow: \.fate.pressureKillSquares
        case .meanColdLaunches: \.launches.cold
        case .meanWarmLaunches: \.launches.warm
        case .refreshRunsMean: \.tasks.refreshRuns
        case .processingRunsMean: \.tasks.processingRuns
        case .reaperKillsMean: \.kills[.reaper]
        case .idleKillsMean: \.kills[.idle]
        case .criticalKillsMean: \.kills[.critical]
        case .minfreeKillsMean: \.kills[.minfree]
        case .pageshortageKillsMean: \.kills[.pageshortage]
        case .limitKillsMean: \.kills[.limit]
        case .freezesMean: \.freezer.freezes
        case .thawsMean: \.freezer.thaws
        case .scenario, .policy, .app, .runs, .survivalRate, .ciLow, .ciHigh, .neverKilledRate, .neverKilledCILow,
             .neverKilledCIHigh, .launchedSurvivalRate, .launchedCILow, .launchedCIHigh, .pressureKillsCIHigh:
            nil
        }
    }
}

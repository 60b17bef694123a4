extension SimulationResult {
    /// The same outcome with `log` in place of the recorder, so that a caller can keep the
    /// totals and drop a recorder that holds open files.
    func replacingLog<New: SimulationRecorder>(with log: New) -> SimulationResult<New> {
        SimulationResult<New>(
            scenarioName: scenarioName,
            policyName: policyName,
            apps: apps.map { app in
                SimulationResult<New>.AppOutcome(
                    id: app.id, survived: app.survived, finalState: app.finalState,
                    footprintKiB: app.footprintKiB, coldLaunches: app.coldLaunches,
                    warmLaunches: app.warmLaunches, pressureKills: app.pressureKills,
                    otherKills: app.otherKills, stateLosses: app.stateLosses)
            },
            eventsRun: eventsRun,
            minFreeKiB: minFreeKiB,
            pressureEvictionOrder: pressureEvictionOrder,
            log: log)
    }
}

extension SimulationResult {
    /// The same outcome with `log` in place of the recorder, so that a caller can keep the
    /// totals and drop a recorder that holds open files.
    package func replacingLog<New: SimulationRecorder>(with log: New) -> SimulationResult<New> {
        SimulationResult<New>(
            scenarioName: scenarioName,
            policyName: policyName,
            apps: apps,
            eventsRun: eventsRun,
            eventsSkipped: eventsSkipped,
            minFreeKiB: minFreeKiB,
            durationMs: durationMs,
            pressureEvictionOrder: pressureEvictionOrder,
            pressureKillOrder: pressureKillOrder,
            tasks: tasks,
            log: log)
    }
}

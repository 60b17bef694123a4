/// What a run ends with, so far (SPEC 8's `survivors.csv`, SPEC 28's `tasks.csv`).
extension Simulation {
    /// The outcome so far, with the recorder.
    public var result: SimulationResult<Recorder> {
        SimulationResult(outcome: runOutcome, log: recorder)
    }

    /// The outcome so far, without the recorder: what a report folder's writer and a batch's
    /// tables take, whichever recorder runs.
    package var runOutcome: RunOutcome {
        RunOutcome(
            scenarioName: scenario.name,
            policyName: policy.name,
            apps: apps.indices.map(outcome(of:)),
            eventsRun: eventsRun,
            eventsSkipped: eventsSkipped,
            minFreeKiB: pressure.minFreeKiB,
            durationMs: runEndMs,
            pressureEvictionOrder: evictions.pressureOrder,
            pressureKillOrder: evictions.pressureKillOrder,
            tasks: tasks.records)
    }

    /// App `index`'s row of `survivors.csv` so far.
    func outcome(of index: AppIndex) -> AppOutcome {
        let app = apps[index]
        let profile = profiles[index]
        let waits = compression.decompressionWaits[index] ?? [:]
        let decompressionMs = waits.reduce(Millis.zero) { $0 + Int64($1.value) * $1.key }
        return AppOutcome(
            id: profile.id, survived: app.state.isResident, finalState: app.state,
            footprintKiB: app.memory.footprintKiB, coldLaunches: app.stats.coldLaunches,
            warmLaunches: app.stats.warmLaunches, pressureKills: app.stats.pressureKills,
            otherKills: app.stats.otherKills, stateLosses: app.stats.stateLosses, firstKillMs: app.stats.firstKillMs,
            residentMs: app.stats.residentMs + (app.state.isResident ? runEndMs - app.stats.residentSinceMs : .zero),
            launchWaitMs: Int64(app.stats.coldLaunches) * profile.coldLaunchMs + Int64(app.stats.warmLaunches) * profile.resumeMs
                + decompressionMs,
            coldLaunchMs: profile.coldLaunchMs, resumeMs: profile.resumeMs,
            field: app.fieldMetrics(endingAt: runEndMs),
            compressions: app.stats.compressions, decompressionWaits: waits,
            refreshRuns: tasks.isEnabled ? tasks.apps[index].refreshRuns : 0,
            processingRuns: tasks.isEnabled ? tasks.apps[index].processingRuns : 0,
            kills: app.stats.kills,
            freezes: app.stats.freezes, thaws: app.stats.thaws, frozenWrittenKiB: app.stats.frozenWrittenKiB)
    }

    /// Where resident time stops counting: `end_s` when given, else now (at the end of a
    /// run, the last event or timer) (SPEC 16).
    var runEndMs: Millis { max(nowMs, scenario.endMs ?? nowMs) }
}

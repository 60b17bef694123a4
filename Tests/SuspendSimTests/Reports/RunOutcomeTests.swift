import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// A run's outcome is one value, `RunOutcome`, whichever recorder ran: the report folder's
/// writer returns it as the run left it, with no copy of the result under another recorder
/// (the field left out of such a copy was once a run's length).
@Suite struct RunOutcomeTests {
    /// Scenarios with pressure kills, skipped events and an end of their own, so that a field
    /// dropped on one path shows.
    static var scenarios: [Scenario] {
        [goldenScenario(), RandomScenario.make(apps: 14, events: 600, seed: 5, ramMB: 1024)]
    }

    @Test("The report folder's writer returns the outcome every other recorder gives", arguments: scenarios)
    func oneOutcomeWhicheverRecorder(_ scenario: Scenario) throws {
        let kept = Simulation.run(scenario).outcome
        #expect(kept.pressureKills > 0, "the scenario must kill, or the comparison shows little")
        #expect(kept.eventsSkipped > 0)
        #expect(Simulation.runKeepingNoRecords(scenario).outcome == kept)
        #expect(Simulation.runKeepingKills(scenario).outcome == kept)
        try withTemporaryFolder { root in
            let written = try Simulation.run(scenario, policy: scenario.policy, writingReportToPath: root.path + "/one",
                                             flushThreshold: CSVReportRecorder.defaultFlushThreshold)
            #expect(written == kept)
            let viaPublicAPI = try Simulation.run(scenario, writingReportTo: root.path + "/public")
            #expect(viaPublicAPI.outcome == kept)
            #expect(viaPublicAPI.durationMs == kept.durationMs && viaPublicAPI.pressureKilled == kept.pressureKilled)
            let every = try Simulation.runEveryPolicy(scenario, policies: [scenario.policy, LRUPolicy()],
                                                      writingReportsToPath: root.path + "/every", metricKitPayloads: false)
            #expect(every.first == kept)
            #expect(every.last == Simulation.run(scenario, policy: LRUPolicy()).outcome)
        }
    }

    @Test("A result's fields are its outcome's: setting one through the result changes the outcome")
    func theResultForwardsToItsOutcome() {
        var result = Simulation.run(goldenScenario())
        let end = result.durationMs
        result.durationMs = end + 1_000
        #expect(result.outcome.durationMs == end + 1_000)
        result.apps.removeLast()
        #expect(result.outcome.apps.count == goldenScenario().apps.count - 1)
    }
}

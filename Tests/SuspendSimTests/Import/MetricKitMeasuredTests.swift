import Foundation
import Testing
@testable import SuspendSim

/// SPEC 26 "Metrics that did not exist" and SPEC 27: a payload without
/// `applicationExitMetrics`, `applicationLaunchMetrics` or `memoryMetrics` did not measure
/// them; means are over the payloads that did, `observed:` says how many (`exit_days`,
/// `launch_days`), and stderr says how many lacked each.
@Suite struct MetricKitMeasuredTests {
    /// A payload of com.acme.shop (US) with `body` after its metaData.
    static func payload(_ body: String) -> String {
        "{\"metaData\": {\"regionFormat\": \"US\", \"deviceType\": \"iPhone12,1\", \"bundleIdentifier\": \"com.acme.shop\"}\(body)}"
    }

    static let exits = ", \"applicationExitMetrics\": {\"backgroundExitData\": {\"cumulativeMemoryPressureExitCount\": 3}}"
    static let launches = ", \"applicationLaunchMetrics\": {\"histogrammedResumeTime\": {\"histogramValue\": "
        + "{\"0\": {\"bucketStart\": \"100 ms\", \"bucketEnd\": \"110 ms\", \"bucketCount\": 6}}}}"
    static let memory = ", \"memoryMetrics\": {\"peakMemoryUsage\": \"300,000 kB\"}"

    /// The facts of the payloads `bodies`, one file.
    static func facts(_ bodies: [String]) throws -> MetricKitFacts {
        let payloads = try MetricKitImportTests.payloads("[" + bodies.map(payload).joined(separator: ", ") + "]")
        return try MetricKitFacts(payloads, app: nil)
    }

    /// The value of `key` in `facts.observed`, in thousandths.
    static func mean(_ facts: MetricKitFacts, _ key: String) -> UInt64? {
        facts.observed.first { $0.key == key }?.thousandths
    }

    @Test("An iOS 13 payload without applicationExitMetrics is not 0 exits: 3 exits over 1 day, not 1.5 over 2")
    func exitsOverTheDaysThatMeasured() throws {
        let facts = try Self.facts([Self.exits + Self.launches + Self.memory, Self.launches + Self.memory])
        #expect(facts.days == 2 && facts.exitDays == 1 && facts.launchDays == 2)
        #expect(Self.mean(facts, "background_memory_pressure") == 3_000)
        #expect(Self.mean(facts, "resumes") == 6_000)
        #expect(facts.notes == ["1 of 2 payloads lacks applicationExitMetrics: the exit counters are means over the 1 that has it (observed.exit_days: 1)",
                                "no payload has applicationTimeMetrics: observed: has no foreground_s or background_s"])
    }

    @Test("Launches over the payloads with applicationLaunchMetrics; an absent histogram inside one counts 0")
    func launchesOverTheDaysThatMeasured() throws {
        let emptyLaunches = ", \"applicationLaunchMetrics\": {}"
        let facts = try Self.facts([Self.exits + Self.launches, Self.exits + emptyLaunches, Self.exits + Self.memory])
        #expect(facts.launchDays == 2 && facts.exitDays == 3)
        #expect(Self.mean(facts, "resumes") == 3_000)
        #expect(Self.mean(facts, "cold_launches") == 0)
        #expect(facts.notes.contains("1 of 3 payloads lacks applicationLaunchMetrics: cold_launches and resumes are means over the 2 that have it (observed.launch_days: 2)"))
        #expect(facts.notes.contains("2 of 3 payloads lack memoryMetrics: active_mb and suspended_mb are from the 1 that has it"))
        #expect(facts.activeMB == 286_102)
    }

    @Test("When no payload measured a group, observed: has none of its counters, and the import says so")
    func noneMeasured() throws {
        let facts = try Self.facts([Self.memory, Self.memory])
        #expect(facts.observed.isEmpty)
        #expect(facts.exitDays == 0 && facts.launchDays == 0)
        #expect(facts.notes == [
            "no payload has applicationExitMetrics: observed: has no exit counters (exits were not measured; iOS 13 did not)",
            "no payload has applicationLaunchMetrics: observed: has no cold_launches or resumes, and cold_launch_s and resume_s are left as they are",
            "no payload has applicationTimeMetrics: observed: has no foreground_s or background_s",
        ])
        let text = "name: s\ndevice: {model: iphone-11}\napps:\n- {id: com.acme.shop, active_mb: 100}\nevents: []\n"
        let written = try MetricKitImport.scenario(text, file: "s.yaml", with: facts).text
        #expect(written.hasSuffix("observed:\n  app: com.acme.shop\n  days: 2\n"), "\(written)")
    }

    @Test("exit_days and launch_days follow days in that order, each only when it differs and is above 0; the file loads")
    func writtenAndRead() throws {
        let facts = try Self.facts([Self.exits + Self.memory, Self.exits + Self.launches + Self.memory, Self.memory])
        let text = "name: s\ndevice: {model: iphone-11}\napps:\n- {id: com.acme.shop, active_mb: 100}\nevents: []\n"
        let written = try MetricKitImport.scenario(text, file: "s.yaml", with: facts).text
        #expect(written.contains("observed:\n  app: com.acme.shop\n  days: 3\n  exit_days: 2\n  launch_days: 1\n  foreground_memory_resource_limit: 0\n"), "\(written)")
        let observed = try #require(try ScenarioLoader.parse(written, path: "s.yaml").observed)
        #expect(observed.days == 3 && observed.exitDays == 2 && observed.launchDays == 1)
        #expect(observed.days(measuring: .backgroundMemoryPressure) == 2 && observed.days(measuring: .resumes) == 1)
        let all = try Self.facts([Self.exits + Self.launches + Self.memory])
        #expect(!(try MetricKitImport.scenario(text, file: "s.yaml", with: all).text.contains("_days")))
    }

    @Test("A new app from payloads none of which has memoryMetrics is bad input: it has no footprint")
    func newAppWithoutMemory() throws {
        let facts = try Self.facts([Self.exits])
        let text = "name: s\ndevice: {model: iphone-11}\napps:\n- {id: other, active_mb: 100}\nevents: []\n"
        #expect(MetricKitImportTests.failure { _ = try MetricKitImport.scenario(text, file: "s.yaml", with: facts) }
            == "s.yaml: apps has no com.acme.shop, and none of the 1 payloads has memoryMetrics: a new app needs a footprint for its active_mb (SPEC 27)")
        #expect(facts.notes.contains("no payload has memoryMetrics: active_mb and suspended_mb are left as they are"))
    }
}

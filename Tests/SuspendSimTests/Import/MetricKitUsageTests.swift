import Foundation
import Testing
@testable import SuspendSim

/// SPEC 26 "Usage" and "Metrics that did not exist", SPEC 27: `foreground_s` and
/// `background_s` are the daily means of `MXAppRunTimeMetric`'s times over the payloads with
/// `applicationTimeMetrics`, read in each payload's region; `time_days` follows `exit_days` and
/// `launch_days`; a new app takes the place of the `observed:` app when nothing else names it.
@Suite struct MetricKitUsageTests {
    /// A payload of com.acme.shop in `region` with `body` after its metaData.
    static func payload(_ body: String, region: String = "US") -> String {
        "{\"metaData\": {\"regionFormat\": \"\(region)\", \"deviceType\": \"iPhone12,1\", \"bundleIdentifier\": \"com.acme.shop\"}\(body)}"
    }

    static let memory = ", \"memoryMetrics\": {\"peakMemoryUsage\": \"300,000 kB\"}"
    static let exits = ", \"applicationExitMetrics\": {}"
    static let launches = ", \"applicationLaunchMetrics\": {}"

    /// The facts of the payloads, one file.
    static func facts(_ payloads: [String]) throws -> MetricKitFacts {
        try MetricKitFacts(try MetricKitImportTests.payloads("[" + payloads.joined(separator: ", ") + "]"), app: nil)
    }

    @Test("Usage means over the payloads with applicationTimeMetrics, each read in its region; an absent time inside is 0")
    func usageMeans() throws {
        let facts = try Self.facts([
            Self.payload(Self.memory + ", \"applicationTimeMetrics\": {\"cumulativeForegroundTime\": \"2.070 sec\", \"cumulativeBackgroundTime\": \"420 sec\"}", region: "DE"),
            Self.payload(Self.memory + ", \"applicationTimeMetrics\": {\"cumulativeForegroundTime\": \"1,530 sec\"}"),
            Self.payload(Self.memory),
        ])
        #expect(facts.days == 3 && facts.timeDays == 2)
        #expect(facts.observed.filter { $0.key.hasSuffix("_s") }.map(\.key) == ["foreground_s", "background_s"])
        #expect(facts.observed.first { $0.key == "foreground_s" }?.thousandths == 1_800_000)
        #expect(facts.observed.first { $0.key == "background_s" }?.thousandths == 210_000)
        #expect(facts.notes.contains("1 of 3 payloads lacks applicationTimeMetrics: foreground_s and background_s are means over the 2 that have it (observed.time_days: 2)"))
    }

    @Test("An ambiguous time without a listed region is refused with its JSON path, saying set --region")
    func ambiguousTime() {
        let json = "[" + Self.payload(", \"applicationTimeMetrics\": {\"cumulativeForegroundTime\": \"2,070 sec\"}", region: "CA") + "]"
        let message = MetricKitImportTests.failure { _ = try MetricKitImportTests.payloads(json) }
        #expect(message?.hasPrefix("day3.json: [0].applicationTimeMetrics.cumulativeForegroundTime: cannot read \"2,070 sec\"") == true, "\(message ?? "")")
        #expect(message?.hasSuffix("set --region") == true)
    }

    @Test("No payload with applicationTimeMetrics: no seconds in observed:, and the import says so")
    func noUsage() throws {
        let facts = try Self.facts([Self.payload(Self.memory + Self.exits)])
        #expect(facts.timeDays == 0 && !facts.observed.contains { $0.key.hasSuffix("_s") })
        #expect(facts.notes.contains("no payload has applicationTimeMetrics: observed: has no foreground_s or background_s"))
    }

    @Test("exit_days, launch_days and time_days follow days in that order, each when it differs and is above 0; the file loads them")
    func daysWrittenAndRead() throws {
        let time = ", \"applicationTimeMetrics\": {\"cumulativeForegroundTime\": \"100 sec\"}"
        let facts = try Self.facts([Self.payload(Self.memory + Self.exits + Self.launches + time), Self.payload(Self.memory + Self.launches + time),
                                    Self.payload(Self.memory)])
        let text = "name: s\ndevice: {model: iphone-11}\napps:\n- {id: com.acme.shop, active_mb: 100}\nevents: []\n"
        let written = try MetricKitImport.scenario(text, file: "s.yaml", with: facts).text
        #expect(written.contains("  days: 3\n  exit_days: 1\n  launch_days: 2\n  time_days: 2\n"), "\(written)")
        #expect(written.hasSuffix("  foreground_s: 100\n  background_s: 0\n"), "\(written)")
        let observed = try #require(try ScenarioLoader.parse(written, path: "s.yaml").observed)
        #expect(observed.timeDays == 2 && observed.days(measuring: .foregroundS) == 2 && observed.days(measuring: .backgroundMemoryPressure) == 1)
        #expect(observed.counters.suffix(2).map(\.thousandths) == [100_000, 0])
    }

    /// A payload of com.mine.app, an app the scenarios below do not have.
    static let mine = payload(memory).replacingOccurrences(of: "com.acme.shop", with: "com.mine.app")

    /// A calibration-shaped scenario: the observed app `com.acme.shop` third of four.
    static let calibration = """
        name: s
        device: {model: iphone-11}
        apps:
        - {id: a, active_mb: 100}
        - {id: b, active_mb: 100}
        - {id: com.acme.shop, active_mb: 300, background_mb: 200}
        - {id: d, active_mb: 100}
        workload: {duration_s: 86400}
        observed: {app: com.acme.shop, days: 1}

        """

    @Test("A new app takes the place of the observed: app in apps: (its popularity rank), not last; the old app's other keys are named")
    func takesTheObservedPlace() throws {
        let facts = try MetricKitFacts(try MetricKitImportTests.payloads("[" + Self.mine + "]"), app: "com.mine.app")
        let result = try MetricKitImport.scenario(Self.calibration, file: "s.yaml", with: facts)
        let loaded = try ScenarioLoader.parse(result.text, path: "s.yaml")
        #expect(loaded.apps.map(\.id) == ["a", "b", "com.mine.app", "d"])
        #expect(loaded.observed?.app == 2)
        #expect(result.notes.last == "com.mine.app takes the place of com.acme.shop, the observed: app, in apps: (3 of 4, its popularity rank in a workload); "
            + "com.acme.shop's background_mb is not carried over")
    }

    @Test("It cannot take the place of an observed: app that events name: appended, saying why")
    func cannotTakeANamedPlace() throws {
        let facts = try MetricKitFacts(try MetricKitImportTests.payloads("[" + Self.mine + "]"), app: "com.mine.app")
        let text = Self.calibration + "events:\n- {at: 10, open: com.acme.shop}\n"
        let result = try MetricKitImport.scenario(text, file: "s.yaml", with: facts)
        let loaded = try ScenarioLoader.parse(result.text, path: "s.yaml")
        #expect(loaded.apps.map(\.id) == ["a", "b", "com.acme.shop", "d", "com.mine.app"])
        #expect(result.notes.last == "com.mine.app is new in apps (it cannot take the place of com.acme.shop, the observed: app, which is named in events): "
            + "no event of the scenario opens it yet; add the events that do")
    }
}

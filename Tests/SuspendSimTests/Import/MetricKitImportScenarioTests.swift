import Foundation
import Testing
import Yams
@testable import SuspendSim

/// SPEC 18 `suspendsim import metrickit`: the scenario written back. Each result is composed
/// with Yams and its values checked, then loaded as a scenario.
@Suite struct MetricKitImportScenarioTests {
    typealias Support = MetricKitImportTests

    /// A scenario with the app in flow style, a flow device with `ram_mb`, an old `observed:`
    /// in the middle, comments, and a `home` event with no value.
    static let scenario = """
        # A comment the import drops.
        name: field
        device: { ram_mb: 2048, ios: "18.5" }   # the device
        apps:
          - { id: com.acme.shop, active_mb: 300, background_mb: 200, suspended_mb: 150, cold_launch_s: 2, lifecycle: scene }
          - id: com.other
            active_mb: 100
        observed: { app: old, days: 9 }
        events:
          - { at: 0, open: com.acme.shop }
          - { at: 10, home }
        end_s: 60

        """

    /// `MetricKitImport.run` on fixtures, onto a file holding `text`.
    static func run(_ fixtures: [String], onto text: String = scenario, name: String = "field.yaml", app: String? = nil) throws -> MetricKitImport.Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("metrickit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(name).path
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return try MetricKitImport.run(payloads: fixtures.map(Support.fixture), onto: file, app: app)
    }

    @Test("Onto the bundled iPhone 11 scenario: a new app appended, the device's ios, observed last, everything else in its place (SPEC 18)")
    func bundledScenario() throws {
        let result = try MetricKitImport.run(payloads: [Support.fixture("ios17-days.json")], onto: packageFile("Scenarios/iphone-11-ios18.yaml"), app: nil)
        let root = try Support.compose(result.text)
        #expect(Support.keys(root) == ["name", "policy", "device", "end_s", "apps", "events", "expect", "observed"])
        #expect(Support.keys(root["device"]?.mapping) == ["model", "ios", "system_mb"])
        #expect(root["device"]?.mapping?["ios"]?.scalar?.style == .doubleQuoted && root["device"]?.mapping?["ios"]?.string == "17.2")
        let app = try #require(Support.app(root, "com.acme.shop"))
        #expect(Support.keys(app) == ["id", "active_mb", "suspended_mb", "cold_launch_s", "resume_s"])
        #expect([app["active_mb"], app["suspended_mb"], app["cold_launch_s"], app["resume_s"]].map { $0?.string } == ["362.873", "121.593", "1.005", "0.205"])
        #expect(root["apps"]?.sequence?.count == 6)
        let observed = root["observed"]?.mapping
        #expect(Support.keys(observed) == ["app", "days", "exit_days", "foreground_memory_resource_limit", "background_memory_pressure",
                                           "background_memory_resource_limit", "background_app_watchdog", "background_task_assertion_timeout",
                                           "background_fetch_completion_timeout", "background_normal", "cold_launches", "resumes"])
        #expect(Support.keys(observed).compactMap { observed?[$0]?.string }
            == ["com.acme.shop", "3", "2", "0.5", "1", "0", "0", "0.5", "0", "2", "2.333", "5"])
        // Flow collections stay flow, one a line; `home` stays a null.
        #expect(result.text.contains("\n- {id: com.example.news, active_mb: 380, background_mb: 300, suspended_mb: 260}\n"))
        #expect(result.text.contains("\n- {at: 100, home: null}\n"))
        #expect(result.text.hasPrefix("# iphone-11-ios18.yaml with the MetricKit facts of com.acme.shop (3 payloads) put in by `suspendsim import metrickit` (SPEC 18)"))
        #expect(result.notes == ["1 of 3 payloads lacks applicationExitMetrics: the exit counters are means over the 2 that have it (observed.exit_days: 2)",
                                 "no payload has applicationTimeMetrics: observed: has no foreground_s or background_s",
                                 "com.acme.shop is new in apps: no event of the scenario opens it yet; add the events that do",
                                 "device.ios is now \"17.2\", the payloads' release (was \"18.5\")"])
        let loaded = try ScenarioLoader.parse(result.text, path: "imported.yaml")
        #expect(loaded.apps.last?.id == "com.acme.shop")
        #expect(loaded.observed?.days == 3 && loaded.observed?.exitDays == 2 && loaded.observed?.launchDays == 3)
        #expect(loaded.device.ios == IOSVersion(major: 17, minor: 2))
    }

    @Test("An app the scenario has: its keys replaced in place, its others kept; ram_mb gives way to the model; observed replaced where it was")
    func existingApp() throws {
        let result = try Self.run(["ios14-single.json"], app: "com.acme.shop")
        let root = try Support.compose(result.text)
        #expect(Support.keys(root) == ["name", "device", "apps", "observed", "events", "end_s"])
        let app = try #require(Support.app(root, "com.acme.shop"))
        #expect(Support.keys(app) == ["id", "active_mb", "background_mb", "suspended_mb", "cold_launch_s", "lifecycle", "resume_s"])
        // 512,000 kB = 488.28125 MB; 200,000 kB = 190.7348... MB; TTFD 1,250 ms x3 beside 1,900 ms x1; resume 150-160 ms.
        #expect(Support.keys(app).compactMap { app[$0]?.string } == ["com.acme.shop", "488.281", "200", "190.735", "1.255", "scene", "0.155"])
        #expect(Support.keys(root["device"]?.mapping) == ["ios", "model"])
        #expect(root["device"]?.mapping?["model"]?.string == "iphone-12")
        // The iPhone 12's 4 GB on SPEC 37's nominal basis: 4 × 1024 × 0.92 = 3768.32 -> 3768 MB.
        #expect(result.notes == ["device.ram_mb removed: device.model is now iphone-12, whose RAM the catalog gives (3768 MB)",
                                 "device.ios is now \"14.8\", the payloads' release (was \"18.5\")"])
        #expect(root["observed"]?.mapping?["days"]?.string == "1")
        #expect(root["observed"]?.mapping?["background_memory_pressure"]?.string == "3")
        #expect(!result.text.contains("A comment"))
        #expect(result.text.contains("\n- {at: 10, home: null}\n"))
        _ = try ScenarioLoader.parse(result.text, path: "imported.yaml")
    }

    @Test("A collector's file, the Swift histogram names, and a JSON scenario written back as YAML")
    func collectorOntoJSON() throws {
        let json = """
            {"name": "small", "device": {"model": "iphone-14", "ram_mb": 5000, "ios": "16.4"},
             "apps": [{"id": "com.acme.notes", "active_mb": 100, "background_modes": ["audio"]}, {"id": "b", "active_mb": 50}],
             "events": [{"at": 0, "open": "com.acme.notes"}, {"at": 5, "home": null}]}
            """
        let result = try Self.run(["collector.json"], onto: json, name: "small.json")
        let root = try Support.compose(result.text)
        #expect(Support.keys(root) == ["name", "device", "apps", "events", "observed"])
        let app = try #require(Support.app(root, "com.acme.notes"))
        #expect(["active_mb", "suspended_mb", "cold_launch_s", "resume_s"].map { app[$0]?.string } == ["238.419", "95.367", "0.805", "0.105"])
        // Same model: ram_mb stays (the user's choice); ios from the payloads.
        #expect(root["device"]?.mapping?["ram_mb"]?.string == "5000" && root["device"]?.mapping?["ios"]?.string == "18.5")
        // The second payload has memoryMetrics only: exits and launches over the first alone.
        #expect(result.notes == [
            "1 of 2 payloads lacks applicationExitMetrics: the exit counters are means over the 1 that has it (observed.exit_days: 1)",
            "1 of 2 payloads lacks applicationLaunchMetrics: cold_launches and resumes are means over the 1 that has it (observed.launch_days: 1)",
            "no payload has applicationTimeMetrics: observed: has no foreground_s or background_s",
            "device.ios is now \"18.5\", the payloads' release (was \"16.4\")",
        ])
        #expect(result.text.contains("\nname: small\n") && result.text.contains("\n  ios: \"18.5\"\n"))
        #expect(result.text.contains("\n- {at: 5, home: null}\n"))
        #expect(Support.keys(root["observed"]?.mapping).prefix(4) == ["app", "days", "exit_days", "launch_days"])
        #expect(root["observed"]?.mapping?["exit_days"]?.string == "1" && root["observed"]?.mapping?["launch_days"]?.string == "1")
        #expect(root["observed"]?.mapping?["background_memory_resource_limit"]?.string == "1")
        #expect(root["observed"]?.mapping?["resumes"]?.string == "4")
        _ = try ScenarioLoader.parse(result.text, path: "imported.yaml")
    }

    @Test("The Simplified Chinese payload: 千字节, 毫秒 and 秒 read exactly, the 2,717 s bucket outside the median")
    func chinese() throws {
        let root = try Support.compose(try Self.run(["zh-hans.json"]).text)
        let app = try #require(Support.app(root, "com.acme.maps"))
        // 1,106,818,000 bytes = 1055.5438... MB; 301,056,000 bytes = 287.109375 MB.
        #expect(["active_mb", "suspended_mb", "cold_launch_s", "resume_s"].map { app[$0]?.string } == ["1055.544", "287.109", "1.535", "0.415"])
        #expect(root["device"]?.mapping?["model"]?.string == "iphone-14-pro")
    }

    @Test("An unknown device leaves the scenario's model and RAM as they were; its new release 26.6 is written as ios \"26.6\"; notes say both (SPEC 18)")
    func unknownDevice() throws {
        let payload = Support.payload(device: "iPhone99,9", os: "iPhone OS 26.6 (23G80)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("metrickit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try payload.write(to: folder.appendingPathComponent("p.json"), atomically: true, encoding: .utf8)
        try Self.scenario.write(to: folder.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        let result = try MetricKitImport.run(payloads: [folder.path], onto: folder.appendingPathComponent("s.yaml").path, app: nil)
        let root = try Support.compose(result.text)
        #expect(Support.keys(root["device"]?.mapping) == ["ram_mb", "ios"])
        #expect(root["device"]?.mapping?["ram_mb"]?.string == "2048")
        #expect(root["device"]?.mapping?["ios"]?.string == "26.6")
        #expect(result.text.contains("ios: \"26.6\""))
        #expect(result.notes.contains(
            "device type iPhone99,9 is not in the device catalog (see `suspendsim devices`): the scenario's device is left as it is (kept device.ram_mb 2048)"))
        #expect(result.notes.contains("device.ios is now \"26.6\", the payloads' release (was \"18.5\")"))
    }

    @Test("Payloads without osVersion leave ios as the scenario had it, with no note about it (SPEC 18)")
    func noRelease() throws {
        let payload = "{\"metaData\": {\"regionFormat\": \"US\", \"deviceType\": \"iPhone99,9\", \"bundleIdentifier\": \"com.acme.shop\"}, "
            + "\"memoryMetrics\": {\"peakMemoryUsage\": \"300,000 kB\"}}"
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("metrickit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try payload.write(to: folder.appendingPathComponent("p.json"), atomically: true, encoding: .utf8)
        try Self.scenario.write(to: folder.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        let result = try MetricKitImport.run(payloads: [folder.path], onto: folder.appendingPathComponent("s.yaml").path, app: nil)
        let root = try Support.compose(result.text)
        #expect(root["device"]?.mapping?["ios"]?.string == "18.5")
        #expect(!result.notes.contains { $0.hasPrefix("device.ios") })
        #expect(result.notes.contains { $0.contains("iPhone99,9 is not in the device catalog") })
    }

    @Test("Scenarios that cannot take the facts are refused, naming the file", arguments: [
        ("- a\n- b\n", "s.yaml: not a scenario: expected a mapping of name, device, apps, ... (SPEC 16), got a list"),
        ("", "s.yaml: not a scenario: expected a mapping of name, device, apps, ... (SPEC 16), got an empty file"),
        ("name: [unclosed\n", "s.yaml: not a YAML or JSON scenario file: "),
        ("name: x\napps: 3\n", "s.yaml: apps: expected a list of apps, got \"3\""),
        ("name: x\ndevice: [1]\napps: []\n", "s.yaml: device: expected a mapping, got a list"),
    ])
    func badScenario(_ text: String, _ message: String) {
        let description = Support.failure { _ = try MetricKitImport.scenario(text, file: "s.yaml", with: try Support.facts(["ios17-days.json"])) }
        #expect(description?.hasPrefix(message) == true, "\(description ?? "accepted")")
    }

    @Test("A new app needs a peakMemoryUsage for its active_mb; a missing scenario file is named")
    func newAppWithoutMemory() throws {
        let payloads = try Support.payloads(Support.payload(extra: "\"applicationExitMetrics\": {}"))
        let facts = try MetricKitFacts(payloads, app: nil)
        #expect(Support.failure { _ = try MetricKitImport.scenario("name: x\napps: []\n", file: "s.yaml", with: facts) }
            == "s.yaml: apps has no com.acme.shop, and none of the 1 payloads has memoryMetrics: a new app needs a footprint for its active_mb (SPEC 27)")
        #expect(Support.failure { _ = try MetricKitImport.run(payloads: [Support.fixture("ios17-days.json")], onto: "/nonexistent/s.yaml", app: nil) }
            == "/nonexistent/s.yaml: no such scenario file")
    }
}

import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@testable import SuspendSimCore

/// STYLE section 8 for the scenario's own keys (SPEC 7, 12, 25, 33): the top level, an
/// `initial:` entry, an event's value, `device.lmkd`, a kill level, a policy in YAML and
/// `whatif:` are each looked up through one table (`ScenarioKey`, `InitialKey`,
/// `EventGrammar.ValueKey`, `LMKDKey`, `MinfreeKey`, `OrderPolicyKey`, `WhatIfKey`). The reader's
/// messages list exactly the table's rows, in its order, and docs/scenarios.md's tables agree.
@Suite struct ScenarioKeyTableTests {
    /// A valid scenario with one app, `com.table.app`, and `extra` appended.
    private static func scenario(_ extra: String = "") -> String {
        """
        name: table
        device: { ram_mb: 4096 }
        apps: [{ id: com.table.app, active_mb: 100 }]
        \(extra)
        """
    }

    /// The keys the one "unknown key 'zz'" message of `text` lists (`expected one of a, b`).
    private static func allowedKeys(_ text: String) -> [String] {
        let messages = loadDiagnostics(text).map(\.message).filter { $0.hasPrefix("unknown key 'zz'") }
        #expect(messages.count == 1, "\(messages)")
        guard let list = messages.first?.split(separator: "expected one of ").last else { return [] }
        return list.split(separator: ", ").map(String.init)
    }

    @Test("The top level allows exactly ScenarioKey's rows, in its order; its required rows are named when missing")
    func topLevelKeys() {
        #expect(Self.allowedKeys(Self.scenario("zz: 1")) == ScenarioKey.names)
        #expect(ScenarioKey.names.count == 17)
        let missing = loadDiagnostics("zz: 1\n").filter { $0.message.hasPrefix("missing required key") }
        #expect(missing.map(\.field) == [ScenarioKey.name, .device, .apps].map(\.rawValue))
        #expect(missing.map(\.message) == ["missing required key 'name'", "missing required key 'device'", "missing required key 'apps'"])
    }

    @Test("Every top-level row is read: a scenario that gives each key loads, each value where the key says")
    func everyTopLevelKeyIsRead() throws {
        let text = """
            name: table
            policies: [{ name: own, order: [state] }]
            policy: own
            device: { ram_mb: 4096 }
            apps: [{ id: com.table.app, active_mb: 100, background_modes: [audio] }]
            events: [{ at: 1, open: com.table.app }]
            end_s: 7.25
            expect: { max_pressure_kills: 0 }
            workload: { duration_s: 10 }
            replicates: 2
            initial: [{ app: com.table.app, state: background, modes: [audio] }]

            """
        let scenario = try ScenarioLoader.parse(text, path: "table.yaml")
        #expect(scenario.name == "table" && scenario.policy.name == "own" && scenario.namedPolicies.map(\.name) == ["own"])
        #expect(scenario.endMs == .ms(7_250) && scenario.expectation?.maxPressureKills == 0 && scenario.generator != nil)
        #expect(scenario.initial == [Scenario.InitialApp(app: 0, state: .background, modes: AppProfile.BackgroundModes(.audio))])
        #expect(scenario.events.map(\.atMs) == [.ms(1_000)])
    }

    @Test("initial: entries allow exactly InitialKey's rows; app and state are required, at their paths")
    func initialKeys() {
        #expect(Self.allowedKeys(Self.scenario("initial: [{ app: com.table.app, state: suspended, zz: 1 }]")) == InitialKey.names)
        let missing = loadDiagnostics(Self.scenario("initial: [{ modes: [] }]")).filter { $0.message.hasPrefix("missing") }
        #expect(missing.map(\.field) == ["initial[0].app", "initial[0].state"])
        let suspended = loadDiagnostics(Self.scenario("initial: [{ app: com.table.app, state: suspended, modes: [] }]"))
        #expect(suspended.map(\.field) == ["initial[0].modes"])
    }

    @Test("An event allows at and one event key; its value's mapping exactly EventGrammar's keys for its shape")
    func eventKeys() {
        let kinds = ScenarioEvent.Kind.allCases.map(\.rawValue)
        #expect(Self.allowedKeys(Self.scenario("events: [{ at: 0, home: null, zz: 1 }]")) == [EventGrammar.timeKey] + kinds)
        #expect(Self.allowedKeys(Self.scenario("events: [{ at: 0, allocate: { app: com.table.app, mb: 1, zz: 1 } }]"))
            == ["app", "mb", "session"])
        #expect(Self.allowedKeys(Self.scenario("events: [{ at: 0, system_allocate: { mb: 1, zz: 1 } }]")) == ["mb"])
        #expect(Self.allowedKeys(Self.scenario("events: [{ at: 0, wake: { app: com.table.app, mode: fetch, zz: 1 } }]"))
            == ["app", "mode"])
        let session = loadDiagnostics(Self.scenario("events: [{ at: 0, allocate: { app: com.table.app, mb: 0, session: true } }]"))
        #expect(session.map(\.field) == ["events[0].allocate.mb"])
        #expect(EventGrammar.ValueKey.allCases.map(\.rawValue) == ["app", "mode", "mb", "session"])
    }

    @Test("device.lmkd allows exactly LMKDKey's rows, a level exactly MinfreeKey's, as a YAML policy's levels do")
    func lmkdKeys() {
        #expect(Self.allowedKeys("name: t\ndevice: { ram_mb: 4096, lmkd: { zz: 1 } }\napps: [{ id: a, active_mb: 1 }]\n") == LMKDKey.names)
        #expect(Self.allowedKeys("name: t\ndevice: { ram_mb: 4096, lmkd: { minfree: [{ adj: 0, mb: 50, zz: 1 }] } }\napps: [{ id: a, active_mb: 1 }]\n")
            == MinfreeKey.names)
        #expect(Self.allowedKeys(Self.scenario("policies: [{ name: own, order: [state], levels: [{ adj: 0, mb: 5, zz: 1 }] }]"))
            == MinfreeKey.names)
        #expect(LMKDKey.minfree.path == "device.lmkd.minfree")
        let missing = loadDiagnostics("name: t\ndevice: { ram_mb: 4096, lmkd: { minfree: [{ adj: 0 }] } }\napps: [{ id: a, active_mb: 1 }]\n")
        #expect(missing.map(\.message) == ["missing required key 'mb'"] && missing.map(\.field) == ["device.lmkd.minfree[0].mb"])
    }

    @Test("A policy in YAML allows exactly OrderPolicyKey's rows; whatif: exactly WhatIfKey's")
    func policyAndWhatIfKeys() {
        #expect(Self.allowedKeys(Self.scenario("policies: [{ name: own, order: [state], zz: 1 }]")) == OrderPolicyKey.names)
        #expect(Self.allowedKeys(Self.scenario("policy: { name: own, order: [state], zz: 1 }")) == OrderPolicyKey.names)
        #expect(Self.allowedKeys(Self.scenario("whatif: { key: device.ram_mb, baseline: 1, zz: 1 }")) == WhatIfKey.names)
        let baseline = loadDiagnostics(Self.scenario("whatif: { key: device.ram_mb, baseline: [1] }"))
        #expect(baseline.map(\.field) == [WhatIfKey.baseline.path] && WhatIfKey.baseline.path == "whatif.baseline")
    }

    /// The keys in the first column of the markdown table of docs/scenarios.md whose header
    /// row begins `| header |`.
    private static func documentedKeys(header: String) throws -> [String] {
        let doc = try String(contentsOf: packageRoot.appendingPathComponent("docs/scenarios.md"), encoding: .utf8)
        let lines = doc.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.hasPrefix("| \(header) |") })
        return lines[(start + 2)...].prefix { $0.hasPrefix("|") }.compactMap { line in
            line.split(separator: "`", maxSplits: 2).dropFirst().first.map(String.init)
        }
    }

    @Test("docs/scenarios.md lists the top-level keys and a YAML policy's keys as their tables do, in order")
    func docsAgree() throws {
        #expect(try Self.documentedKeys(header: "top-level key") == ScenarioKey.names)
        #expect(try Self.documentedKeys(header: "key") == OrderPolicyKey.names)
    }
}

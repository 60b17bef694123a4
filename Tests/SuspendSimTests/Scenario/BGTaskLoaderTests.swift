import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// SPEC 28's input: `bg_tasks`, the device keys and the `charge` and `low_power` events, read
/// and refused as SPEC 29 says (one located diagnostic each; the CLI exits 2 and writes
/// nothing, `SuspendSimCLITests`).
@Suite struct BGTaskLoaderTests {
    /// The base's second app (line 7) with `modes` and `tasks` (line 10) in place of line 8.
    static func tasks(_ tasks: String, modes: String = "[fetch, processing]") -> String {
        BadScenario.replacing("    active_mb: 200\n", with: "    active_mb: 200\n    background_modes: \(modes)\n    bg_tasks: \(tasks)\n")
    }

    static let cases: [BadScenario] = [
        BadScenario(kind: "unknown kind", text: tasks("[{ kind: nap }]"), line: 10, column: 24,
                    field: "apps[1].bg_tasks[0].kind", message: "unknown kind 'nap'; expected refresh or processing"),
        BadScenario(kind: "requires_power on a refresh", text: tasks("[{ kind: refresh, requires_power: true }]"), line: 10, column: 49,
                    field: "apps[1].bg_tasks[0].requires_power", message: "is for processing requests only"),
        BadScenario(kind: "two entries of one kind", text: tasks("[{ kind: refresh }, { kind: refresh }]"), line: 10, column: 43,
                    field: "apps[1].bg_tasks[1].kind", message: "a second refresh entry; an app lists at most one per kind (first at line 10, column 24)"),
        BadScenario(kind: "a kind whose mode is not declared", text: tasks("[{ kind: processing }]", modes: "[fetch]"), line: 10, column: 24,
                    field: "apps[1].bg_tasks[0].kind", message: "a processing request needs the processing mode in the app's background_modes"),
        BadScenario(kind: "negative earliest_s", text: tasks("[{ kind: refresh, earliest_s: -1 }]"), line: 10, column: 45,
                    field: "apps[1].bg_tasks[0].earliest_s", message: "must not be negative, got -1"),
        BadScenario(kind: "negative work_s", text: tasks("[{ kind: refresh, work_s: -0.5 }]"), line: 10, column: 41,
                    field: "apps[1].bg_tasks[0].work_s", message: "must not be negative, got -0.5"),
        BadScenario(kind: "unknown key in an entry", text: tasks("[{ kind: refresh, every_s: 5 }]"), line: 10, column: 33,
                    field: "apps[1].bg_tasks[0].every_s", message: "unknown key 'every_s'; expected one of kind, earliest_s, work_s, requires_power"),
        BadScenario(kind: "refresh_window_s of 0", text: BadScenario.replacing("  ram_mb: 2048\n", with: "  ram_mb: 2048\n  refresh_window_s: 0\n"),
                    line: 4, column: 21, field: "device.refresh_window_s", message: "must be more than 0, got 0"),
        BadScenario(kind: "negative refresh_interval_s", text: BadScenario.replacing("  ram_mb: 2048\n", with: "  ram_mb: 2048\n  refresh_interval_s: -900\n"),
                    line: 4, column: 23, field: "device.refresh_interval_s", message: "must not be negative, got -900"),
        BadScenario(kind: "a charge event that is not true or false", text: BadScenario.appending("  - { at: 5, charge: yes please }"), line: 11, column: 22,
                    field: "events[1].charge", message: "must be true or false, got"),
        BadScenario(kind: "a low_power event with a number", text: BadScenario.appending("  - { at: 5, low_power: 1 }"), line: 11, column: 25,
                    field: "events[1].low_power", message: "must be true or false, got"),
    ]

    @Test(arguments: cases)
    func rejects(_ bad: BadScenario) {
        let diagnostics = loadDiagnostics(bad.text, path: "Scenarios/bad.yaml")
        #expect(diagnostics.count == 1, "\(diagnostics)")
        guard let diagnostic = diagnostics.first else { return }
        #expect(diagnostic.line == bad.line, "\(diagnostic)")
        #expect(diagnostic.column == bad.column, "\(diagnostic)")
        #expect(diagnostic.field == bad.field, "\(diagnostic)")
        #expect(diagnostic.message.contains(bad.message), "\(diagnostic)")
    }

    @Test("bg_tasks, the device keys and the events are read with SPEC 28's defaults; bg_tasks: null means none; the JSON writer gives the same scenario back")
    func readsAndWritesBack() throws {
        let text = Self.tasks("[{ kind: refresh, earliest_s: 900 }, { kind: processing, earliest_s: 3600, work_s: 300, requires_power: true }]")
            .replacingOccurrences(of: "  ram_mb: 2048\n", with: "  ram_mb: 2048\n  charging: true\n  refresh_interval_s: 600\n")
            + "  - { at: 5, charge: false }\n  - { at: 6, low_power: true }\n"
        let scenario = try ScenarioLoader.parse(text, path: "x.yaml")
        #expect(scenario.apps[1].bgTasks == [
            AppProfile.TaskRequest(kind: .refresh, earliestMs: .seconds(900)),
            AppProfile.TaskRequest(kind: .processing, earliestMs: .seconds(3600), workMs: .seconds(300), requiresPower: true),
        ])
        #expect(scenario.apps[0].bgTasks.isEmpty)
        #expect((scenario.device.charging, scenario.device.lowPower, scenario.device.backgroundAppRefresh) == (true, false, true))
        #expect((scenario.device.refreshWindowMs, scenario.device.refreshIntervalMs) == (.seconds(30), .seconds(600)))
        #expect(scenario.events.suffix(2).map(\.action) == [.charge(false), .lowPower(true)])
        let again = try ScenarioLoader.parse(ScenarioJSONWriter.json(scenario), path: "again.json")
        #expect(again.apps == scenario.apps && again.device == scenario.device && again.events.map(\.action) == scenario.events.map(\.action))
        #expect(try ScenarioLoader.parse(Self.tasks("null"), path: "x.yaml").apps[1].bgTasks.isEmpty)
    }
}

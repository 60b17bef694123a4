import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// One kind of bad input and the one diagnostic it must give.
struct BadScenario: Sendable, CustomTestStringConvertible {
    let kind: String
    let text: String
    let line: Int?
    let column: Int?
    let field: String
    let message: String

    var testDescription: String { kind }

    /// A valid scenario whose events end at line 10; `events` go on from line 11.
    static let base = """
        name: bad
        device:
          ram_mb: 2048
        apps:
          - id: com.a
            active_mb: 100
          - id: com.b
            active_mb: 200
        events:
          - { at: 0, open: com.a }

        """

    /// The base with `lines` appended (from line 11).
    static func appending(_ lines: String...) -> String {
        base + lines.map { $0 + "\n" }.joined()
    }

    /// The base with `old` replaced by `new`.
    static func replacing(_ old: String, with new: String) -> String {
        precondition(base.contains(old), "base has no \(old)")
        return base.replacingOccurrences(of: old, with: new)
    }
}

/// Malformed scenario files: each gives one located diagnostic (SPEC 7 "Bad input").
@Suite struct ScenarioLoaderErrorTests {
    static let cases: [BadScenario] = [
        BadScenario(
            kind: "unknown top-level key", text: BadScenario.appending("colour: red"), line: 11, column: 1,
            field: "colour",
            message: "unknown key 'colour'; expected one of name, policy, policies, device, apps, events, end_s, expect"),
        BadScenario(
            kind: "unknown app key",
            text: BadScenario.replacing("    active_mb: 200\n", with: "    active_mb: 200\n    colour: red\n"),
            line: 9, column: 5, field: "apps[1].colour",
            message: "unknown key 'colour'; expected one of id, active_mb, background_mb, suspended_mb"),
        BadScenario(
            kind: "unknown device key",
            text: BadScenario.replacing("  ram_mb: 2048\n", with: "  ram_mb: 2048\n  ram_gb: 2\n"),
            line: 4, column: 3, field: "device.ram_gb", message: "unknown key 'ram_gb' (did you mean 'ram_mb'?); expected one of ram_mb, "),
        BadScenario(
            kind: "duplicate key",
            text: BadScenario.replacing("  ram_mb: 2048\n", with: "  ram_mb: 2048\n  ram_mb: 4096\n"),
            line: 4, column: 3, field: "device.ram_mb", message: "duplicate key 'ram_mb' (first at line 3, column 3)"),
        BadScenario(
            kind: "duplicate key in a flow mapping", text: BadScenario.appending("  - { at: 5, home, at: 6 }"),
            line: 11, column: 20, field: "events[1].at", message: "duplicate key 'at' (first at line 11, column 7)"),
        BadScenario(
            kind: "duplicate quoted key", text: BadScenario.appending("'name': again"), line: 11, column: 1,
            field: "name", message: "duplicate key 'name' (first at line 1, column 1)"),
        BadScenario(
            kind: "duplicate app id", text: BadScenario.replacing("  - id: com.b", with: "  - id: com.a"),
            line: 7, column: 9, field: "apps[1].id", message: "duplicate app id 'com.a' (first at line 5, column 9)"),
        BadScenario(
            kind: "unknown app in an event", text: BadScenario.appending("  - { at: 5, open: com.zzz }"),
            line: 11, column: 20, field: "events[1].open", message: "unknown app 'com.zzz'; apps are com.a, com.b"),
        BadScenario(
            kind: "unknown event key", text: BadScenario.appending("  - { at: 5, jump }"), line: 11, column: 14,
            field: "events[1].jump", message: "unknown key 'jump'; expected one of at, open, home, lock"),
        BadScenario(
            kind: "unknown mode", text: BadScenario.appending("  - { at: 5, wake: { app: com.a, mode: teleport } }"),
            line: 11, column: 40, field: "events[1].wake.mode",
            message: "unknown background mode 'teleport'; expected one of audio, location"),
        BadScenario(
            kind: "unknown mode in background_modes",
            text: BadScenario.replacing(
                "    active_mb: 200\n", with: "    active_mb: 200\n    background_modes: [fetch, telepathy]\n"),
            line: 9, column: 31, field: "apps[1].background_modes[1]",
            message: "unknown background mode 'telepathy'"),
        BadScenario(
            kind: "wake with a continuous mode",
            text: BadScenario.appending("  - { at: 5, wake: { app: com.a, mode: audio } }"), line: 11, column: 40,
            field: "events[1].wake.mode",
            message:
                "wake takes a wake-only mode (fetch, remote-notification, processing, newsstand-content), got continuous mode 'audio'"
        ),
        BadScenario(
            kind: "start_mode with a wake mode",
            text: BadScenario.appending("  - { at: 5, start_mode: { app: com.a, mode: fetch } }"), line: 11,
            column: 46, field: "events[1].start_mode.mode",
            message: "start_mode takes a continuous mode (audio, location, voip, external-accessory, "
                + "bluetooth-central, bluetooth-peripheral), got wake-only mode 'fetch'"),
        BadScenario(
            kind: "negative memory", text: BadScenario.replacing("    active_mb: 200", with: "    active_mb: -5"),
            line: 8, column: 16, field: "apps[1].active_mb", message: "must not be negative, got -5"),
        BadScenario(
            kind: "negative time", text: BadScenario.appending("  - { at: -1, home }"), line: 11, column: 11,
            field: "events[1].at", message: "must not be negative, got -1"),
        BadScenario(
            kind: "negative end_s", text: BadScenario.appending("end_s: -0.5"), line: 11, column: 8, field: "end_s",
            message: "must not be negative, got -0.5"),
        BadScenario(
            kind: "events out of time order",
            text: BadScenario.appending("  - { at: 10, home }", "  - { at: 5, lock }"), line: 12, column: 11,
            field: "events[2].at", message: "events out of time order: at 5 comes after at 10 (line 11)"),
        BadScenario(
            kind: "missing name", text: BadScenario.replacing("name: bad\n", with: ""), line: 1, column: 1,
            field: "name", message: "missing required key 'name'"),
        BadScenario(
            kind: "empty name", text: BadScenario.replacing("name: bad", with: "name: ''"), line: 1, column: 7,
            field: "name", message: "must not be empty"),
        BadScenario(
            kind: "name that is not a folder name", text: BadScenario.replacing("name: bad", with: "name: ../up"),
            line: 1, column: 7, field: "name", message: "must be usable as a folder name"),
        BadScenario(
            kind: "missing ram_mb", text: BadScenario.replacing("  ram_mb: 2048", with: "  reserved_mb: 100"),
            line: 3, column: 3, field: "device.ram_mb", message: "missing required key 'ram_mb'"),
        BadScenario(
            kind: "zero ram_mb", text: BadScenario.replacing("  ram_mb: 2048", with: "  ram_mb: 0.0"),
            line: 3, column: 11, field: "device.ram_mb", message: "must be more than 0, got 0.0"),
        BadScenario(
            kind: "missing device", text: BadScenario.replacing("device:\n  ram_mb: 2048\n", with: ""),
            line: 1, column: 1, field: "device", message: "missing required key 'device'"),
        BadScenario(
            kind: "missing apps", text: "name: bad\ndevice:\n  ram_mb: 2048\nevents: [{at: 0, open: com.a}]\n",
            line: 1, column: 1, field: "apps", message: "missing required key 'apps'"),
        BadScenario(
            kind: "empty apps", text: "name: bad\ndevice:\n  ram_mb: 2048\napps: []\nevents: [{at: 0, open: com.a}]\n",
            line: 4, column: 7, field: "apps", message: "must list at least one app"),
        BadScenario(
            kind: "missing app id", text: BadScenario.replacing("  - id: com.b\n    active_mb", with: "  - active_mb"),
            line: 7, column: 5, field: "apps[1].id", message: "missing required key 'id'"),
        BadScenario(
            kind: "missing active_mb", text: BadScenario.replacing("    active_mb: 200", with: "    background_mb: 200"),
            line: 7, column: 5, field: "apps[1].active_mb", message: "missing required key 'active_mb'"),
        BadScenario(
            kind: "string for a number", text: BadScenario.replacing("    active_mb: 200", with: "    active_mb: abc"),
            line: 8, column: 16, field: "apps[1].active_mb", message: "must be a number, got \"abc\""),
        BadScenario(
            kind: "quoted number", text: BadScenario.replacing("    active_mb: 200", with: "    active_mb: \"200\""),
            line: 8, column: 16, field: "apps[1].active_mb", message: "must be a number, got \"200\""),
        BadScenario(
            kind: "boolean for a number", text: BadScenario.replacing("    active_mb: 200", with: "    active_mb: true"),
            line: 8, column: 16, field: "apps[1].active_mb", message: "must be a number, got true"),
        BadScenario(
            kind: "list for a number", text: BadScenario.replacing("    active_mb: 200", with: "    active_mb: [200]"),
            line: 8, column: 16, field: "apps[1].active_mb", message: "must be a number, got a list"),
        BadScenario(
            kind: "hexadecimal number", text: BadScenario.replacing("  ram_mb: 2048", with: "  ram_mb: 0x800"),
            line: 3, column: 11, field: "device.ram_mb", message: "must be a decimal number, got 0x800"),
        BadScenario(
            kind: "infinity", text: BadScenario.appending("end_s: .inf"), line: 11, column: 8, field: "end_s",
            message: "must be a decimal number, got .inf"),
        BadScenario(
            kind: "number for a boolean",
            text: BadScenario.replacing("    active_mb: 200\n", with: "    active_mb: 200\n    saves_state: 1\n"),
            line: 9, column: 18, field: "apps[1].saves_state", message: "must be true or false, got 1"),
        BadScenario(
            kind: "number for a string", text: BadScenario.replacing("name: bad", with: "name: 42"), line: 1,
            column: 7, field: "name", message: "must be a string, got 42"),
        BadScenario(
            kind: "mapping for a list", text: BadScenario.replacing("events:\n  - { at: 0, open: com.a }", with: "events: {at: 0}"),
            line: 9, column: 9, field: "events", message: "must be a list, got a mapping"),
        BadScenario(
            kind: "value for a null-valued event", text: BadScenario.appending("  - { at: 5, home: now }"),
            line: 11, column: 20, field: "events[1].home", message: "takes no value, got \"now\""),
        BadScenario(
            kind: "YAML syntax error", text: BadScenario.replacing("name: bad", with: "name: bad: worse"), line: 1,
            column: 10, field: "", message: "YAML syntax error: mapping values are not allowed in this context"),
        BadScenario(
            kind: "tab indentation", text: BadScenario.replacing("  ram_mb: 2048", with: "\tram_mb: 2048"), line: 3,
            column: 1, field: "", message: "YAML syntax error: found character that cannot start any token"),
        BadScenario(
            kind: "unclosed flow list", text: BadScenario.appending("  - { at: 5, home", "end_s: 3"), line: 12,
            column: 6, field: "",
            message: "YAML syntax error: did not find expected ',' or '}' (while parsing a flow mapping at line 11, column 5)"),
        BadScenario(
            kind: "control character", text: BadScenario.replacing("name: bad", with: "name: bad\u{7}"), line: 1,
            column: 10, field: "", message: "YAML syntax error: control characters are not allowed"),
        BadScenario(
            kind: "two documents", text: BadScenario.appending("---", "name: other"), line: 11, column: 1, field: "",
            message: "expected a single document in the stream but found another document"),
        BadScenario(
            kind: "malformed JSON: missing comma",
            text: "{\"name\": \"bad\" \"device\": {\"ram_mb\": 2048}, \"apps\": [{\"id\": \"a\", \"active_mb\": 1}]}\n",
            line: 1, column: 16, field: "", message: "YAML syntax error: did not find expected ',' or '}'"),
        BadScenario(
            kind: "malformed JSON: unclosed object",
            text: "{\"name\": \"bad\",\n \"device\": {\"ram_mb\": 2048},\n \"apps\": [{\"id\": \"a\", \"active_mb\": 1}]\n",
            line: 4, column: 1, field: "",
            message: "YAML syntax error: did not find expected ',' or '}' (while parsing a flow mapping at line 1, column 1)"),
        BadScenario(
            kind: "memory beyond the limit", text: BadScenario.replacing("  ram_mb: 2048", with: "  ram_mb: 1e20"),
            line: 3, column: 11, field: "device.ram_mb",
            message: "must be at most 4294967296 (2^32) MB in magnitude, got 1e20"),
        BadScenario(
            kind: "allocation beyond the limit",
            text: BadScenario.appending("  - { at: 5, system_allocate: { mb: -4294967296.5 } }"), line: 11,
            column: 37, field: "events[1].system_allocate.mb",
            message: "must be at most 4294967296 (2^32) MB in magnitude, got -4294967296.5"),
        BadScenario(
            kind: "time beyond the limit", text: BadScenario.appending("  - { at: 4294967296.001, home }"), line: 11,
            column: 11, field: "events[1].at", message: "must be at most 4294967296 (2^32) s in magnitude"),
        BadScenario(
            kind: "unknown policy", text: BadScenario.replacing("name: bad\n", with: "name: bad\npolicy: fifo\n"),
            line: 2, column: 9, field: "policy", message: "unknown policy 'fifo'; expected one of largest-first, lru"),
        BadScenario(
            kind: "unknown app in expect",
            text: BadScenario.appending("expect:", "  survivors: [com.a, com.zzz]"), line: 12, column: 22,
            field: "expect.survivors[1]", message: "unknown app 'com.zzz'; apps are com.a, com.b"),
        BadScenario(
            kind: "unknown policy in expect",
            text: BadScenario.appending("expect:", "  by_policy:", "    fifo: {evictions: [com.a]}"), line: 13,
            column: 5, field: "expect.by_policy.fifo", message: "unknown policy 'fifo'; expected one of largest-first, lru"),
        BadScenario(
            kind: "unknown app in a policy's expect",
            text: BadScenario.appending("expect:", "  by_policy:", "    lru: {evictions: [com.zzz]}"), line: 13,
            column: 23, field: "expect.by_policy.lru.evictions[0]", message: "unknown app 'com.zzz'"),
        BadScenario(
            kind: "event with two event keys", text: BadScenario.appending("  - { at: 5, home, lock }"), line: 11,
            column: 20, field: "events[1].lock", message: "an event takes exactly one event key, got 'home' and 'lock'"),
        BadScenario(
            kind: "event without at", text: BadScenario.appending("  - { home }"), line: 11, column: 5,
            field: "events[1].at", message: "missing required key 'at'"),
        BadScenario(
            kind: "event without an event key", text: BadScenario.appending("  - { at: 5 }"), line: 11, column: 5,
            field: "events[1]", message: "missing an event; expected one of open, home, lock"),
        BadScenario(
            kind: "allocate without mb", text: BadScenario.appending("  - { at: 5, allocate: { app: com.a } }"),
            line: 11, column: 24, field: "events[1].allocate.mb", message: "missing required key 'mb'"),
        BadScenario(
            kind: "list for an event", text: BadScenario.appending("  - [at, 5]"), line: 11, column: 5,
            field: "events[1]", message: "must be a mapping, got a list"),
        BadScenario(
            kind: "list as a key", text: BadScenario.appending("[a]: 1"), line: 11, column: 1, field: "",
            message: "keys must be strings, got a list"),
        BadScenario(
            kind: "list for the whole file", text: "- name: bad\n", line: 1, column: 1, field: "",
            message: "must be a mapping, got a list"),
        BadScenario(
            kind: "empty file", text: "# nothing here\n", line: nil, column: nil, field: "",
            message: "the file holds no scenario"),
    ]

    @Test(arguments: cases)
    func rejects(_ bad: BadScenario) {
        let diagnostics = loadDiagnostics(bad.text, path: "Scenarios/bad.yaml")
        #expect(diagnostics.count == 1, "\(diagnostics)")
        guard let diagnostic = diagnostics.first else { return }
        #expect(diagnostic.file == "Scenarios/bad.yaml")
        #expect(diagnostic.line == bad.line, "\(diagnostic)")
        #expect(diagnostic.column == bad.column, "\(diagnostic)")
        #expect(diagnostic.field == bad.field, "\(diagnostic)")
        #expect(diagnostic.message.contains(bad.message), "\(diagnostic)")
    }

    @Test func keepsGoingAfterABadFieldAndSortsByPosition() {
        let text = """
            name: many
            device: {ram_mb: -1, aging: 2}
            apps:
              - {id: a, active_mb: abc}
              - {id: a, active_mb: 1, saves_state: maybe}
            events:
              - {at: 3, open: b}
              - {at: 2, home, lock}
            expect: {evictions: [c]}

            """
        let diagnostics = loadDiagnostics(text)
        #expect(
            diagnostics.map(\.description) == [
                "x.yaml:2:18: device.ram_mb: must not be negative, got -1",
                "x.yaml:2:22: device.aging: unknown key 'aging' (did you mean 'aging_s'?); expected one of ram_mb, reserved_mb, system_mb, "
                    + "warning_free_mb, idle_free_mb, critical_free_mb, app_limit_mb, did_enter_background_limit_s, "
                    + "background_task_limit_s, wake_window_s, processing_window_s, aging_s, model, ios, "
                    + "reaper_interval_s, reaper_free_mb, reaper_idle_s, app_background_limit_mb, compressor, "
                    + "freezer, charging, low_power, background_app_refresh, refresh_window_s, refresh_interval_s, lmkd",
                "x.yaml:4:24: apps[0].active_mb: must be a number, got \"abc\"",
                "x.yaml:5:10: apps[1].id: duplicate app id 'a' (first at line 4, column 10)",
                "x.yaml:5:40: apps[1].saves_state: must be true or false, got \"maybe\"",
                "x.yaml:7:19: events[0].open: unknown app 'b'; apps are a",
                "x.yaml:8:10: events[1].at: events out of time order: at 2 comes after at 3 (line 7)",
                "x.yaml:8:19: events[1].lock: an event takes exactly one event key, got 'home' and 'lock'",
                "x.yaml:9:22: expect.evictions[0]: unknown app 'c'; apps are a",
            ])
    }

    @Test func reportsEveryDuplicateKeyWhereItIs() {
        let text = """
            name: dup
            name: dup2
            device: {ram_mb: 1, ram_mb: 2, ram_mb: 3}
            apps: [{id: a, active_mb: 1, "active_mb": 2}]

            """
        let diagnostics = loadDiagnostics(text)
        #expect(
            diagnostics.map(\.description) == [
                "x.yaml:2:1: name: duplicate key 'name' (first at line 1, column 1)",
                "x.yaml:3:21: device.ram_mb: duplicate key 'ram_mb' (first at line 3, column 10)",
                "x.yaml:3:32: device.ram_mb: duplicate key 'ram_mb' (first at line 3, column 10)",
                "x.yaml:4:30: apps[0].active_mb: duplicate key 'active_mb' (first at line 4, column 16)",
            ])
    }

    @Test("A duplicate key is found in a mapping of more keys than the reader keeps in a list (SeenKeys.listLimit)")
    func duplicateKeyPastTheListLimit() {
        let extra = (0...ScenarioReader.SeenKeys.listLimit).map { "  k\($0): 1\n" }.joined()
        let text = "name: wide\ndevice:\n  ram_mb: 2048\n" + extra + "  ram_mb: 4096\n"
            + "apps: [{id: a, active_mb: 1}]\n"
        let diagnostics = loadDiagnostics(text)
        let duplicateLine = 4 + ScenarioReader.SeenKeys.listLimit + 1
        // Every extra key is unknown; the second ram_mb, past the limit, is a duplicate.
        #expect(diagnostics.count == ScenarioReader.SeenKeys.listLimit + 2)
        #expect(diagnostics.last?.description
                == "x.yaml:\(duplicateLine):3: device.ram_mb: duplicate key 'ram_mb' (first at line 3, column 3)")
    }

    @Test func diagnosticDescriptions() {
        let located = ScenarioLoader.Diagnostic(
            file: "Scenarios/x.yaml", line: 12, column: 5, field: "apps[1].active_mb", message: "must be a number, got \"abc\"")
        #expect(located.description == "Scenarios/x.yaml:12:5: apps[1].active_mb: must be a number, got \"abc\"")
        let lineOnly = ScenarioLoader.Diagnostic(file: "x.yaml", line: 3, field: "name", message: "m")
        #expect(lineOnly.description == "x.yaml:3: name: m")
        let wholeFile = ScenarioLoader.Diagnostic(file: "x.yaml", message: "no such file")
        #expect(wholeFile.description == "x.yaml: no such file")
        let error = ScenarioLoader.Error(diagnostics: [located, wholeFile])
        #expect(error.description == located.description + "\n" + wholeFile.description)
    }
}

import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// SPEC 32: session memory given back at `applicationDidEnterBackground`, its bad input, and
/// `min_free_mb` as settled free memory.
@Suite struct SessionMemoryTests {
    static func load(_ text: String) throws -> Scenario { try ScenarioLoader.parse(text, path: "x.yaml") }

    static func rows(_ result: SimulationResult<EventLog>) -> [String] {
        result.log.footprints.map { "\(CSVFormatting.secondsText($0.timeMs)) \($0.state.rawValue) \(CSVFormatting.mbText($0.footprintKiB))" }
    }

    @Test("Session memory is given back in the one memory.csv row of the change to background, beside kept memory and a warning's release (SPEC 32)", arguments: ["app", "scene"])
    func givenBackAtBackground(_ lifecycle: String) throws {
        // active 100; +30 kept; +50 session; the system's 800 leaves free 1024-800-180 = 44 <
        // warning 153.6: a releases 10 (170). Home: background 80 + 30 - 10 = 100, one row.
        // Suspended: the same 100, no row. Reopened: active 100 + 30 = 130.
        let text = """
            name: s
            device: { ram_mb: 1024 }
            apps:
              - { id: com.a, active_mb: 100, background_mb: 80, warning_release_mb: 10, lifecycle: \(lifecycle) }
            events:
              - { at: 0, open: com.a }
              - { at: 1, allocate: { app: com.a, mb: 30 } }
              - { at: 2, allocate: { app: com.a, mb: 50, session: true } }
              - { at: 2.5, system_allocate: { mb: 800 } }
              - { at: 3, home: null }
              - { at: 20, open: com.a }

            """
        let result = Simulation.run(try Self.load(text))
        // The launch's row is inactive; reopened, inactive 120 (the release holds), active 130.
        #expect(Self.rows(result) == [
            "0.000 inactive 100.000", "1.000 active 130.000", "2.000 active 180.000", "2.500 active 170.000",
            "3.000 background 100.000", "20.000 inactive 120.000", "20.000 active 130.000",
        ])
    }

    @Test("Session memory allocated in the background is kept until the next applicationDidEnterBackground; death clears it (SPEC 32)")
    func backgroundSessionKept() throws {
        // A fetch wake runs com.a in background (80): +20 session -> 100; suspension keeps it.
        // Opened: active 100 + 20 = 120; home gives the 20 back: background 80.
        let text = """
            name: s
            device: { ram_mb: 1024 }
            apps:
              - { id: com.a, active_mb: 100, background_mb: 80, background_modes: [fetch], wake_work_s: 5 }
            events:
              - { at: 0, wake: { app: com.a, mode: fetch } }
              - { at: 1, allocate: { app: com.a, mb: 20, session: true } }
              - { at: 40, open: com.a }
              - { at: 50, home: null }
              - { at: 60, open: com.a }
              - { at: 61, allocate: { app: com.a, mb: 5, session: true } }
              - { at: 62, force_quit: com.a }
              - { at: 63, open: com.a }

            """
        let result = Simulation.run(try Self.load(text))
        #expect(Self.rows(result) == [
            "0.000 background 80.000", "1.000 background 100.000", "40.000 inactive 120.000", "50.000 background 80.000",
            "60.000 inactive 100.000", "61.000 active 105.000", "62.000 not-running 0.000", "63.000 inactive 100.000",
        ])
    }

    @Test("session that is not a boolean, and session: true with mb <= 0 after KiB rounding, are located bad input (SPEC 32)",
          arguments: [
              ("session: \"true\"", "x.yaml:5:55: events[0].allocate.session: must be true or false, got \"true\""),
              ("session: 1", "x.yaml:5:55: events[0].allocate.session: must be true or false, got 1"),
          ])
    func badSession(_ field: String, _ message: String) {
        let text = "name: s\ndevice: { ram_mb: 1024 }\napps: [{ id: com.a, active_mb: 1 }]\nevents:\n"
            + "  - { at: 0, allocate: { app: com.a, mb: 10, \(field) } }\n"
        #expect(loadDiagnostics(text).map(\.description) == [message])
    }

    @Test("session: true needs mb > 0 once rounded to a KiB; a negative allocate without it gives back kept memory (SPEC 32)",
          arguments: ["0", "-5", "0.0001"])
    func sessionNeedsMemory(_ mb: String) {
        let text = "name: s\ndevice: { ram_mb: 1024 }\napps: [{ id: com.a, active_mb: 1 }]\nevents:\n"
            + "  - { at: 0, allocate: { app: com.a, mb: \(mb), session: true } }\n"
        let diagnostics = loadDiagnostics(text)
        #expect(diagnostics.map(\.field) == ["events[0].allocate.mb"])
        #expect(diagnostics.first?.message.contains("with session: true must be more than 0 after rounding to a KiB") == true)
        #expect(diagnostics.first?.line == 5)
        let kept = "name: s\ndevice: { ram_mb: 1024 }\napps: [{ id: com.a, active_mb: 1 }]\nevents:\n"
            + "  - { at: 0, allocate: { app: com.a, mb: \(mb), session: false } }\n"
        #expect(throws: Never.self) { try ScenarioLoader.parse(kept, path: "x.yaml") }
    }

    @Test("A session allocation reads back from the JSON writer the same (SPEC 32)")
    func roundTrip() throws {
        let scenario = try Self.load("name: s\ndevice: { ram_mb: 1024 }\napps: [{ id: com.a, active_mb: 1 }]\nevents:\n"
            + "  - { at: 0, allocate: { app: com.a, mb: 10, session: true } }\n  - { at: 1, allocate: { app: com.a, mb: 10 } }\n")
        #expect(scenario.events.map(\.action) == [.allocateSession(0, .mb(10)), .allocate(0, .mb(10))])
        let again = try ScenarioLoader.parse(ScenarioJSONWriter.json(scenario), path: "again.json")
        #expect(again.events.map(\.action) == scenario.events.map(\.action))
    }

    @Test("min_free_mb of a launch that overshoots is free after the check that made room, not the overshoot (SPEC 32)")
    func settledLaunch() throws {
        // Opening com.a (800) beside com.b (300): free 1024 - 1100 = -76 until the check kills
        // com.b: settled 224. The lowest of 1024 (start), 724 (after b's open) and 224.
        let text = """
            name: o
            device: { ram_mb: 1024, app_limit_mb: 1000 }
            apps:
              - { id: com.b, active_mb: 300 }
              - { id: com.a, active_mb: 800 }
            events:
              - { at: 0, open: com.b }
              - { at: 1, open: com.a }

            """
        let result = Simulation.run(try Self.load(text))
        #expect(result.log.frees.map(\.freeKiB).min() == .mb(-76), "pressure.csv still has the overshoot")
        #expect(result.minFreeKiB == .mb(224))
    }

    @Test("With initial:, the starting value is free at the end of the time-0 check (SPEC 32)")
    func settledInitial() throws {
        // Placed: 1024 - 300 - 800 = -76; the time-0 check kills com.b: 224; nothing after.
        let text = """
            name: i
            device: { ram_mb: 1024, app_limit_mb: 1000 }
            apps:
              - { id: com.b, active_mb: 300 }
              - { id: com.a, active_mb: 800 }
            initial:
              - { app: com.b, state: suspended }
              - { app: com.a, state: active }
            events: []

            """
        let result = Simulation.run(try Self.load(text))
        #expect(result.log.evictions.count == 1)
        #expect(result.minFreeKiB == .mb(224))
    }
}

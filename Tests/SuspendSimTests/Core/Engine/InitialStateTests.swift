import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// SPEC 12 `initial:` and its fine points in SPEC 16: the device as found at time 0.
@Suite struct InitialStateTests {
    static let base = """
        name: found
        policy: jetsam
        device: { ram_mb: 2048, reserved_mb: 1000 }
        apps:
          - { id: com.a, active_mb: 300, suspended_mb: 200 }
          - { id: com.music, active_mb: 200, background_mb: 150, background_modes: [audio, fetch] }
          - { id: com.b, active_mb: 300, suspended_mb: 250 }
          - { id: com.front, active_mb: 400, background_modes: [location] }
          - { id: com.zero, active_mb: 0 }

        """

    func load(_ initial: String, events: String = "events: []\n") throws -> Scenario {
        try ScenarioLoader.parse(Self.base + "initial:\n" + initial + events, path: "found.yaml")
    }

    @Test("Listed apps are resident at time 0 in their state with no callback and no transition; memory.csv has a row each in list order, none for 0 MB (SPEC 12, 16)")
    func residentWithoutCallbacks() throws {
        let scenario = try load("""
              - { app: com.b, state: suspended }
              - { app: com.zero, state: suspended }
              - { app: com.music, state: background, modes: [audio] }

            """)
        let result = Simulation.run(scenario)
        #expect(result.log.callbacks.isEmpty)
        #expect(result.log.transitions.isEmpty)
        #expect(result.log.footprints.map { "\($0.app):\($0.state.rawValue):\($0.footprintKiB / 1024)" } == ["2:suspended:250", "1:background:150"])
        #expect(result.survivors == ["com.music", "com.b", "com.zero"])
        #expect(result.outcome("com.b").coldLaunches == 0)
        // Free at time 0 counts in min_free: 2048 - 1000 - 400 = 648 MB.
        #expect(result.minFreeKiB == .mb(648))
    }

    @Test("The list is the past: recency rises through it (lru kills the first listed first) and suspended entries are past aging (SPEC 12)")
    func listOrderIsRecency() throws {
        let scenario = try load("""
              - { app: com.b, state: suspended }
              - { app: com.a, state: suspended }

            """, events: "events:\n  - { at: 1, system_allocate: { mb: 500 } }\n")
        #expect(Simulation.run(scenario, policy: LRUPolicy()).pressureEvictions == ["com.b"])
        // jetsam: both are in band 0 from the start, b entered first.
        let jetsam = Simulation.run(scenario)
        #expect(jetsam.pressureEvictions == ["com.b"])
        #expect(jetsam.log.evictions.first?.ranking.priority == 0)
    }

    @Test("Entries entered their band before any app that enters it at time 0, even one never frontmost (SPEC 16)")
    func entriesComeFirstInTheirBand() throws {
        // com.music is woken at 0 with 0 s of work and suspends at 0; aging_s 0 puts it in band 0
        // at once, never frontmost. com.b, listed, must still go first.
        var scenario = try load("  - { app: com.b, state: suspended }\n",
                                events: "events:\n  - { at: 0, wake: { app: com.music, mode: fetch } }\n  - { at: 1, system_allocate: { mb: 700 } }\n")
        scenario.device.agingMs = 0
        scenario.apps[1].wakeWorkMs = 0
        #expect(Simulation.run(scenario).pressureEvictions.first == "com.b")
    }

    @Test("pressure.csv starts with one row of the device as found, every listed footprint included; memory.csv keeps a row per app (SPEC 20)")
    func pressureStartsWithTheDeviceAsFound() throws {
        let scenario = try load("""
              - { app: com.b, state: suspended }
              - { app: com.music, state: background, modes: [audio] }

            """, events: "events:\n  - { at: 5, open: com.a }\n")
        let result = Simulation.run(scenario)
        // 2048 - 1000 reserved - 250 - 150 = 648 MB free at 0: one row, not one per app.
        #expect(result.log.frees.filter { $0.timeMs == 0 }.map(\.freeKiB) == [.mb(648)])
        #expect(result.log.frees.first?.usedKiB == .mb(1400))
        #expect(result.log.footprints.filter { $0.timeMs == 0 }.count == 2)
        // Without initial: the first row is the empty device.
        let empty = try ScenarioLoader.parse(Self.base + "events:\n  - { at: 5, open: com.a }\n", path: "empty.yaml")
        let first = Simulation.run(empty).log.frees.first
        #expect(first?.timeMs == .zero && first?.freeKiB == .mb(1048))
    }

    @Test("A pressure check runs at time 0, before the first event, only when initial: lists an app (SPEC 12, 16)")
    func timeZeroCheck() throws {
        // 200 + 250 + 400 = 850 MB on 1048 MB available: free 198 MB < idle 204.8 MB.
        let scenario = try load("""
              - { app: com.a, state: suspended }
              - { app: com.b, state: suspended }
              - { app: com.front, state: active }

            """)
        let result = Simulation.run(scenario)
        #expect(result.kills == ["com.a:memory-pressure"])
        #expect(result.log.evictions.first?.who.timeMs == 0)
        #expect(result.log.callbacks.map(\.callback) == [.didReceiveMemoryWarning])
    }

    @Test("The frontmost entry: active, or inactive with the device locked; without modes its declared continuous modes are in use (SPEC 12, 16)")
    func frontmostEntry() throws {
        let locked = try load("  - { app: com.front, state: inactive }\n", events: "events:\n  - { at: 1, unlock }\n  - { at: 2, home }\n")
        let result = Simulation.run(locked)
        #expect(result.log.callbacks.map(\.callback) == [.didBecomeActive, .willResignActive, .didEnterBackground])
        // location in use: it stays in background after home (SPEC 4).
        #expect(result.outcome("com.front").finalState == .background)
    }

    @Test("Bad initial: entries are located errors (SPEC 12, 16)", arguments: [
        ("  - { app: com.a, state: suspended }\n  - { app: com.a, state: suspended }\n", "initial[1].app", "is listed twice"),
        ("  - { app: com.c, state: suspended }\n", "initial[0].app", "unknown app 'com.c'"),
        ("  - { app: com.a, state: active }\n  - { app: com.b, state: inactive }\n", "initial[1].state", "at most one app is frontmost"),
        ("  - { app: com.music, state: background }\n", "initial[0].modes", "needs a continuous mode"),
        ("  - { app: com.music, state: suspended, modes: [audio] }\n", "initial[0].modes", "a suspended app runs no mode"),
        ("  - { app: com.a, state: not-running }\n", "initial[0].state", "leave a not-running app out"),
        ("  - { app: com.a, state: background, modes: [audio] }\n", "initial[0].modes[0]", "does not declare 'audio'"),
        ("  - { app: com.music, state: background, modes: [fetch] }\n", "initial[0].modes[0]", "is a wake-only mode"),
    ])
    func badEntries(_ entries: String, _ field: String, _ message: String) {
        let diagnostics = loadDiagnostics(Self.base + "initial:\n" + entries)
        #expect(diagnostics.map(\.field) == [field])
        #expect(diagnostics.first?.message.contains(message) == true, "\(diagnostics)")
        #expect(diagnostics.first?.line != nil)
    }

    @Test("initial: round-trips through the JSON writer, and works with a workload's timeline (SPEC 12)")
    func jsonAndWorkload() throws {
        let scenario = try load("  - { app: com.b, state: suspended }\n  - { app: com.music, state: background, modes: [audio] }\n")
        let again = try ScenarioLoader.parse(ScenarioJSONWriter.json(scenario), path: "again.json")
        #expect(again.initial == scenario.initial)
        let day = try ScenarioLoader.parse(Self.base + "initial:\n  - { app: com.b, state: suspended }\nworkload: { duration_s: 3600 }\n", path: "day.yaml")
        var seeded = day
        seeded.seed = 7
        let first = Simulation.run(seeded), second = Simulation.run(seeded)
        #expect(first.log.hasSameRecords(as: second.log))
        #expect(first.log.footprints.first.map { $0.app == 2 && $0.timeMs == 0 } == true)
    }
}

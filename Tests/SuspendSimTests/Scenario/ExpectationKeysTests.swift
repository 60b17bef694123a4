import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// SPEC 14's `expect:` keys as the loader reads them and the check applies them.
@Suite struct ExpectationKeysTests {
    static let text = """
        name: t
        device: { ram_mb: 1024, app_limit_mb: 1000 }
        apps:
          - { id: com.a, active_mb: 300, suspended_mb: 200 }
          - { id: com.b, active_mb: 800 }
        events:
          - { at: 0, open: com.a }
          - { at: 10, home }
          - { at: 20, open: com.b }
        expect:
          survives: [com.b]
          never_killed: [com.b]
          killed: [com.a]
          max_pressure_kills: 1
          by_policy:
            lru: { max_pressure_kills: 0 }
        """

    @Test("The loader reads each key with the line it is on; by_policy entries keep their own lines")
    func readsKeysAndLines() throws {
        let expectation = try #require(try ScenarioLoader.parse(Self.text, path: "t.yaml").expectation)
        #expect(expectation == Scenario.Expectation(survives: ["com.b"], neverKilled: ["com.b"], killed: ["com.a"], maxPressureKills: 1,
                                           byPolicy: ["lru": Scenario.Expectation(maxPressureKills: 0)]))
        #expect(expectation.lines == ["survives": 11, "never_killed": 12, "killed": 13, "max_pressure_kills": 14])
        #expect(expectation.byPolicy["lru"]?.lines == ["max_pressure_kills": 16])
    }

    @Test("max_pressure_kills is a whole number, 0 or more")
    func maxPressureKillsIsWhole() {
        for bad in ["1.5", "-1", "many"] {
            let diagnostics = loadDiagnostics(Self.text.replacingOccurrences(of: "max_pressure_kills: 1\n", with: "max_pressure_kills: \(bad)\n"))
            #expect(diagnostics.map(\.field) == ["expect.max_pressure_kills"], "\(bad)")
        }
    }

    @Test("An unknown expect: key is reported with every key it could be, rates and by_policy included")
    func unknownKeyListsAll() {
        let diagnostics = loadDiagnostics(Self.text.replacingOccurrences(of: "  killed: [com.a]\n", with: "  rate: {}\n"))
        #expect(diagnostics.map(\.message) == [
            "unknown key 'rate' (did you mean 'rates'?); expected one of evictions, survivors, survives, never_killed, killed, max_pressure_kills, observed_within_ci, rates, by_policy",
        ])
    }

    @Test("survives and never_killed hold per app; killed is never_killed's complement; max_pressure_kills bounds the total; by_policy overrides (SPEC 14, 16)")
    func semantics() throws {
        let scenario = try ScenarioLoader.parse(Self.text, path: "t.yaml")
        let expectation = try #require(scenario.expectation)
        #expect(ExpectationCheck.mismatches(Simulation.run(scenario), expected: expectation).isEmpty)
        let underLRU = ExpectationCheck.mismatches(Simulation.run(scenario, policy: LRUPolicy()), expected: expectation)
        #expect(underLRU == [.tooManyPressureKills(limit: 0, actual: 1)])
        // Asking the opposite of everything fails every key.
        let opposite = Scenario.Expectation(survives: ["com.a"], neverKilled: ["com.a"], killed: ["com.b"])
        let mismatches = ExpectationCheck.mismatches(Simulation.run(scenario), expected: opposite)
        #expect(mismatches.map(\.key) == ["survives", "never_killed", "killed"])
    }
}

/// The code-side spelling of a scenario file's device and app keys, in MB and seconds.
@Suite struct InitializerTests {
    @Test("Device(ramMB:ios:_:) gives every key as a device: block does, through the key table, ios profile included (SPEC 7, 11)")
    func deviceKeys() throws {
        let file = try ScenarioLoader.parse("""
            name: t
            device: { ram_mb: 3072, reserved_mb: 640, system_mb: 720, app_limit_mb: 1400, app_background_limit_mb: 900, aging_s: 1.5, ios: "18.5", reaper_free_mb: 500 }
            apps: [{ id: a, active_mb: 1 }]
            """, path: "t.yaml").device
        let code = try Device(ramMB: 3072, ios: IOSVersion("18.5"), [
            .reservedMB: 640, .systemMB: 720, .appLimitMB: 1400, .appBackgroundLimitMB: 900, .agingS: 1.5, .reaperFreeMB: 500,
        ])
        #expect(code == file)
        #expect(code.longIdleReaper && code.backgroundTaskLimitMs == 30_000)
    }

    @Test("AppProfile(id:activeMB:...:_:) gives every key as an apps: entry does, modes included (SPEC 7)")
    func appKeys() throws {
        let file = try ScenarioLoader.parse("""
            name: t
            device: { ram_mb: 2048 }
            apps:
              - { id: m, active_mb: 200, background_mb: 150, suspended_mb: 90, purgeable_mb: 10, warning_release_mb: 5, background_modes: [audio, fetch], exits_on_suspend: false, did_enter_background_s: 0.5, background_task_s: 20, ends_task_on_expiration: false, wake_work_s: 2, saves_state: false, lifecycle: scene }
            """, path: "t.yaml").apps[0]
        let code = AppProfile(
            id: "m", activeMB: 200, backgroundMB: 150, suspendedMB: 90, backgroundModes: [.audio, .fetch], lifecycle: .scene,
            [.purgeableMB: 10, .warningReleaseMB: 5, .exitsOnSuspend: 0, .didEnterBackgroundS: 0.5, .backgroundTaskS: 20,
             .endsTaskOnExpiration: 0, .wakeWorkS: 2, .savesState: 0])
        #expect(code == file)
    }
}

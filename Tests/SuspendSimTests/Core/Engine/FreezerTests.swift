import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// XNU's freezer (SPEC 37): which app it freezes and when, the budget, refreezes, thaws and
/// their waits, demotions, and where band 75 stands in jetsam's order. Every expectation is
/// worked out by hand in the test's comments.
@Suite struct FreezerTests {
    /// Apps of 100 MB active and `suspended` MB suspended, under jetsam on a 2 GiB phone.
    static func scenario(
        freezer: String, apps: [(id: String, suspended: Double)], events: [String], device: String = "", initial: String = ""
    ) throws -> Scenario {
        let appLines = apps.map { "  - { id: \($0.id), active_mb: 100, suspended_mb: \($0.suspended) }" }.joined(separator: "\n")
        let text = """
            name: freezer
            policy: jetsam
            device: { ram_mb: 2048, freezer: \(freezer)\(device) }
            apps:
            \(appLines)
            \(initial)
            events:
            \(events.map { "  - " + $0 }.joined(separator: "\n"))

            """
        return try ScenarioLoader.parse(text, path: "freezer.yaml")
    }

    /// The freezer's acts as (seconds, app, action, written MB, budget left MB, frozen count).
    static func acts(_ result: SimulationResult<EventLog>) -> [String] {
        result.log.freezerActs.map { act in
            "\(Double(act.timeMs.count) / 1000) \(result.apps[act.app].id) \(act.action.rawValue) "
                + "\(Double(act.writtenKiB.count) / 1024) \(Double(act.budgetLeftKiB.count) / 1024) \(act.frozenCount)"
        }
    }

    @Test("Step 2 freezes the app that entered band 0 earliest, one per interval_s (exactly interval_s is enough), only while more than min_suspended apps are suspended and not frozen")
    func orderIntervalAndGate() throws {
        // Suspensions at 1..6 s; band 0 two seconds later. At 5 s (open f) a, b, c, d, e are
        // suspended and not frozen (5 > 4): a, in band 0 since 3 s, is frozen. b, c, d, e are
        // then 4 until home at 6 s suspends f. 14.999 s is 9.999 s after 5 s: too soon; at 15 s
        // b (band 0 since 4 s) goes. Then c, d, e, f are 4: at 25 s nothing.
        let ids = ["com.a", "com.b", "com.c", "com.d", "com.e", "com.f"]
        let opens = ids.enumerated().map { "{ at: \($0.offset), open: \($0.element) }" }
        let scenario = try Self.scenario(
            freezer: "{ start_free_mb: 2000 }", apps: ids.map { ($0, 50) },
            events: opens + ["{ at: 6, home }", "{ at: 14.999, lock }", "{ at: 15, unlock }", "{ at: 25, lock }", "{ at: 26, unlock }"])
        let result = Simulation.run(scenario)
        #expect(Self.acts(result) == ["5.0 com.a freeze 50.0 1998.0 1", "15.0 com.b freeze 50.0 1948.0 2"])
        // One memory.csv row per freeze: footprint kept, 0 compressed, the footprint on flash.
        let row = try #require(result.log.footprints.last { $0.app == 0 })
        #expect(row.timeMs == .seconds(5) && row.footprintKiB == .mb(50) && row.flashKiB == .mb(50) && row.compressedKiB == .zero)
        #expect(result.log.frees.last?.flashKiB == .mb(100))
        #expect(result.apps.map(\.freezes) == [1, 1, 0, 0, 0, 0])
    }

    @Test("max_frozen reached, a thawed frozen app is refrozen when at least refreeze_min_thawed are thawed; its thaw waits f ÷ thaw_mb_s",
          arguments: [1, 2])
    func refreezeAndThawWait(minThawed: Int) throws {
        // a is frozen at 3 s (band 0 at 3 s; 50 MB). Opened at 10 s it thaws: resume_s 0.1 s +
        // 50 MB ÷ 250 MB/s = 0.2 s. It allocates 30 MB and goes home at 20 s, suspended
        // straight into band 75 at 80 MB. The cap (1) is reached; one frozen app is thawed:
        // enough for refreeze_min_thawed 1 (w = 80 − 50 = 30 MB), not for 2.
        let scenario = try Self.scenario(
            freezer: "{ start_free_mb: 2000, min_suspended: 0, max_frozen: 1, interval_s: 0, thaw_mb_s: 250, refreeze_min_thawed: \(minThawed) }",
            apps: [("com.a", 50), ("com.b", 50)],
            events: ["{ at: 0, open: com.a }", "{ at: 1, open: com.b }", "{ at: 10, open: com.a }",
                     "{ at: 15, allocate: { app: com.a, mb: 30 } }", "{ at: 20, home }"])
        let result = Simulation.run(scenario)
        let expected = ["3.0 com.a freeze 50.0 1998.0 1", "10.0 com.a thaw 0.0 1998.0 1"]
            + (minThawed == 1 ? ["20.0 com.a refreeze 30.0 1968.0 1"] : [])
        #expect(Self.acts(result) == expected)
        let a = result.apps[0]
        #expect(a.decompressionWaits == [.ms(200): 1])
        #expect(a.launchWaitMs == .ms(400 + 100 + 200))
        #expect(a.freezes == (minThawed == 1 ? 2 : 1) && a.thaws == 1)
        #expect(result.log.launches.last?.waitMs == .ms(300))
    }

    @Test("A budget that runs out freezes nothing and tries no other app; the daily tick at 86,400 s adds daily_mb to what is left")
    func budgetAndDailyTick() throws {
        // a (50 MB) is frozen at 3 s: 70 − 50 = 20 MB left. At 4 s b (50 MB) would write more
        // than 20: nothing, and c (10 MB, band 0 at 5 s) is not tried at 5 s since b still
        // comes first. At 86,400 s the budget is 90: b goes (40 left); at the next check, c (30).
        let scenario = try Self.scenario(
            freezer: "{ start_free_mb: 2047, min_suspended: 0, interval_s: 0, daily_mb: 70, demotions_per_day: 0 }",
            apps: [("com.a", 50), ("com.b", 50), ("com.c", 10)],
            events: ["{ at: 0, open: com.a }", "{ at: 1, open: com.b }", "{ at: 2, open: com.c }", "{ at: 3, home }",
                     "{ at: 86401, lock }"])
        let result = Simulation.run(scenario)
        #expect(Self.acts(result) == [
            "3.0 com.a freeze 50.0 20.0 1", "86400.0 com.b freeze 50.0 40.0 2", "86401.0 com.c freeze 10.0 30.0 3",
        ])
    }

    @Test("The daily tick demotes the app longest in band 75 to band 0, where the long-idle reaper takes it; the reaper passes over frozen apps")
    func demotionAndReaper() throws {
        // a, b frozen at 3 and 4 s; z (4 MB, under min_mb) is reaped at the first tick 300 s
        // after it entered band 0 at 5 s: 330 s. a and b stay in band 75 all day. At 86,400 s
        // a is demoted (band 0) and reaped at 86,700 s; with one frozen app left, c (suspended
        // at 86,751 s, band 0 at 86,753 s) may be frozen under max_frozen 2.
        let scenario = try Self.scenario(
            freezer: "{ start_free_mb: 2047, min_suspended: 0, interval_s: 0, max_frozen: 2, demotions_per_day: 1 }",
            apps: [("com.a", 50), ("com.b", 50), ("com.z", 4), ("com.c", 50)],
            events: ["{ at: 0, open: com.a }", "{ at: 1, open: com.b }", "{ at: 2, open: com.z }", "{ at: 3, home }",
                     "{ at: 86750, open: com.c }", "{ at: 86751, home }"],
            device: ", ios: \"18.5\", system_mb: 100, reaper_free_mb: 2047, compressor: { pool_mb: 0 }")
        let result = Simulation.run(scenario)
        #expect(Self.acts(result) == [
            "3.0 com.a freeze 50.0 1998.0 1", "4.0 com.b freeze 50.0 1948.0 2", "86400.0 com.a demote 0.0 3996.0 2",
            "86753.0 com.c freeze 50.0 3946.0 2",
        ])
        let kills = result.log.evictions.map { "\(Double($0.who.timeMs.count) / 1000) \(result.apps[$0.who.app].id) \($0.who.reason.rawValue)" }
        #expect(kills == ["330.0 com.z long-idle-exit", "86700.0 com.a long-idle-exit"])
        #expect(result.log.evictions.last?.ranking.priority == 0)
    }

    @Test("Jetsam's critical loop reaches band 75 only after every lower band; the idle loop never takes it; a kill on flash frees nothing")
    func criticalLoopOrder() throws {
        // 1 GiB: idle 102.4 MB, critical 51.2 MB. a frozen at 3 s (on flash), b in band 0 (the
        // cap is 1), d in background with location (band 30), f frontmost. f allocates
        // 1000 MB: free = 1024 − 100 − 100 − 1100 = −276. The idle loop kills b (−176) and
        // stops at d; the critical loop kills d (−76), then a (still −76), then page shortage f.
        let text = """
            name: order
            policy: jetsam
            device: { ram_mb: 1024, app_limit_mb: 2000, freezer: { start_free_mb: 2000, min_suspended: 0, max_frozen: 1, interval_s: 0 } }
            apps:
              - { id: com.a, active_mb: 100 }
              - { id: com.b, active_mb: 100 }
              - { id: com.d, active_mb: 100, background_modes: [location] }
              - { id: com.f, active_mb: 100 }
            events:
              - { at: 0, open: com.a }
              - { at: 1, open: com.b }
              - { at: 2, open: com.d }
              - { at: 3, open: com.f }
              - { at: 10, allocate: { app: com.f, mb: 1000 } }

            """
        let result = Simulation.run(try ScenarioLoader.parse(text, path: "order.yaml"))
        #expect(Self.acts(result).first == "3.0 com.a freeze 100.0 1948.0 1")
        let kills = result.log.evictions.map { (result.apps[$0.who.app].id, $0.who.trigger, $0.ranking.priority) }
        #expect(kills.map(\.0) == ["com.b", "com.d", "com.a", "com.f"])
        #expect(kills.map(\.1) == [.idle, .critical, .critical, .pageshortage])
        #expect(kills.map(\.2) == [0, 30, 75, 100])
        let a = result.log.evictions[2]
        #expect(a.memory.freeAfterKiB == a.memory.freeBeforeKiB)
    }

    @Test("The compressor skips an app on flash; a freeze takes its compressed memory out of the pool")
    func compressorSkipsFlash() throws {
        // a is compressed at 1 s (suspended first), frozen at 3 s: the pool loses its 50 MB.
        // b, compressed at 2 s, is never frozen (cap 1). Later checks never compress a again.
        let scenario = try Self.scenario(
            freezer: "{ start_free_mb: 2000, min_suspended: 0, max_frozen: 1, interval_s: 0 }",
            apps: [("com.a", 50), ("com.b", 50), ("com.c", 50)],
            events: ["{ at: 0, open: com.a }", "{ at: 1, open: com.b }", "{ at: 2, open: com.c }", "{ at: 30, home }",
                     "{ at: 40, lock }"],
            device: ", compressor: { start_free_mb: 2000 }")
        let result = Simulation.run(scenario)
        let aRows = result.log.footprints.filter { $0.app == 0 }.map { "\($0.timeMs.count) \($0.compressedKiB.count / 1024) \($0.flashKiB.count / 1024)" }
        // Its launch, its suspension, its compression (ms, MB compressed, MB on flash).
        #expect(aRows == ["0 0 0", "1000 0 0", "1000 50 0", "3000 0 50"])
        #expect(result.apps.map(\.compressions) == [1, 1, 1])
        let at3 = try #require(result.log.frees.last { $0.timeMs == .seconds(3) })
        #expect(at3.compressedKiB == .mb(50) && at3.flashKiB == .mb(50))
    }

    @Test("initial: frozen apps may exceed max_frozen: no new freeze until fewer, and a refreeze of the one longest in band 75")
    func initialFrozenOverTheCap() throws {
        // Three frozen apps found (over max_frozen 2), all thawed (3 ≥ refreeze_min_thawed 3):
        // the time-0 check refreezes a, in band 75 first, writing 0 (d = f). x is not frozen.
        let initial = """
            initial:
              - { app: com.a, state: suspended, frozen: true }
              - { app: com.b, state: suspended, frozen: true }
              - { app: com.c, state: suspended, frozen: true }
              - { app: com.x, state: suspended }
            """
        let scenario = try Self.scenario(
            freezer: "{ start_free_mb: 2047, min_suspended: 0, max_frozen: 2, interval_s: 1000 }",
            apps: [("com.a", 50), ("com.b", 50), ("com.c", 50), ("com.x", 50)],
            events: ["{ at: 5, lock }"], initial: initial)
        var simulation = Simulation(scenario, policy: scenario.policy, recorder: EventLog())
        #expect(simulation.apps.map(\.jetsam.band) == [75, 75, 75, 0])
        simulation.run()
        #expect(Self.acts(simulation.result) == ["0.0 com.a refreeze 0.0 2048.0 3"])
        // With the freezer off (another policy), frozen: is read and changes nothing.
        let off = Simulation.run(scenario, policy: LargestFirstPolicy())
        #expect(off.log.freezerActs.isEmpty && off.log.frees.allSatisfy { $0.flashKiB == .zero })
    }

    @Test("Bad freezer input is refused, located and named (SPEC 40)", arguments: [
        ("freezer:", "device.freezer: must be a mapping"),
        ("freezer: 3", "device.freezer: must be a mapping"),
        ("freezer: { level: 3 }", "device.freezer.level: unknown key 'level'"),
        ("freezer: { max_frozen: 20.0 }", "device.freezer.max_frozen: must be a whole number from 0 to 2147483647"),
        ("freezer: { demotion_thaws: -1 }", "device.freezer.demotion_thaws: must be a whole number from 0 to 2147483647"),
        ("freezer: { min_suspended: 2147483648 }", "device.freezer.min_suspended: must be a whole number from 0 to 2147483647"),
        ("freezer: { refreeze_min_thawed: \"3\" }", "device.freezer.refreeze_min_thawed: must be a whole number"),
        ("freezer: { demotions_per_day: 1.5 }", "device.freezer.demotions_per_day: must be a whole number"),
        ("freezer: { min_mb: -1 }", "device.freezer.min_mb: must not be negative"),
        ("freezer: { start_free_mb: -5 }", "device.freezer.start_free_mb: must not be negative"),
        ("freezer: { interval_s: -1 }", "device.freezer.interval_s: must not be negative"),
        ("freezer: { daily_mb: -2048 }", "device.freezer.daily_mb: must not be negative"),
        ("freezer: { thaw_mb_s: 0 }", "device.freezer.thaw_mb_s: must be more than 0"),
        ("freezer: { thaw_mb_s: 1.0005 }", "device.freezer.thaw_mb_s: must have at most 3 decimals"),
    ])
    func badInput(_ block: String, _ message: String) {
        let text = "name: t\ndevice:\n  ram_mb: 1024\n  \(block)\napps: [{ id: a, active_mb: 1 }]\n"
        let diagnostics = loadDiagnostics(text).map(\.description)
        #expect(diagnostics.count == 1 && diagnostics[0].hasPrefix("x.yaml:4:") && diagnostics[0].contains(message), "\(diagnostics)")
    }

    @Test("initial: frozen must be a boolean, and only a suspended app may be frozen (SPEC 40)", arguments: [
        ("{ app: a, state: suspended, frozen: 1 }", "initial[0].frozen: must be true or false"),
        ("{ app: a, state: active, frozen: true }", "initial[0].frozen: only a suspended app can be frozen"),
    ])
    func badFrozen(_ entry: String, _ message: String) {
        let text = "name: t\ndevice: { ram_mb: 1024 }\napps: [{ id: a, active_mb: 1 }]\ninitial:\n  - \(entry)\n"
        let diagnostics = loadDiagnostics(text).map(\.description)
        #expect(diagnostics.count == 1 && diagnostics[0].hasPrefix("x.yaml:5:") && diagnostics[0].contains(message), "\(diagnostics)")
    }
}

/// SPEC 37's default: the freezer ships from iOS 17.4 and acts only under jetsam.
@Suite struct FreezerDefaultTests {
    static func text(ios: String, freezer: String = "") -> String {
        """
        name: shipped
        policy: jetsam
        device: { ram_mb: 2048, ios: "\(ios)"\(freezer) }
        apps:
          - { id: com.a, active_mb: 100, suspended_mb: 50 }
        events:
          - { at: 0, open: com.a }

        """
    }

    @Test("No block: on with every default from iOS 17.4, none before; {} turns it on with defaults; max_frozen 0 turns it off",
          arguments: [("17.3", "", false), ("17.4", "", true), ("18.5", "", true), ("16.0", ", freezer: {}", true),
                      ("18.5", ", freezer: { max_frozen: 0 }", false)])
    func shipped(ios: String, block: String, freezes: Bool) throws {
        let scenario = try ScenarioLoader.parse(Self.text(ios: ios, freezer: block), path: "shipped.yaml")
        let levels = Device.PressureKillLevels(JetsamPolicy(), on: scenario.device)
        #expect(scenario.device.freezes(levels) == freezes)
        if freezes { #expect(scenario.device.freezer == Device.Freezer()) }
        // Under a policy without bands it never acts.
        #expect(!scenario.device.freezes(Device.PressureKillLevels(LargestFirstPolicy(), on: scenario.device)))
        // The JSON writer gives the same device back (a shipped freezer is left out).
        let again = try ScenarioLoader.parse(ScenarioJSONWriter.json(scenario), path: "again.json")
        #expect(again.device.freezer == scenario.device.freezer)
    }

    @Test("A 17.3 phone written with freezer: {} keeps its block in the JSON writer; an 18.5 one without it writes max_frozen 0")
    func writer() throws {
        let on = try ScenarioLoader.parse(Self.text(ios: "17.3", freezer: ", freezer: {}"), path: "on.yaml")
        #expect(ScenarioJSONWriter.deviceFields(on.device).contains { $0.0 == "freezer" && $0.1 == "{}" })
        var off = try ScenarioLoader.parse(Self.text(ios: "18.5"), path: "off.yaml")
        off.device.freezer = nil
        #expect(ScenarioJSONWriter.deviceFields(off.device).contains { $0.0 == "freezer" && $0.1 == "{\"max_frozen\": 0}" })
    }
}

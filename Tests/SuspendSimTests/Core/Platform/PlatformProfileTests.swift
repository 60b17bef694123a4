import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// SPEC 11 "Profiles", "Long-idle reaper" and "Inactive limit", as the engine applies them.
@Suite struct PlatformProfileTests {
    /// A device of `ramMB` with the profile of `ios` applied, as a file's `ios:` does.
    func device(_ ramMB: Double = 4096, ios: IOSVersion?) -> Device {
        var device = Device(ramMB: ramMB)
        device.ios = ios
        device.apply(PlatformProfile(ios: ios))
        return device
    }

    @Test("The finite-length task's limit: 600 s before iOS 7, 180 s to 12, 30 s from 13 (Extending your app's background execution time)")
    func backgroundTaskLimitByRelease() {
        let cases: [(IOSVersion?, Double)] = [
            (IOSVersion(major: 6), 600), (IOSVersion(major: 7), 180), (IOSVersion(major: 12, minor: 4), 180),
            (IOSVersion(major: 13), 30), (IOSVersion(major: 18, minor: 5), 30), (nil, 180),
        ]
        for (ios, limit) in cases {
            let editor = app("com.editor") { $0.backgroundTaskMs = 1_000_000 }
            var scenario = scenario(apps: [editor], [(0, .open(0)), (10, .home)])
            scenario.device = device(ios: ios)
            let result = Simulation.run(scenario)
            #expect(result.timedCallbacks(of: 0).last?.0 == 10 + limit, "iOS \(ios?.description ?? "classic")")
            #expect(result.timedCallbacks(of: 0).last?.1 == .expirationHandler)
        }
    }

    @Test("Band numbers: 0/1/3/10/12 before iOS 16, 0/20/30/100/120 from 16 and in the classic profile (kern_memorystatus.h JETSAM_PRIORITY_*)")
    func bandNumbersInThePriorityColumn() {
        // a suspended (aged: band 0), b running audio in background (audio band), c
        // frontmost; the system then takes everything, so that jetsam kills all three.
        let apps = [app("com.a", 100), app("com.b", 100) { $0.backgroundModes = [.audio] }, app("com.c", 100)]
        let events: [(Double, ScenarioEvent.Action)] = [
            (0, .open(0)), (1, .open(1)), (2, .open(2)), (10, .systemAllocate(4096 * 1024)),
        ]
        func priorities(_ ios: IOSVersion?) -> [String] {
            var scenario = scenario(apps: apps, policy: "jetsam", events)
            scenario.device = device(ios: ios)
            return Simulation.run(scenario).log.evictions.map { "\(scenario.apps[$0.who.app].id)=\($0.ranking.priority.map(String.init) ?? "")" }
        }
        #expect(priorities(IOSVersion(major: 15)) == ["com.a=0", "com.b=12", "com.c=10"])
        #expect(priorities(IOSVersion(major: 16)) == ["com.a=0", "com.b=120", "com.c=100"])
        #expect(priorities(nil) == priorities(IOSVersion(major: 16)))
    }

    /// Five suspended apps of 100 MB on a 2048 MB device (reaper free 20 % = 409.6 MB)
    /// with 1200 MB of system memory: free is 348 MB, below the reaper's target but above
    /// every threshold of SPEC 5 (critical 102.4, idle 204.8), so only the reaper kills.
    func idleScenario(ios: IOSVersion?, policy: String = "jetsam", endSeconds: Double? = 1000) -> Scenario {
        let apps = (0..<5).map { app("com.app\($0)", 100) }
        var events: [(Double, ScenarioEvent.Action)] = [(0, .systemAllocate(1200 * 1024))]
        for index in 0..<5 { events.append((Double(index * 10), .open(index))) }
        events.append((50, .home))
        var scenario = scenario(ramMB: 2048, apps: apps, policy: policy, endSeconds: endSeconds, events)
        scenario.device = device(2048, ios: ios)
        scenario.device.systemKiB = 0
        return scenario
    }

    @Test("The long-idle reaper kills, oldest first in band 0, suspended apps idle for reaper_idle_s while free is below reaper_free_mb (XNU long-idle-exit, iOS 18.4)")
    func reaperKillsOldestIdleAppsUntilFreeIsBack() {
        let result = Simulation.run(idleScenario(ios: IOSVersion(major: 18, minor: 4)))
        // app0 suspended at 10 s and aged at 12 s: idle 300 s at 312 s, so the tick at 330 s
        // kills it (free 348 -> 448 MB >= 409.6): one kill, then free is back.
        #expect(result.kills == ["com.app0:long-idle-exit"])
        #expect(result.log.evictions.first?.who.timeMs == 330_000)
        #expect(result.log.evictions.first?.ranking.priority == 0)
        #expect(result.outcome("com.app0").pressureKills == 1)
        #expect(result.outcome("com.app0").neverKilled == false)
        // Not a memory-pressure kill: `expect.evictions` does not list it (SPEC 16).
        #expect(result.pressureEvictionOrder.isEmpty)
    }

    @Test("The reaper is off before iOS 18.4, in the classic profile and under other policies (SPEC 11)")
    func reaperOnlyUnderJetsamFrom18_4() {
        for ios in [IOSVersion(major: 18, minor: 3), IOSVersion(major: 12), nil] {
            #expect(Simulation.run(idleScenario(ios: ios)).kills.isEmpty, "iOS \(ios?.description ?? "classic")")
        }
        for policy in ["largest-first", "lru", "lmkd"] {
            #expect(Simulation.run(idleScenario(ios: IOSVersion(major: 18, minor: 4), policy: policy)).kills.isEmpty, "\(policy)")
        }
    }

    @Test("reaper_* keys set the reaper's figures but do not switch it on (SPEC 16)")
    func reaperKeysDoNotSwitchItOn() throws {
        let text = """
            name: t
            policy: jetsam
            device: { ram_mb: 2048, reaper_interval_s: 10, reaper_free_mb: 500, reaper_idle_s: 60 }
            apps: [{ id: com.a, active_mb: 100 }]
            """
        let device = try ScenarioLoader.parse(text, path: "x.yaml").device
        #expect(!device.longIdleReaper)
        #expect(device.reaperIntervalMs == 10_000 && device.reaperFreeKiB == .mb(500) && device.reaperIdleMs == 60_000)
        let on = try ScenarioLoader.parse(text.replacingOccurrences(of: "ram_mb: 2048,", with: "ram_mb: 2048, ios: \"18.4\","), path: "x.yaml")
        #expect(on.device.longIdleReaper)
    }

    @Test("Purgeable memory is purged first; a purge that brings free to reaper_free_mb spares the app (SPEC 11, 5)")
    func reaperPurgesFirst() {
        var scenario = idleScenario(ios: IOSVersion(major: 18, minor: 4))
        scenario.apps[0].purgeableKiB = 80 * 1024
        let result = Simulation.run(scenario)
        // Purging 80 MB of app0 takes free from 348 to 428 MB >= 409.6: nobody dies.
        #expect(result.kills.isEmpty)
        #expect(result.log.footprints.contains { $0.app == 0 && $0.footprintKiB == .mb(20) && $0.timeMs == 330_000 })
    }

    @Test("Reaper ticks do not keep a run going: without end_s the run ends at the last event or live timer (SPEC 16)")
    func ticksDoNotKeepARunGoing() {
        let result = Simulation.run(idleScenario(ios: IOSVersion(major: 18, minor: 4), endSeconds: nil))
        #expect(result.kills.isEmpty)
        // With end_s, ticks run until it: the tick at 330 s kills.
        #expect(Simulation.run(idleScenario(ios: IOSVersion(major: 18, minor: 4), endSeconds: 330)).kills.count == 1)
        #expect(Simulation.run(idleScenario(ios: IOSVersion(major: 18, minor: 4), endSeconds: 329.999)).kills.isEmpty)
    }

    @Test("app_background_limit_mb applies in background and suspended, app_limit_mb in the foreground; a state change over the new limit kills (XNU memlimit_active / memlimit_inactive)")
    func inactiveLimit() {
        // 300 MB in every state; the active limit 400 MB, the background one 200 MB.
        var scenario = scenario(apps: [app("com.a", 300)], [(0, .open(0)), (10, .home)])
        scenario.device.appLimitKiB = 400 * 1024
        scenario.device.appBackgroundLimitKiB = 200 * 1024
        let result = Simulation.run(scenario)
        #expect(result.kills == ["com.a:per-process-limit"])
        #expect(result.log.evictions.first?.who.timeMs == 10_000)
        // A 0 s applicationDidEnterBackground suspends it within the event, before the check.
        #expect(result.log.evictions.first?.who.state == .suspended)
        // Without a background limit of its own, the app limit applies in every state.
        scenario.device.appBackgroundLimitKiB = nil
        #expect(Simulation.run(scenario).kills.isEmpty)
    }
}

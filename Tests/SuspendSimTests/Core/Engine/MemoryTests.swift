import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

private let mb: KiB = 1024

/// SPEC 5: footprints, warnings, purgeable memory, the per-app limit and the pressure check.
@Suite struct MemoryTests {
    @Test("Footprint follows the state: active_mb, background_mb, suspended_mb; 0 when it dies (SPEC 5)")
    func footprintByState() {
        let result = Simulation.run(scenario(apps: [app("com.a", 120, background: 80, suspended: 60) { $0.backgroundTaskMs = 1_000 }],
                                             [(0, .open(0)), (1, .home), (5, .forceQuit(0))]))
        #expect(result.log.footprints.map { "\($0.state.rawValue):\($0.footprintKiB.count / 1024)" } == [
            "inactive:120", "background:80", "suspended:60", "not-running:0",
        ])
    }

    @Test("Free = RAM - reserved - system - resident footprints; pressure.csv starts at 0 and follows every change (SPEC 1, 8)")
    func freeAccounting() {
        let result = Simulation.run(scenario(ramMB: 2048, apps: [app("com.a", 100)],
                                             configure: { $0.reservedKiB = 500 * mb; $0.systemKiB = 48 * mb },
                                             [(1, .open(0)), (2, .systemAllocate(-100 * mb)), (3, .systemAllocate(-100 * mb))]))
        #expect(result.log.frees.map { "\($0.timeMs):\($0.freeKiB.count / 1024):\($0.usedKiB.count / 1024)" } == [
            "0:1500:548", "1000:1400:648", "2000:1448:600",
        ])
        #expect(result.minFreeKiB == 1400 * mb)
    }

    @Test("allocate: only apps running code; dynamic memory never goes below 0 (SPEC 3)")
    func allocate() {
        let result = Simulation.run(scenario(apps: [app("com.a", 100)], [
            (0, .allocate(0, 10 * mb)), (1, .open(0)), (2, .allocate(0, 50 * mb)), (3, .allocate(0, -80 * mb)), (4, .home),
            (5, .allocate(0, 5 * mb)),
        ]))
        #expect(result.log.skips.map(\.reason) == [.notRunningCode, .notRunningCode])
        #expect(result.log.footprints.map { $0.footprintKiB.count / 1024 } == [100, 150, 100])
    }

    @Test("Memory warnings: every app running code, in scenario order, once per episode; releases warning_release_mb (SPEC 5)")
    func memoryWarnings() {
        // 1000 MB: warning below 150 MB free, critical below 50 MB.
        let result = Simulation.run(scenario(ramMB: 1000, apps: [
            app("com.music", 100) { $0.backgroundModes = [.audio]; $0.warningReleaseKiB = 10 * mb },
            app("com.front", 100) { $0.warningReleaseKiB = 10 * mb },
            app("com.idle", 100),
        ], configure: { $0.appLimitKiB = 2000 * mb }, [
            (0, .open(2)), (1, .open(0)), (2, .open(1)),
            (3, .allocate(1, 600 * mb)),   // free 100 < 150: warnings; releases bring it to 120
            (4, .allocate(1, 1 * mb)),     // same episode: no warning
            (5, .allocate(1, -200 * mb)),  // free recovers: the episode ends
            (6, .allocate(1, 200 * mb)),   // a new episode
        ]))
        let warnings = result.log.callbacks.filter { $0.callback == .didReceiveMemoryWarning }
        #expect(warnings.map { "\($0.timeMs / 1000):\($0.app)" } == ["3:0", "3:1", "6:0", "6:1"])
        // Releases happen once until the app next becomes active.
        #expect(result.outcome("com.front").footprintKiB == (100 + 601 - 10) * mb)
        #expect(result.outcome("com.music").footprintKiB == 90 * mb)
    }

    @Test("The releases themselves can end a warning episode (SPEC 5)")
    func releasesEndEpisode() {
        let result = Simulation.run(scenario(ramMB: 1000, apps: [app("com.a", 100) { $0.warningReleaseKiB = 200 * mb }],
                                             configure: { $0.appLimitKiB = 2000 * mb }, [
            (0, .open(0)), (1, .allocate(0, 760 * mb)), (2, .allocate(0, 200 * mb)),
        ]))
        // At 1 s free 140 < 150: a warning; the release of 200 MB brings free to 340, which ends
        // the episode. At 2 s free 140 again: a new episode, so a second warning (no new release).
        #expect(result.log.callbacks(of: 0).filter { $0 == .didReceiveMemoryWarning }.count == 2)
        #expect(result.outcome("com.a").footprintKiB == 860 * mb)
    }

    @Test("Purgeable memory is purged before a kill; the victim survives if that is enough (SPEC 5)")
    func purgeable() {
        let result = Simulation.run(scenario(ramMB: 1000, apps: [
            app("com.cache", 300) { $0.purgeableKiB = 100 * mb },
            app("com.front", 100),
        ], configure: { $0.appLimitKiB = 2000 * mb },
           [(0, .open(0)), (1, .open(1)), (2, .allocate(1, 580 * mb)), (3, .allocate(1, 80 * mb))]))
        // At 2 s: free 20 < 50: com.cache purged to 200, free 120: survives.
        // At 3 s: free 40 < 50: already purged, so it is killed; the row shows the footprint after the purge.
        #expect(result.kills == ["com.cache:memory-pressure"])
        let eviction = result.log.evictions[0]
        #expect(eviction.who.timeMs == 3_000 && eviction.memory.footprintKiB == 200 * mb)
        #expect(eviction.memory.freeBeforeKiB == 40 * mb && eviction.memory.freeAfterKiB == 240 * mb)
    }

    @Test("Per-app limit: killed at once in any state, no callback, no purge (SPEC 5)")
    func perAppLimit() {
        let result = Simulation.run(scenario(ramMB: 1000, apps: [app("com.a", 100) { $0.purgeableKiB = 100 * mb }], [
            (0, .open(0)), (1, .allocate(0, 501 * mb)),
        ]))
        #expect(result.kills == ["com.a:per-process-limit"])
        #expect(result.log.evictions[0].memory.footprintKiB == 601 * mb)
        #expect(result.log.callbacks(of: 0).count == 3)
        #expect(result.outcome("com.a").otherKills == 1)
        #expect(result.outcome("com.a").stateLosses == 1)
    }

    @Test("Frontmost app is never a memory-pressure victim; below 0 free it dies of vm-pageshortage (SPEC 5 step 4)")
    func pageShortage() {
        let result = Simulation.run(scenario(ramMB: 1000, apps: [app("com.a", 100)],
                                             configure: { $0.appLimitKiB = 2000 * mb },
                                             [(0, .open(0)), (1, .allocate(0, 850 * mb)), (2, .allocate(0, 100 * mb))]))
        #expect(result.kills == ["com.a:vm-pageshortage"])
        #expect(result.log.evictions[0].who.timeMs == 2_000)
        #expect(result.outcome("com.a").pressureKills == 1)
        #expect(result.outcome("com.a").stateLosses == 1)
        #expect(result.pressureEvictions.isEmpty)
    }

    @Test("system_allocate never takes system memory below 0 (SPEC 3)")
    func systemNeverNegative() {
        let result = Simulation.run(scenario(ramMB: 1000, apps: [app("com.a")], configure: { $0.systemKiB = 10 * mb },
                                             [(0, .systemAllocate(-50 * mb)), (1, .systemAllocate(20 * mb))]))
        #expect(result.log.frees.map { $0.freeKiB.count / 1024 } == [990, 1000, 980])
    }

    @Test("Pressure levels: critical below critical_free_mb, warning below warning_free_mb (SPEC 5)")
    func pressureLevels() {
        let device = Device(ramMB: 1000)
        #expect(EventLog.PressureLevel(freeKiB: 150 * mb, device: device) == .normal)
        #expect(EventLog.PressureLevel(freeKiB: 150 * mb - 1, device: device) == .warning)
        #expect(EventLog.PressureLevel(freeKiB: 50 * mb - 1, device: device) == .critical)
    }
}

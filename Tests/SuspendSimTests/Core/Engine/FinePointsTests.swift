import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

private let mb: KiB = 1024

/// SPEC 10's fine points that the other suites do not already pin down.
@Suite struct FinePointsTests {
    @Test("Several per-app-limit kills in one check happen in scenario order (SPEC 10)")
    func limitKillsInScenarioOrder() {
        // Opening `launcher` sends `grower` to the background, where it is bigger than the limit;
        // `launcher` itself is over the limit when active. Both die in the same check.
        let result = Simulation.run(scenario(ramMB: 1000, apps: [
            app("com.launcher", 650), app("com.grower", 100, background: 700),
        ], [(0, .open(1)), (1, .open(0))]))
        #expect(result.kills == ["com.launcher:per-process-limit", "com.grower:per-process-limit"])
        #expect(result.log.evictions.map(\.who.seq) == [1, 2])
    }

    @Test("No memory.csv row when an app whose footprint is already 0 dies (SPEC 10)")
    func noRowForZeroFootprintDeath() {
        let result = Simulation.run(scenario(apps: [app("com.tiny", 0)], [(0, .open(0)), (1, .forceQuit(0))]))
        #expect(result.kills == ["com.tiny:force-quit"])
        #expect(result.log.footprints.isEmpty)
    }

    @Test("Releases and purges are forgotten when an app dies (SPEC 10)")
    func releasesForgottenOnDeath() {
        // com.cache is purged (survives), then force-quit and launched again: full footprint.
        let result = Simulation.run(scenario(ramMB: 1000, apps: [
            app("com.cache", 300) { $0.purgeableKiB = 100 * mb }, app("com.front", 100),
        ], configure: { $0.appLimitKiB = 2000 * mb }, [
            (0, .open(0)), (1, .open(1)), (2, .allocate(1, 580 * mb)), (3, .allocate(1, -580 * mb)),
            (4, .forceQuit(0)), (5, .open(0)), (6, .open(1)),
        ]))
        #expect(result.log.footprints.filter { $0.app == 0 }.map { $0.footprintKiB.count / 1024 } == [300, 200, 0, 300])
        #expect(result.outcome("com.cache").footprintKiB == 300 * mb)
    }

    @Test("force_quit of a not-running app is skipped and does not block wakes (SPEC 3)")
    func forceQuitNotRunning() {
        let result = Simulation.run(scenario(apps: [app("com.a") { $0.backgroundModes = [.fetch] }], [
            (0, .forceQuit(0)), (1, .wake(0, .fetch)),
        ]))
        #expect(result.log.skips.map(\.reason) == [.notRunning])
        #expect(result.log.callbacks(of: 0).last == .performFetch)
    }

    @Test("The end of aging changes a band, not a state: no transition row (SPEC 10)")
    func agingMakesNoTransition() {
        let result = Simulation.run(scenario(apps: [app("com.a"), app("com.b")], policy: "jetsam",
                                             [(0, .open(0)), (1, .open(1)), (10, .home)]))
        // a: launch (2 rows), leave (2 rows), suspended: 5 rows, nothing at 3 s when aging ends.
        #expect(result.transitions(of: 0).count == 5)
        #expect(!result.log.transitions.contains { $0.timeMs == 3_000 })
    }

    @Test("An aging timer is dropped if the app left suspended meanwhile (SPEC 10)")
    func agingTimerDropped() {
        // a suspends at 1 s (aging until 3 s), is woken at 2 s and suspends again at 2 s + 0:
        // the first aging timer must not age the second suspension early.
        let result = Simulation.run(scenario(ramMB: 2000, apps: [
            app("com.a", 100) { $0.backgroundModes = [.fetch]; $0.wakeWorkMs = 0 }, app("com.b", 300), app("com.game", 100),
        ], policy: "jetsam", configure: { $0.appLimitKiB = 5000 * mb }, [
            (0, .open(0)), (1, .open(1)), (2, .wake(0, .fetch)), (2.5, .open(2)),
            (3.5, .allocate(2, 1450 * mb)),
        ]))
        // At 3.5 s: b (suspended at 2.5 s) and a (suspended again at 2 s) are both aging (band 20):
        // free 2000 - 100 - 300 - 1550 = 50: no idle kill; critical: a entered band 20 at 2 s, first.
        // Free 150 is still below idle (200): when b's aging ends at 4.5 s (a timer, so a pressure
        // check follows), b is idle (band 0) and dies.
        #expect(result.pressureEvictions == ["com.a", "com.b"])
        #expect(result.log.evictions.map(\.ranking.priority) == [20, 0])
        #expect(result.log.evictions.map(\.who.timeMs) == [3_500, 4_500])
    }
}

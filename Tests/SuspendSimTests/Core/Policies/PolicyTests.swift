import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

private let mb: KiB = 1024

/// SPEC 6: the order in which each policy purges.
@Suite struct PolicyTests {
    /// Four apps: two suspended (200 and 300 MB), one playing audio in the background (250 MB),
    /// then a big foreground app that takes memory until three must go.
    func mixedScenario(policy: String) -> Scenario {
        scenario(ramMB: 2000, apps: [
            app("com.small", 200), app("com.large", 300),
            app("com.music", 250) { $0.backgroundModes = [.audio] },
            app("com.game", 100),
        ], policy: policy, configure: { $0.appLimitKiB = 5000 * mb }, [
            (0, .open(1)), (1, .open(0)), (2, .open(2)), (3, .open(3)),
            (4, .allocate(3, 1100 * mb)),
        ])
    }

    @Test("largest-first: suspended largest first, then background; killing a background app calls applicationWillTerminate (SPEC 6)")
    func largestFirst() {
        let result = Simulation.run(mixedScenario(policy: "largest-first"))
        // Free before: 2000 - 300 - 200 - 250 - 1200 = 50 < 100 (critical 5 %): kill 300, done.
        #expect(result.pressureEvictions == ["com.large"])
        let more = Simulation.run(mixedScenario(policy: "largest-first").with { $0.events.append(.init(atMs: 5_000, .allocate(3, 500 * mb))) })
        #expect(more.pressureEvictions == ["com.large", "com.small", "com.music"])
        #expect(more.log.callbacks(of: 2).last == .willTerminate)
        #expect(more.log.callbacks(of: 0).last == .didEnterBackground)
    }

    @Test("lru: suspended least recently frontmost first, then background (SPEC 6)")
    func lru() {
        let result = Simulation.run(mixedScenario(policy: "lru").with { $0.events.append(.init(atMs: 5_000, .allocate(3, 500 * mb))) })
        #expect(result.pressureEvictions == ["com.large", "com.small", "com.music"])
        let reordered = Simulation.run(scenario(ramMB: 2000, apps: [app("com.small", 200), app("com.large", 300), app("com.game", 100)],
                                                policy: "lru", configure: { $0.appLimitKiB = 5000 * mb },
                                                [(0, .open(0)), (1, .open(1)), (2, .open(2)), (3, .allocate(2, 1350 * mb))]))
        // com.small left the foreground first, so it is least recently frontmost.
        #expect(reordered.pressureEvictions == ["com.small"])
    }

    @Test("Ties break by least recently frontmost, never-frontmost first, then scenario order (SPEC 6)")
    func ties() {
        let result = Simulation.run(scenario(ramMB: 1000, apps: [
            app("com.x", 100) { $0.backgroundModes = [.fetch] }, app("com.y", 100) { $0.backgroundModes = [.fetch] },
            app("com.z", 100), app("com.front", 100),
        ], configure: { $0.appLimitKiB = 5000 * mb }, [
            (0, .open(2)), (1, .open(3)), (2, .wake(1, .fetch)), (3, .wake(0, .fetch)), (10, .allocate(3, 800 * mb)),
        ]))
        // Equal 100 MB suspended apps: x and y were never frontmost (x first by scenario order), then z.
        #expect(result.pressureEvictions == ["com.x", "com.y", "com.z"])
    }

    @Test("A user policy plugs in through the protocol")
    func userPolicy() {
        struct SmallestFirst: EvictionPolicy {
            let name = "smallest-first"
            func rank(of candidate: Candidate) -> Candidate.Rank { Candidate.Rank(candidate.footprintKiB.count) }
        }
        let result = Simulation.run(mixedScenario(policy: "largest-first"), policy: SmallestFirst())
        #expect(result.pressureEvictions == ["com.small"])
        #expect(result.policyName == "smallest-first")
    }
}

extension Scenario {
    func with(_ change: (inout Scenario) -> Void) -> Scenario {
        var copy = self
        change(&copy)
        return copy
    }
}

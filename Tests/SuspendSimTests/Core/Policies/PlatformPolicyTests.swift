import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

private let mb: KiB = 1024

/// SPEC 6: the jetsam (XNU) and lmkd (Android) policies.
@Suite struct PlatformPolicyTests {
    // MARK: jetsam

    @Test("jetsam bands: frontmost 100, audio/accessory/bluetooth 120, other background 30, suspended 20 then 0 (SPEC 6)")
    func jetsamBands() {
        let jetsam = JetsamPolicy()
        #expect(jetsam.band(of: Candidate(index: 0, state: .active, footprintKiB: 0)) == 100)
        #expect(jetsam.band(of: Candidate(index: 0, state: .inactive, footprintKiB: 0)) == 100)
        for mode in [BackgroundMode.audio, .externalAccessory, .bluetoothCentral, .bluetoothPeripheral] {
            #expect(jetsam.band(of: Candidate(index: 0, state: .background, footprintKiB: 0, modesInUse: AppProfile.BackgroundModes(mode))) == 120)
        }
        #expect(jetsam.band(of: Candidate(index: 0, state: .background, footprintKiB: 0, modesInUse: [.location])) == 30)
        #expect(jetsam.band(of: Candidate(index: 0, state: .background, footprintKiB: 0)) == 30)
        #expect(jetsam.band(of: Candidate(index: 0, state: .suspended, footprintKiB: 0, aged: false)) == 20)
        #expect(jetsam.band(of: Candidate(index: 0, state: .suspended, footprintKiB: 0, aged: true)) == 0)
    }

    @Test("jetsam: lowest band first; inside a band, the app that entered it earliest (SPEC 6)")
    func jetsamOrder() {
        // b (small) suspended at 1 s, a (big) at 2 s: both idle (band 0) by 5 s, b entered it first.
        // c runs in background with location (band 30); d suspended at 4 s is still aging (band 20).
        let result = Simulation.run(scenario(ramMB: 2000, apps: [
            app("com.a", 400), app("com.b", 100), app("com.c", 100) { $0.backgroundModes = [.location] },
            app("com.d", 100), app("com.game", 100),
        ], policy: "jetsam", configure: { $0.appLimitKiB = 5000 * mb }, [
            (0, .open(1)), (1, .open(0)), (2, .open(2)), (3, .open(3)), (4, .open(4)),
            (5, .allocate(4, 1150 * mb)),
        ]))
        // Free before: 2000 - 400 - 100 - 100 - 100 - 1250 = 50. Idle kills while below 200 MB
        // (10 %): b (entered band 0 at 3 s), free 150; then a (at 4 s), free 550. Largest-first
        // would have killed a alone.
        #expect(result.pressureEvictions == ["com.b", "com.a"])
        #expect(result.log.evictions.map(\.ranking.priority) == [0, 0])
    }

    @Test("jetsam: aging is a timer; a freshly suspended app (band 20) goes after idle ones (SPEC 6)")
    func jetsamAging() {
        // At 5 s only app b is aged; app a suspended at 4.5 s is aging: b dies first even though it is smaller.
        let result = Simulation.run(scenario(ramMB: 2000, apps: [
            app("com.a", 500), app("com.b", 100), app("com.game", 100),
        ], policy: "jetsam", configure: { $0.appLimitKiB = 5000 * mb }, [
            (0, .open(1)), (1, .open(0)), (4.5, .open(2)), (5, .allocate(2, 1320 * mb)),
        ]))
        // Free: 2000 - 500 - 100 - 1420 = -20: idle kill of b (band 0): free 80 < 100 critical:
        // then a (band 20). Under largest-first a would go first.
        #expect(result.pressureEvictions == ["com.b", "com.a"])
        #expect(result.log.evictions.map(\.ranking.priority) == [0, 20])
    }

    @Test("jetsam: only idle apps die in the idle kills; above critical nothing else does (SPEC 6)")
    func jetsamIdleOnly() {
        let result = Simulation.run(scenario(ramMB: 2000, apps: [
            app("com.music", 300) { $0.backgroundModes = [.audio] }, app("com.game", 100),
        ], policy: "jetsam", configure: { $0.appLimitKiB = 5000 * mb }, [
            (0, .open(0)), (1, .open(1)), (10, .allocate(1, 1450 * mb)),
        ]))
        // Free 150: below idle (200) but no idle app; not below critical (100): music (band 120) lives.
        #expect(result.pressureEvictions.isEmpty)
    }

    // MARK: lmkd

    @Test("lmkd adj: frontmost 0, perceptible 200, service 500, previous ≤ 700, cached 900 + 10 × recency, max 999 (SPEC 6, 33)")
    func lmkdAdj() {
        let lmkd = LMKDPolicy()
        #expect(lmkd.adj(of: Candidate(index: 0, state: .active, footprintKiB: 0)) == 0)
        #expect(lmkd.adj(of: Candidate(index: 0, state: .background, footprintKiB: 0, modesInUse: [.location])) == 200)
        #expect(lmkd.adj(of: Candidate(index: 0, state: .background, footprintKiB: 0)) == 500)
        #expect(lmkd.adj(of: Candidate(index: 0, state: .background, footprintKiB: 0, recency: .init(isPreviousApp: true))) == 500)
        #expect(lmkd.adj(of: Candidate(index: 0, state: .suspended, footprintKiB: 0, recency: .init(isPreviousApp: true))) == 700)
        #expect(lmkd.adj(of: Candidate(index: 0, state: .suspended, footprintKiB: 0, recency: .init(cachedRank: 0))) == 900)
        #expect(lmkd.adj(of: Candidate(index: 0, state: .suspended, footprintKiB: 0, recency: .init(cachedRank: 3))) == 930)
        #expect(lmkd.adj(of: Candidate(index: 0, state: .suspended, footprintKiB: 0, recency: .init(cachedRank: 9))) == 990)
        #expect(lmkd.adj(of: Candidate(index: 0, state: .suspended, footprintKiB: 0, recency: .init(cachedRank: 10))) == 999)
        #expect(lmkd.adj(of: Candidate(index: 0, state: .suspended, footprintKiB: 0, recency: .init(cachedRank: 150))) == 999)
    }

    @Test("Recency is worked out only for a policy that uses it: lmkd's candidates carry it (previous, cached places), largest-first's none")
    func recencyOnlyWhenUsed() {
        for (policy, usesRecency) in [("lmkd", true), ("largest-first", false)] {
            var simulation = Simulation(scenario(apps: [app("com.a"), app("com.b"), app("com.c"), app("com.d")], policy: policy, [
                (1, .open(0)), (2, .open(1)), (3, .open(2)), (4, .open(3)),
            ]), policy: BuiltInPolicies.named(policy)!, recorder: NullRecorder())
            simulation.run()
            // d is frontmost; c left last (previous), then b, then a (cached 0, 1).
            let recency = simulation.candidates().map(\.recency)
            if usesRecency {
                #expect(recency == [.init(cachedRank: 1), .init(cachedRank: 0), .init(isPreviousApp: true, cachedRank: 2)])
            } else {
                #expect(recency == [nil, nil, nil])
            }
            #expect(simulation.candidateInContext(3).recency == nil)
        }
    }

    @Test("lmkd: highest adj first (least recent cached), the previous app late, never-frontmost apps in scenario order (SPEC 6, 33)")
    func lmkdOrder() {
        let result = Simulation.run(scenario(ramMB: 2000, apps: [
            app("com.old", 100), app("com.mid", 300), app("com.prev", 400),
            app("com.never1", 50) { $0.backgroundModes = [.fetch] }, app("com.never2", 80) { $0.backgroundModes = [.fetch] },
            app("com.game", 100),
        ], policy: "lmkd", configure: { $0.appLimitKiB = 5000 * mb }, [
            (0, .wake(3, .fetch)), (0, .wake(4, .fetch)),
            (1, .open(0)), (2, .open(1)), (3, .open(2)), (4, .open(5)),
            (10, .allocate(5, 1020 * mb)),
        ]))
        // Free: 2000 - 50 - 80 - 100 - 300 - 400 - 1120 = -50. Cached: mid 900, old 910, never1/never2 920
        // (shared place: scenario order, so never1 then never2, SPEC 33); prev 700.
        // Levels (SPEC 33): below 72 MB adj 0 and above go: never1 (free 0), never2 (80); below 90 adj 100:
        // old (180); below 216 adj 900: mid (480); below 315 adj 950: none left. prev (700) stays.
        #expect(result.pressureEvictions == ["com.never1", "com.never2", "com.old", "com.mid"])
        #expect(result.log.evictions.map(\.ranking.priority) == [920, 920, 910, 900])
        #expect(result.log.evictions.map(\.memory.thresholdKiB) == [72 * mb, 72 * mb, 90 * mb, 216 * mb])
        #expect(result.log.evictions.allSatisfy { $0.who.trigger == .minfree })
    }
}

import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

private let mb: KiB = 1024

/// SPEC 33: lmkd kills by levels. Every scenario here runs through the engine and through the
/// independent model (`InvariantRecorder+Levels.swift`), which checks each kill on its own.
@Suite struct LMKDLevelTests {
    /// Seven 1 MB apps on 1000 MB of RAM, so that a kill barely moves free memory and a level
    /// takes every app of its adj and above: never (never frontmost, cached 920), cached2
    /// (910), cached1 (900), prev (the previous app, 700), service (a task in background, 500),
    /// perceptible (location in use, 200), and the frontmost game, which allocates until free
    /// is `freeMB`. The run ends at 20 s, before the service's task expires.
    static func ladder(freeMB: Double, levels: [Device.KillLevel] = Device.KillLevel.lmkdDefault, policy: String = "lmkd") -> Scenario {
        scenario(ramMB: 1000, apps: [
            app("com.never", 1) { $0.backgroundModes = [.fetch] }, app("com.cached2", 1), app("com.cached1", 1),
            app("com.service", 1) { $0.backgroundTaskMs = .seconds(600) },
            app("com.perceptible", 1) { $0.backgroundModes = [.location] }, app("com.prev", 1), app("com.game", 1),
        ], policy: policy, endSeconds: 20, configure: {
            $0.appLimitKiB = 5000 * mb
            $0.lmkdMinfree = levels
        }, [
            (0, .wake(0, .fetch)), (1, .open(1)), (2, .open(2)), (3, .open(3)), (4, .open(4)), (5, .open(5)), (6, .open(6)),
            // 1000 - 7 = 993 MB free before it.
            (10, .allocate(6, KiB.mb(993 - freeMB))),
        ])
    }

    /// The run, checked step by step by the model first.
    static func run(_ scenario: Scenario) -> SimulationResult<EventLog> {
        #expect(InvariantRun.check(scenario).violations == [])
        return Simulation.run(scenario)
    }

    struct LevelCase: Sendable, CustomTestStringConvertible {
        var freeMB: Double
        var victims: [String]
        var thresholdsMB: [Int64]
        var testDescription: String { "free \(freeMB) MB" }
    }

    /// By hand from the default table (0:72, 100:90, 200:108, 250:126, 900:216, 950:315): the
    /// level is the smallest `mb` above free, and each 1 MB kill raises free by 1 MB.
    static let defaultLevels: [LevelCase] = [
        // At 315 nothing is below a level.
        LevelCase(freeMB: 315, victims: [], thresholdsMB: []),
        // Below 315: adj 950 and above; the highest here is 920.
        LevelCase(freeMB: 314, victims: [], thresholdsMB: []),
        // Below 216: adj 900 and above, the highest adj first: 920, 910, 900; prev (700) stays.
        LevelCase(freeMB: 210, victims: ["com.never", "com.cached2", "com.cached1"], thresholdsMB: [216, 216, 216]),
        // Between 126 and 216 the previous app is kept.
        LevelCase(freeMB: 127, victims: ["com.never", "com.cached2", "com.cached1"], thresholdsMB: [216, 216, 216]),
        // Below 126: adj 250 and above: the previous app and the service go, the perceptible app stays (125 MB).
        LevelCase(freeMB: 120, victims: ["com.never", "com.cached2", "com.cached1", "com.prev", "com.service"],
                  thresholdsMB: [126, 126, 126, 126, 126]),
        // Below 108: adj 200 and above: the perceptible app too.
        LevelCase(freeMB: 100, victims: ["com.never", "com.cached2", "com.cached1", "com.prev", "com.service", "com.perceptible"],
                  thresholdsMB: [108, 108, 108, 108, 108, 108]),
        // Below 90 (adj 100): five kills bring free to 90, where the 108 level (adj 200) takes the last.
        LevelCase(freeMB: 85, victims: ["com.never", "com.cached2", "com.cached1", "com.prev", "com.service", "com.perceptible"],
                  thresholdsMB: [90, 90, 90, 90, 90, 108]),
        // Below 72 (adj 0): two kills bring free to 72, then the 90 level (adj 100) goes on.
        LevelCase(freeMB: 70, victims: ["com.never", "com.cached2", "com.cached1", "com.prev", "com.service", "com.perceptible"],
                  thresholdsMB: [72, 72, 90, 90, 90, 90]),
    ]

    @Test("Each default minfree level takes the apps of its adj and above, the highest adj first (SPEC 33)", arguments: defaultLevels)
    func eachDefaultLevel(_ level: LevelCase) {
        let result = Self.run(Self.ladder(freeMB: level.freeMB))
        #expect(result.pressureEvictions == level.victims)
        #expect(result.log.evictions.map { $0.memory.thresholdKiB ?? -1 } == level.thresholdsMB.map { $0 * mb })
        #expect(result.log.evictions.allSatisfy { $0.who.trigger == .minfree && $0.who.reason == .memoryPressure })
        let adjs = ["com.never": 920, "com.cached2": 910, "com.cached1": 900, "com.prev": 700, "com.service": 500, "com.perceptible": 200]
        #expect(result.log.evictions.map(\.ranking.priority) == level.victims.map { adjs[$0] })
    }

    @Test("Under lru the same free memory kills nothing above critical_free_mb (50 MB): the levels are lmkd's own")
    func lruKeepsCriticalLoop() {
        #expect(Simulation.run(Self.ladder(freeMB: 70, policy: "lru")).pressureEvictions == [])
    }

    @Test("A scenario's own table: its levels and adj, and page shortage even with candidates below min_adj (SPEC 33)")
    func ownTable() {
        let table = [Device.KillLevel(priority: 500, freeKiB: 150 * mb), Device.KillLevel(priority: 905, freeKiB: 400 * mb)]
        // Below 400: adj 905 and above: never (920), cached2 (910); cached1 (900) stays.
        let high = Self.run(Self.ladder(freeMB: 300, levels: table))
        #expect(high.pressureEvictions == ["com.never", "com.cached2"])
        #expect(high.log.evictions.map(\.memory.thresholdKiB) == [400 * mb, 400 * mb])
        // Below 150: adj 500 and above; the perceptible app (200) stays, and at free -10 MB + 5 the
        // frontmost app goes for page shortage (SPEC 33: a table without a low level spares it).
        let low = Self.run(Self.ladder(freeMB: -10, levels: table))
        #expect(low.pressureEvictions == ["com.never", "com.cached2", "com.cached1", "com.prev", "com.service"])
        #expect(low.kills.last == "com.game:vm-pageshortage")
        #expect(low.outcome("com.perceptible").pressureKills == 0)
    }

    @Test("At adj 200 and below the heaviest goes first; above 200 the least recently frontmost (SPEC 33)")
    func tiesWithinAnAdj() {
        // Two perceptible apps: light (frontmost first) and heavy; below 108 both may go: heavy first.
        let perceptible = Self.run(scenario(ramMB: 1000, apps: [
            app("com.light", 1) { $0.backgroundModes = [.location] }, app("com.heavy", 5) { $0.backgroundModes = [.location] },
            app("com.game", 1),
        ], policy: "lmkd", configure: { $0.appLimitKiB = 5000 * mb }, [
            (1, .open(0)), (2, .open(1)), (3, .open(2)), (10, .allocate(2, KiB.mb(993 - 100))),
        ]))
        // Free 100: heavy (105), light (106): both below 108.
        #expect(perceptible.pressureEvictions == ["com.heavy", "com.light"])
        // Two services (500): light frontmost first, heavy later; below 126 the least recently frontmost first.
        let services = Self.run(scenario(ramMB: 1000, apps: [
            app("com.light", 1) { $0.backgroundTaskMs = .seconds(600) }, app("com.heavy", 5) { $0.backgroundTaskMs = .seconds(600) },
            app("com.game", 1),
        ], policy: "lmkd", configure: { $0.appLimitKiB = 5000 * mb }, [
            (1, .open(0)), (2, .open(1)), (3, .open(2)), (10, .allocate(2, KiB.mb(993 - 122))),
        ]))
        // Free 122: light (123), heavy (128 ≥ 126: then adj 900 below 216, none).
        #expect(services.pressureEvictions == ["com.light", "com.heavy"])
        #expect(services.log.evictions.map(\.ranking.priority) == [500, 500])
    }

    @Test("A purge that brings free to the level spares the victim there; a higher level may still take it (SPEC 33)")
    func purgeAtLevel() {
        // cached (900) holds 20 MB purgeable of 30; prev (700). Free 200 < 216: cached is named, its
        // purge brings free to 220: spared; 220 < 315 names adj 950: none. No kill.
        let spared = Self.run(scenario(ramMB: 1000, apps: [
            app("com.cached", 30) { $0.purgeableKiB = 20 * mb }, app("com.prev", 1), app("com.game", 1),
        ], policy: "lmkd", configure: { $0.appLimitKiB = 5000 * mb }, [
            (1, .open(0)), (2, .open(1)), (3, .open(2)), (10, .allocate(2, KiB.mb(968 - 200))),
        ]))
        #expect(spared.log.evictions.isEmpty)
        #expect(spared.log.footprints.last { $0.app == 0 }?.footprintKiB == 10 * mb)
        // With the table 900:216, 910:315, old (910) is named below 216, spared by its purge (220),
        // then named again below 315 (adj 910) and killed there, its row carrying 315.
        let levels = [Device.KillLevel(priority: 900, freeKiB: 216 * mb), Device.KillLevel(priority: 910, freeKiB: 315 * mb)]
        let again = Self.run(scenario(ramMB: 1000, apps: [
            app("com.old", 30) { $0.purgeableKiB = 20 * mb }, app("com.recent", 1), app("com.prev", 1), app("com.game", 1),
        ], policy: "lmkd", configure: {
            $0.appLimitKiB = 5000 * mb
            $0.lmkdMinfree = levels
        }, [
            (1, .open(0)), (2, .open(1)), (3, .open(2)), (4, .open(3)), (10, .allocate(3, KiB.mb(967 - 200))),
        ]))
        #expect(again.pressureEvictions == ["com.old"])
        #expect(again.log.evictions.first?.memory.thresholdKiB == 315 * mb)
        #expect(again.log.evictions.first?.ranking.priority == 910)
        #expect(again.log.evictions.first?.memory.freeBeforeKiB == 220 * mb)
    }

    @Test("rank, candidates and runner_up follow SPEC 33's order over every candidate, even one the level spares")
    func orderOverEveryCandidate() {
        // Free 210: never goes first, below 216; runner-up cached2, then cached2 with runner-up
        // cached1, then cached1 with runner-up prev (700), which this level spares.
        let result = Self.run(Self.ladder(freeMB: 210))
        #expect(result.log.evictions.map(\.ranking.rank) == [1, 1, 1])
        #expect(result.log.evictions.map(\.ranking.candidateCount) == [6, 5, 4])
        #expect(result.log.evictions.map(\.ranking.runnerUp) == [1, 2, 5])
    }

    @Test("The compressor's default start under lmkd is the largest of warning_free_mb and the largest level (SPEC 31, 34)")
    func compressorStart() {
        var device = Device(ramMB: 1000)
        device.compressor = Device.Compressor()
        // Device(ramMB: 1000): warning 150 MB, critical 100 MB (SPEC 5's defaults).
        let lmkd = Device.PressureKillLevels(LMKDPolicy(), on: device)
        #expect(device.resolvingCompressorStart(lmkd).compressorStartFreeKiB == 315 * mb)
        let low = Device.PressureKillLevels(usesBands: false, killLevels: [Device.KillLevel(priority: 900, freeKiB: 100 * mb)])
        #expect(device.resolvingCompressorStart(low).compressorStartFreeKiB == 150 * mb)
        device.compressor?.startFreeKiB = 50 * mb
        #expect(device.resolvingCompressorStart(lmkd).compressorStartFreeKiB == 50 * mb)
    }
}

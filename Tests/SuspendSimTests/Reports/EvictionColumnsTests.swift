import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// SPEC 14, 16: `evictions.csv`'s `trigger`, `threshold_mb`, `rank`, `candidates` and
/// `runner_up`: why this victim, and who the policy would have named instead.
@Suite struct EvictionColumnsTests {
    func row(_ eviction: Eviction, _ scenario: Scenario) -> String {
        let threshold = eviction.memory.thresholdKiB.map { CSVFormatting.mbText($0) } ?? ""
        let runnerUp = eviction.ranking.runnerUp.map { scenario.apps[$0].id } ?? ""
        return "\(scenario.apps[eviction.who.app].id) \(eviction.who.trigger.rawValue) \(threshold) \(eviction.ranking.rank.map(String.init) ?? "-") \(eviction.ranking.candidateCount) \(runnerUp)"
    }

    /// The showdown of the README: six apps, then the system takes nearly everything at 10 s.
    func showdown(_ policy: String) throws -> (Scenario, [String]) {
        let scenario = try ScenarioLoader.load(path: packageFile("Scenarios/policy-showdown.yaml"))
        let result = Simulation.run(scenario, policy: BuiltInPolicies.named(policy))
        return (scenario, result.log.evictions.map { row($0, scenario) })
    }

    @Test("A policy's kill has rank 1 among the candidates at its choice, and runner_up is the next in its order (SPEC 14)")
    func policyKillsAreFirstWithTheirRunnerUp() throws {
        let (_, rows) = try showdown("largest-first")
        #expect(rows == [
            "com.example.b critical 102.400 1 6 com.example.f",
            "com.example.f critical 102.400 1 5 com.example.c",
            "com.example.c critical 102.400 1 4 com.example.a",
            "com.example.a critical 102.400 1 3 com.example.e",
            "com.example.e critical 102.400 1 2 com.example.d",
            "com.example.d critical 102.400 1 1 ",
        ])
    }

    @Test("Jetsam's idle loop kills with trigger idle and the idle target; the critical loop after it, critical (SPEC 16)")
    func jetsamIdleThenCritical() throws {
        let (_, rows) = try showdown("jetsam")
        #expect(rows.map { $0.split(separator: " ").prefix(3).joined(separator: " ") } == [
            "com.example.a idle 204.800", "com.example.b idle 204.800", "com.example.c idle 204.800",
            "com.example.f idle 204.800", "com.example.d critical 102.400", "com.example.e critical 102.400",
        ])
    }

    @Test("Kills the policy did not choose take the order at the instant of the kill: a watchdog kill behind a suspended app ranks 2 (SPEC 14)")
    func otherKillsRankAtTheInstant() {
        // a is suspended (largest-first's first), b's slow handler is killed by the watchdog.
        let apps = [app("com.a", 100), app("com.b", 100) { $0.didEnterBackgroundMs = 7_000 }]
        let result = Simulation.run(scenario(apps: apps, [(0, .open(0)), (1, .open(1)), (2, .home)]))
        let scenario = scenario(apps: apps, [])
        #expect(result.log.evictions.map { row($0, scenario) } == ["com.b timer  2 2 com.a"])
    }

    @Test("A page-shortage kill of the frontmost app: threshold 0, no rank (SPEC 16)")
    func pageShortage() {
        // b plays audio in background, c is frontmost; the system takes all but 50 MB: the
        // critical loop kills b, and free is still below 0, so c goes too.
        let apps = [app("com.b", 100) { $0.backgroundModes = [.audio] }, app("com.c", 300)]
        let scenario = scenario(ramMB: 1024, apps: apps, [(0, .open(0)), (1, .open(1)), (2, .systemAllocate(1000 * 1024))])
        let rows = Simulation.run(scenario).log.evictions.map { row($0, scenario) }
        #expect(rows == ["com.b critical 51.200 1 1 ", "com.c pageshortage 0.000 - 0 "])
    }

    @Test("Limit, user and reaper kills: limit and user have no threshold; the reaper's is reaper_free_mb (SPEC 16)")
    func limitUserAndReaper() {
        var scenario = scenario(apps: [app("com.a", 500), app("com.b", 100)], [(0, .open(0)), (1, .open(1)), (2, .forceQuit(1))])
        scenario.device.appLimitKiB = 400 * 1024
        let result = Simulation.run(scenario)
        #expect(result.log.evictions.map { row($0, scenario) } == ["com.a limit  - 0 ", "com.b user  - 0 "])

        var reaped = PlatformProfileTests().idleScenario(ios: IOSVersion(major: 18, minor: 4))
        reaped.device.reaperFreeKiB = 410 * 1024
        let kill = Simulation.run(reaped).log.evictions.first
        #expect(kill.map { row($0, reaped) } == "com.app0 reaper 410.000 1 5 com.app1")
    }

    @Test("Summary-only runs skip the order's scan: the NullRecorder does not ask for it")
    func nullRecorderSkipsTheScan() {
        #expect(!NullRecorder.recordsVictimOrder)
        #expect(EventLog.recordsVictimOrder)
    }
}

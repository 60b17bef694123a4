import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// SPEC 11 and 16: the long-idle reaper ticks at k × `reaper_interval_s` until `end_s`; the
/// engine leaves out the ticks that cannot act (`Simulation.skipTicksThatCannotAct()`), so a
/// run as long as SPEC 35 allows (`end_s: 4294967296`) costs its events, not 143 million ticks,
/// and its records are those of running every tick.
@Suite struct ReaperTickTests {
    /// Five suspended apps of 100 MB on a 2048 MB iOS 18.4 device under jetsam (reaper free
    /// 20 % = 409.6 MB), with 1200 MB taken by the system: free is 348 MB, below the reaper's
    /// target and above every threshold of SPEC 5, so only the reaper kills.
    func idleScenario(reaperIdleSeconds: Double, endSeconds: Double?) -> Scenario {
        let apps = (0..<5).map { app("com.app\($0)", 100) }
        var events: [(Double, ScenarioEvent.Action)] = [(0, .systemAllocate(1200 * 1024))]
        for index in 0..<5 { events.append((Double(index * 10), .open(index))) }
        events.append((50, .home))
        var scenario = scenario(ramMB: 2048, apps: apps, policy: "jetsam", endSeconds: endSeconds, events)
        scenario.device.ios = IOSVersion(major: 18, minor: 4)
        scenario.device.apply(PlatformProfile(ios: scenario.device.ios))
        scenario.device.systemKiB = 0
        scenario.device.reaperIdleMs = .seconds(reaperIdleSeconds)
        return scenario
    }

    /// Steps `scenario` to its end, at most `limit` steps; the result and the steps taken.
    func stepped(_ scenario: Scenario, limit: Int) -> (result: SimulationResult<EventLog>, steps: Int) {
        var simulation = Simulation(scenario, policy: scenario.policy, recorder: EventLog())
        var steps = 0
        while steps < limit, simulation.step() { steps += 1 }
        return (simulation.result, steps)
    }

    @Test("A kill 10,000 s after the last event, under end_s: 2^32 s, comes at the first tick after the app's idle time, in a few dozen steps")
    func lateKillUnderTheLongestEnd() {
        // app0 suspended at 10 s, aged (band 0) at 12 s, idle for 10,000 s at 10,012 s: the
        // first tick at or after it is 334 × 30 s = 10,020 s. Its kill brings free to 448 MB
        // >= 409.6, and nothing else can happen: the other ticks up to 2^32 s do nothing.
        let (result, steps) = stepped(idleScenario(reaperIdleSeconds: 10_000, endSeconds: 4_294_967_296), limit: 1_000)
        #expect(steps < 100, "\(steps) steps")
        #expect(result.kills == ["com.app0:long-idle-exit"])
        #expect(result.log.evictions.first?.who.timeMs == .ms(10_020_000))
        #expect(result.durationMs == .seconds(4_294_967_296))
    }

    @Test("Every tick runs while one can act: the reaper kills at 330 s as before, and only once free is back")
    func ticksThatCanActStillRun() {
        // Idle for 300 s at 312 s: the tick at 330 s kills app0 (free 348 -> 448 MB).
        let (result, _) = stepped(idleScenario(reaperIdleSeconds: 300, endSeconds: 86_400), limit: 1_000)
        #expect(result.kills == ["com.app0:long-idle-exit"])
        #expect(result.log.evictions.first?.who.timeMs == .ms(330_000))
        // A later system allocation takes free below the target again: the next tick after it
        // (and after the apps' idle time, long past) kills the next oldest, app1.
        var scenario = idleScenario(reaperIdleSeconds: 300, endSeconds: 86_400)
        scenario.appendUnchecked(at: 50_000.5, .systemAllocate(100 * 1024))
        let later = stepped(scenario, limit: 1_000).result
        #expect(later.kills == ["com.app0:long-idle-exit", "com.app1:long-idle-exit"])
        #expect(later.log.evictions.last?.who.timeMs == .ms(50_010_000))
    }

    @Test("Leaving out the ticks that cannot act changes no record: seeded days of opens, homes and system allocations under jetsam, with and without ten quiet minutes after the events")
    func sameRecordsAsEveryTick() {
        var reaperKills = 0
        for seed in UInt64(0)..<UInt64(StressRun.size(300, stress: 3_000)) {
            let scenario = Self.reaperDay(seed: seed)
            let policy = BuiltInPolicies.named("jetsam")!
            let skipping = Simulation.run(scenario, policy: policy)
            var everyTick = Simulation(scenario, policy: policy, recorder: EventLog())
            everyTick.reaper.runsEveryTick = true
            everyTick.run()
            let reference = everyTick.result
            #expect(skipping.log.hasSameRecords(as: reference.log), "seed \(seed)")
            #expect(skipping.apps == reference.apps && skipping.minFreeKiB == reference.minFreeKiB, "seed \(seed)")
            #expect(skipping.durationMs == reference.durationMs && skipping.tasks == reference.tasks, "seed \(seed)")
            reaperKills += reference.log.evictions.filter { $0.who.reason == .longIdleExit }.count
        }
        // The scenarios do reach the reaper, often.
        #expect(reaperKills > StressRun.size(300, stress: 3_000), "\(reaperKills) long-idle-exit kills")
    }

    /// Six apps on a 2048 MB phone with the reaper on: opens, homes and system allocations at
    /// whole or odd seconds, ticks every 1-5 s (whole seconds half the time, so that an app
    /// becomes idle enough right on a tick), `reaper_idle_s` up to 60 s, and a target of a
    /// quarter of RAM or more, so that free sits below it often.
    static func reaperDay(seed: UInt64) -> Scenario {
        var random = SplitMix64(seed: seed)
        let apps = (0..<6).map { index in
            app("com.app\(index)", Double(random.int(in: 100...400)), suspended: Double(random.int(in: 20...200)))
        }
        var scenario = scenario(ramMB: 2048, apps: apps, policy: "jetsam", [])
        let whole = random.chance(50)
        scenario.device.longIdleReaper = true
        scenario.device.systemKiB = KiB(random.int(in: 0...1_024) * 1_024)
        scenario.device.reaperIntervalMs = .ms(whole ? 1_000 * random.int(in: 1...5) : random.int(in: 100...5_000))
        scenario.device.reaperIdleMs = .ms(whole ? 1_000 * random.int(in: 0...60) : random.int(in: 0...60_000))
        scenario.device.reaperFreeKiB = KiB(random.int(in: 512...2_048) * 1_024)
        var time: Int64 = 0
        for _ in 0..<40 {
            time += whole ? 1_000 * random.int(in: 0...40) : random.int(in: 0...40_000)
            let action: ScenarioEvent.Action = switch random.int(in: 0...5) {
            case 0: .home
            case 1: .systemAllocate(KiB(random.int(in: -200...200) * 1_024))
            default: .open(Int(random.int(in: 0...5)))
            }
            scenario.events.append(ScenarioEvent(atMs: .ms(time), action))
        }
        if random.chance(50) { scenario.endMs = .ms(time + 600_000) }
        return scenario
    }
}

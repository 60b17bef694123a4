import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// Workloads (docs/batch-runs.md): a `workload:` generates a plausible day from a seed, the same one every time.
@Suite struct WorkloadTimelineTests {
    /// Three apps, one with wake modes, and every process of the model switched on.
    static func busyScenario(hours: Int64 = 1) -> Scenario {
        var scenario = scenario(apps: [
            app("com.a", 200), app("com.b", 150) { $0.backgroundModes = [.fetch, .remoteNotification] }, app("com.c", 300),
        ], [(0, .open(0)), (5, .home)])
        var workload = Workload(durationMs: hours * 3_600_000)
        workload.meanGapMs = 300_000
        workload.callsPerHour = Workload.Rate(perHour: 2)
        workload.alertsPerHour = Workload.Rate(perHour: 6)
        workload.wakesPerHour = Workload.Rate(perHour: 2)
        workload.allocationsPerHour = Workload.Rate(perHour: 30)
        workload.meanAllocationKiB = 10 * 1024
        scenario.generator = workload
        return scenario
    }

    /// The generated events of `scenario` with `seed`, as `time action` lines.
    static func timeline(_ scenario: Scenario, seed: UInt64, limit: Int = .max) -> [String] {
        let generator = scenario.generator!
        var source = generator.events(for: scenario, seed: seed, startingAt: scenario.events.last?.atMs ?? 0)
        var lines: [String] = []
        while lines.count < limit, let event = source.next() {
            lines.append("\(event.atMs) \(describe(event.action, scenario.apps))")
        }
        return lines
    }

    static func describe(_ action: ScenarioEvent.Action, _ apps: [AppProfile]) -> String {
        switch action {
        case .open(let app): "open \(apps[app].id)"
        case .allocate(let app, let kib): "allocate \(apps[app].id) \(kib)"
        // SPEC 32: the workload's bursts are session memory.
        case .allocateSession(let app, let kib): "allocate \(apps[app].id) \(kib) session"
        case .wake(let app, let mode): "wake \(apps[app].id) \(mode.rawValue)"
        case .forceQuit, .startMode, .stopMode, .systemAllocate, .home, .lock, .unlock, .alert, .alertDismiss,
             .alertReply, .call, .callDecline, .callAnswer, .callEnd, .close, .charge, .lowPower:
            action.kind.rawValue
        }
    }

    @Test("A golden timeline: the first events of seed 7, pinned so any platform must agree")
    func golden() {
        #expect(Self.timeline(Self.busyScenario(), seed: 7, limit: 24) == [
            "5000 open com.a",
            "36797 home",
            "36797 lock",
            "883030 unlock",
            "883030 open com.a",
            "942721 allocate com.a 3781 session",
            "967484 home",
            "967484 lock",
            "1135105 unlock",
            "1135105 open com.a",
            "1149996 open com.c",
            "1158300 open com.a",
            "1247444 home",
            "1247444 lock",
            "2025524 call",
            "2035524 call_decline",
            "2358826 wake com.b fetch",
            "2961882 unlock",
            "2961882 open com.a",
            "2977193 allocate com.a 320 session",
            "2997722 home",
            "2997722 lock",
            "3017146 unlock",
            "3017146 open com.a",
        ])
    }

    @Test("The same seed gives the same timeline; other seeds give other timelines")
    func sameSeedSameEvents() {
        let scenario = Self.busyScenario(hours: 4)
        let first = Self.timeline(scenario, seed: 11)
        #expect(first.count > 100)
        #expect(Self.timeline(scenario, seed: 11) == first)
        let others = (12..<20).map { Self.timeline(scenario, seed: $0) }
        #expect(others.allSatisfy { $0 != first })
        #expect(Set(others).count == others.count)
    }

    @Test("Events are in time order, inside the duration, and well formed", arguments: 0..<8)
    func wellFormed(_ seed: UInt64) {
        let scenario = Self.busyScenario(hours: 3)
        let generator = scenario.generator!
        var source = generator.events(for: scenario, seed: seed, startingAt: 5_000)
        var previous: ScenarioEvent?
        var locked = false
        var count = 0
        while let event = source.next() {
            count += 1
            #expect(event.atMs >= (previous?.atMs ?? 5_000) && event.atMs <= 5_000 + 3 * 3_600_000)
            switch event.action {
            case .lock:
                #expect(previous?.action == .home && previous?.atMs == event.atMs)
                locked = true
            case .unlock:
                locked = false
            case .open:
                #expect(!locked)
            case .wake(let app, let mode):
                #expect(app == 1 && [.fetch, .remoteNotification].contains(mode))
            case .allocateSession(_, let kib):
                #expect(kib >= 0)
                #expect(!locked)
            case .allocate:
                Issue.record("a workload's bursts are session memory (SPEC 32), not kept allocations")
            case .forceQuit, .startMode, .stopMode, .systemAllocate, .close, .charge, .lowPower:
                Issue.record("a workload makes no \(event.action.kind.rawValue)")
            case .home, .alert, .alertDismiss, .alertReply, .call, .callDecline, .callAnswer, .callEnd:
                break
            }
            if previous?.action == .unlock { #expect(event.action.kind == .open && event.atMs == previous?.atMs) }
            previous = event
        }
        #expect(count > 50)
    }

    @Test("A day of the bundled scenario makes sense to the engine: nothing is skipped", arguments: 0..<3)
    func nothingSkipped(_ replicate: Int) throws {
        var scenario = try ScenarioLoader.load(path: packageFile("Scenarios/day-on-a-3gb-phone.yaml"))
        scenario.seed = BatchSeed.seed(base: 0, scenario: scenario.name, replicate: replicate)
        let result = Simulation.run(scenario)
        // The typical day (SPEC 38): about 17 sessions of unlock, open, 1.2 switches, home and
        // lock (90 events), 21 apps woken 4 times (84), 6 calls, 5 alerts and 15 bursts: about
        // 210 events; half of that is a floor no ordinary day misses.
        #expect(result.eventsRun > 100)
        #expect(result.log.skips.isEmpty, "\(result.log.skips.prefix(3))")
    }

    @Test("Events are made one at a time: the first of a thousand-year timeline come at once")
    func lazy() {
        var scenario = Self.busyScenario()
        var workload = scenario.generator as! Workload
        workload.durationMs = 1_000 * 365 * 24 * 3_600_000
        scenario.generator = workload
        // Made lazily, the first ten take milliseconds; made eagerly, a thousand years of
        // sessions (some hundred million events) would not fit in the bound, or in memory. The
        // bound is far from both, so a busy machine cannot fail it.
        let start = ContinuousClock.now
        #expect(Self.timeline(scenario, seed: 1, limit: 10).count == 10)
        #expect(ContinuousClock.now - start < .seconds(15))
    }

    @Test("A workload runs after the listed events, and a scenario without one has no seed in its row")
    func afterListedEvents() {
        let scenario = Self.busyScenario()
        let lines = Self.timeline(scenario, seed: 3, limit: 1)
        #expect(lines.first?.hasPrefix("5000 open ") == true)
        let result = Simulation.run(scenario)
        #expect(result.eventsRun > 2)
    }
}

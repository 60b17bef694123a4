import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// SPEC 7 and 10: how time and ties are ordered.
@Suite struct EngineOrderTests {
    @Test("end_s is inclusive: events and timers at exactly end_s run, later ones do not (SPEC 7)")
    func endIsInclusive() {
        let result = Simulation.run(scenario(apps: [app("com.a") { $0.didEnterBackgroundMs = 2_000 }], endSeconds: 10,
                                             [(0, .open(0)), (8, .home), (10, .lock), (10.001, .unlock)]))
        #expect(result.eventsRun == 3)
        #expect(result.log.transitions.last!.timeMs == 10_000)
        #expect(result.outcome("com.a").finalState == .suspended)
    }

    @Test("A scenario event runs before a timer due at the same instant (SPEC 7)")
    func eventBeforeTimer() {
        let result = Simulation.run(scenario(apps: [app("com.a") { $0.didEnterBackgroundMs = 2_000 }],
                                             [(0, .open(0)), (1, .home), (3, .open(0))]))
        // The warm open at 3 s cancels the handler timer also due at 3 s: no suspension.
        #expect(!result.log.transitions.contains { $0.to == .suspended })
        #expect(result.outcome("com.a").finalState == .active)
    }

    @Test("Without end_s the run goes on until no event or timer is left (SPEC 7)")
    func runsToLastTimer() {
        let result = Simulation.run(scenario(apps: [app("com.a") { $0.backgroundTaskMs = 100_000 }], [(0, .open(0)), (1, .home)]))
        #expect(result.log.transitions.last!.timeMs == 101_000)
    }

    @Test("The simulation can be stepped one event or timer at a time (peek/step)")
    func stepping() {
        var simulation = Simulation(scenario(apps: [app("com.a") { $0.didEnterBackgroundMs = 2_000 }], [(0, .open(0)), (1, .home)]),
                                    policy: LargestFirstPolicy(), recorder: EventLog())
        #expect(simulation.peek() == 0)
        simulation.step()
        #expect(simulation.state(of: 0) == .active)
        #expect(simulation.peek() == 1_000)
        simulation.step()
        #expect(simulation.state(of: 0) == .background)
        #expect(simulation.peek() == 3_000)
        simulation.step()
        #expect(simulation.state(of: 0) == .suspended)
        #expect(simulation.peek() == nil)
        let stepped = simulation.step()
        #expect(!stepped)
    }
}

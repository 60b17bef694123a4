@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// Runs a scenario step by step with an `InvariantRecorder`, checking after every step.
enum InvariantRun {
    struct Outcome {
        var violations: [String]
        var stats: InvariantRecorder.Stats
        var result: SimulationResult<InvariantRecorder>
    }

    static func check(_ scenario: Scenario, policy: (any EvictionPolicy)? = nil, keepsLog: Bool = false) -> Outcome {
        // A generated timeline (a `workload:`) is drawn out into the listed events first, so
        // that the model knows which step runs which event. Only up to `end_s`: no event after
        // it runs (SPEC 7), and a `duration_s` of 2^32 s under `end_s: 86400` would otherwise
        // draw a century of sessions before a one-day run (92 s in a debug build).
        var scenario = scenario
        if let generator = scenario.generator {
            var source = generator.events(for: scenario, seed: scenario.seed ?? 0, startingAt: scenario.events.last?.atMs ?? 0)
            while let event = source.next() {
                if let end = scenario.endMs, event.atMs > end { break }
                scenario.events.append(event)
            }
            scenario.generator = nil
        }
        let policy = policy ?? scenario.policy
        var simulation = Simulation(
            scenario, policy: policy,
            recorder: InvariantRecorder(scenario: scenario, policyName: policy.name, keepsLog: keepsLog))
        while let time = simulation.peek() {
            let next = simulation.eventsRun
            let event = next < scenario.events.count && scenario.events[next].atMs == time ? scenario.events[next] : nil
            simulation.recorder.beginStep(at: time, event: event, index: next)
            guard simulation.step() else {
                simulation.recorder.noteDriverProblem("peek() gave \(time) ms but step() ran nothing")
                break
            }
            if simulation.eventsRun != next + (event == nil ? 0 : 1) {
                // SPEC 7: a scenario event runs before a timer due at the same instant.
                simulation.recorder.noteDriverProblem("the step ran \(simulation.eventsRun - next) events, expected \(event == nil ? 0 : 1)")
            }
            simulation.recorder.endStep(engineFreeKiB: simulation.freeKiB)
            if simulation.recorder.violations.count >= simulation.recorder.maxViolations { break }
        }
        let result = simulation.result
        simulation.recorder.finish(result: result)
        return Outcome(violations: simulation.recorder.violations, stats: simulation.recorder.stats, result: simulation.result)
    }
}

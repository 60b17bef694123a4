import Benchmark
import BenchmarkSupport
@_spi(Generators) import SuspendSim
import SuspendSimWorkloads

/// Events/s and allocations per event of generated workloads (`RandomScenario`) of 10, 100
/// and 1,000 apps at 10^5 and 10^6 events, run on one core keeping no records (summary
/// counters only). The scenario is built in `setup`, outside the measurement.
let benchmarks: @Sendable () -> Void = {
    for apps in [10, 100, 1_000] {
        for events in [100_000, 1_000_000] {
            Benchmark(
                "simulate \(apps) apps, \(events) events",
                configuration: .init(
                    metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident,
                              SimulationMetrics.eventsPerSecond, SimulationMetrics.mallocsPerMillionEvents],
                    warmupIterations: 1,
                    maxDuration: .seconds(10),
                    maxIterations: events >= 1_000_000 ? 7 : 25
                )
            ) { benchmark, scenario in
                var ran = 0
                let measured = Measured.run { ran = RandomWorkload.simulate(scenario) }
                measured.record(events: ran, in: benchmark)
            } setup: {
                RandomWorkload.scenario(apps: apps, events: events)
            }
        }
    }
}

import Benchmark
import BenchmarkSupport
@_spi(Generators) import SuspendSim
import SuspendSimWorkloads

/// Peak resident memory of a generated 100-app run of 10^5 and of 10^7 events. The events
/// are produced one at a time as the run reads them (`LazyRandomEvents`), never held in an
/// array, so the peak should not grow with the number of events. package-benchmark runs each
/// benchmark in a process of its own, so each peak is that run's alone.
let benchmarks: @Sendable () -> Void = {
    for events in [100_000, 10_000_000] {
        Benchmark(
            "peak memory, 100 apps, \(events) generated events",
            configuration: .init(
                metrics: [.peakMemoryResident, .wallClock, SimulationMetrics.eventsPerSecond],
                warmupIterations: 0,
                maxDuration: .seconds(30),
                maxIterations: 3
            )
        ) { benchmark in
            var ran = 0
            let measured = Measured.run { ran = RandomWorkload.simulate(RandomWorkload.lazyScenario(apps: 100, events: events)) }
            measured.record(events: ran, in: benchmark)
        }
    }
}

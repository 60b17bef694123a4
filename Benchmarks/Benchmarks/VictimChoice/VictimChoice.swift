import Benchmark
import BenchmarkSupport
@_spi(Generators) import SuspendSim
import SuspendSimWorkloads

/// Victim choice under constant pressure: N apps resident and one memory-pressure kill per
/// event (`ConstantPressure`), for N from 10 to 10,000. With O(log n) victim choice the
/// cost per event stays nearly flat as N grows. Memory is filled before timing starts.
let benchmarks: @Sendable () -> Void = {
    let timedEvents = 500_000
    for resident in [10, 100, 1_000, 10_000] {
        Benchmark(
            "victim choice, \(resident) resident apps",
            configuration: .init(
                metrics: [.wallClock, SimulationMetrics.nanosecondsPerEvent, SimulationMetrics.eventsPerSecond],
                warmupIterations: 1,
                maxDuration: .seconds(10),
                maxIterations: 7
            )
        ) { benchmark in
            let run = ConstantPressure.measure(
                resident: resident, events: ConstantPressure.fillEvents(resident: resident) + timedEvents)
            if run.kills != run.events {
                benchmark.error("expected one kill per event, got \(run.kills) for \(run.events) events")
            }
            Measured(seconds: run.seconds, mallocs: 0).record(events: run.events, in: benchmark)
        }
    }
}

import Benchmark
import BenchmarkSupport
@_spi(Generators) import SuspendSim
import SuspendSimWorkloads

/// A batch of 1,000 small runs (`SmallBatch`: build a 10-app, 1,000-event scenario, run it
/// keeping its records in memory) spread by `parallelMap` over 1 and 2 worker threads.
/// This executable uses the system allocator (behind package-benchmark's counting
/// interposer); `scripts/bench.sh` compares it with jemalloc through the plain-clock probe.
let benchmarks: @Sendable () -> Void = {
    let runs = 1_000
    for jobs in [1, 2] {
        Benchmark(
            "batch of \(runs) runs, \(jobs) worker\(jobs == 1 ? "" : "s")",
            configuration: .init(
                metrics: [.wallClock, .mallocCountTotal, .threads, SimulationMetrics.runsPerSecond],
                warmupIterations: 1,
                maxDuration: .seconds(10),
                maxIterations: 15
            )
        ) { benchmark in
            let measured = Measured.run { SmallBatch.run(runs: runs, jobs: jobs) }
            benchmark.measurement(SimulationMetrics.runsPerSecond, Int((Double(runs) / measured.seconds).rounded()))
        }
    }
}

import ArgumentParser
import SuspendSimWorkloads
@_spi(Generators) import SuspendSim

/// Runs per second of a batch of small runs on N worker threads.
///
/// Also reports runs per CPU-second: on a machine where other work competes for the cores,
/// wall-clock scaling from 1 to 2 workers says little, but equal runs per CPU-second at 1 and
/// 2 workers shows the workers do not slow each other down (no lock or allocator contention).
struct BatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Runs/s of a batch of small runs (build + run + in-memory records) on N workers.")

    @Option(help: "Runs in the batch.") var runs = 1_000
    @Option(name: .shortAndLong, help: "Worker threads.") var jobs = 1
    @Option(help: "Timed batches (the median is reported).") var samples = 5

    func run() {
        SmallBatch.run(runs: runs / 10, jobs: jobs) // warm-up
        var perSecond: [Double] = []
        var perCPUSecond: [Double] = []
        for _ in 0..<samples {
            let cpuBefore = ResourceUsage.cpuSeconds()
            let seconds = Stopwatch.seconds { SmallBatch.run(runs: runs, jobs: jobs) }
            let cpuSeconds = ResourceUsage.cpuSeconds() - cpuBefore
            perSecond.append(Double(runs) / seconds)
            perCPUSecond.append(Double(runs) / cpuSeconds)
        }
        report("runs_per_s", samples: perSecond)
        report("runs_per_cpu_s", samples: perCPUSecond)
    }
}

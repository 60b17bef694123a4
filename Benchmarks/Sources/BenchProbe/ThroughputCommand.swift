import ArgumentParser
import SuspendSimWorkloads
@_spi(Generators) import SuspendSim

/// Simulated events per second on one core, reports not written (`runKeepingNoRecords`).
struct ThroughputCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "throughput",
        abstract: "Events/s of a generated workload run keeping no records; the scenario is built untimed.")

    @Option(help: "Apps in the scenario.") var apps = 100
    @Option(help: "Scenario events.") var events = 1_000_000
    @Option(help: "Timed runs (the median is reported).") var samples = 5

    func run() {
        let scenario = RandomWorkload.scenario(apps: apps, events: events)
        RandomWorkload.simulate(scenario) // warm-up
        var figures: [Double] = []
        for _ in 0..<samples {
            var ran = 0
            let seconds = Stopwatch.seconds { ran = RandomWorkload.simulate(scenario) }
            figures.append(Double(ran) / seconds)
        }
        report("events_per_s", samples: figures)
    }
}

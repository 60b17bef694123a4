import ArgumentParser
import SuspendSimWorkloads
@_spi(Generators) import SuspendSim

/// Peak resident memory of one run of a lazily generated workload. One run per process:
/// the peak is the process's (`ru_maxrss`), so run it again for each sample.
struct PeakCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "peak",
        abstract: "Peak resident KiB of a process that runs one lazily generated workload.")

    @Option(help: "Apps in the scenario.") var apps = 100
    @Option(help: "Generated events (never held in an array).") var events = 10_000_000

    func run() {
        let before = ResourceUsage.peakResidentKiB()
        let ran = RandomWorkload.simulate(RandomWorkload.lazyScenario(apps: apps, events: events))
        print("allocator \(ProbeCommand.allocator)")
        print("events_run \(ran)")
        print("peak_before_run_kib \(before)")
        print("median peak_kib \(ResourceUsage.peakResidentKiB())")
    }
}

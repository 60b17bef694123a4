import ArgumentParser
import SuspendSimWorkloads

/// `suspendsim-bench`: the workloads of the benchmarks, timed with a plain monotonic clock in
/// a process of their own (no package-benchmark harness, no malloc interposer), for
/// `scripts/bench.sh`. Each subcommand prints `key value` lines; `median` is the figure.
public struct ProbeCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "suspendsim-bench",
        abstract: "Time suspendsim's benchmark workloads with a plain clock.",
        subcommands: [ThroughputCommand.self, VictimsCommand.self, BatchCommand.self, PeakCommand.self]
    )

    /// The allocator this executable was linked with, printed by every subcommand.
    nonisolated(unsafe) public static var allocator = "system"

    public init() {}
}

/// Prints the allocator, the samples one per line, then their median.
func report(_ name: String, samples: [Double]) {
    print("allocator \(ProbeCommand.allocator)")
    for sample in samples { print("sample \(name) \(sample)") }
    print("median \(name) \(Stopwatch.median(samples))")
}

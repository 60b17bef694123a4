import Benchmark
import MallocInterposerSwift
import SuspendSimWorkloads

/// What one benchmark iteration did: wall-clock seconds and allocations of its timed part.
public struct Measured {
    public var seconds: Double
    /// `malloc` calls, counted by package-benchmark's interposer; 0 when allocation metrics
    /// are not asked for (the interposer counts only while a malloc metric is measured).
    public var mallocs: Int

    public init(seconds: Double, mallocs: Int) {
        self.seconds = seconds
        self.mallocs = mallocs
    }

    /// Times `body` and counts the allocations it makes.
    public static func run(_ body: () -> Void) -> Measured {
        let before = MallocInterposerSwift.getStatistics().mallocCount
        let seconds = Stopwatch.seconds(body)
        let after = MallocInterposerSwift.getStatistics().mallocCount
        return Measured(seconds: seconds, mallocs: after - before)
    }

    /// Records events/s, ns/event and mallocs per million events for a run of `events` events.
    public func record(events: Int, in benchmark: Benchmark) {
        benchmark.measurement(SimulationMetrics.eventsPerSecond, Int((Double(events) / seconds).rounded()))
        benchmark.measurement(SimulationMetrics.nanosecondsPerEvent, Int((seconds * 1e9 / Double(events)).rounded()))
        benchmark.measurement(SimulationMetrics.mallocsPerMillionEvents, Int((Double(mallocs) * 1e6 / Double(events)).rounded()))
    }
}

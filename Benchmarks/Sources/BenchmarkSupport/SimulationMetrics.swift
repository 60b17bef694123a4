import Benchmark

/// The figures the issue asks for, as package-benchmark custom metrics: each benchmark
/// iteration is one whole run (or batch), and these turn it into per-event (per-run) figures.
public enum SimulationMetrics {
    /// Scenario events simulated per second of wall-clock time.
    public static let eventsPerSecond = BenchmarkMetric.custom("events/s", polarity: .prefersLarger, useScalingFactor: false)
    /// Wall-clock nanoseconds per scenario event.
    public static let nanosecondsPerEvent = BenchmarkMetric.custom("ns/event", polarity: .prefersSmaller, useScalingFactor: false)
    /// `malloc` calls (and `calloc`, `realloc`, …) per million scenario events (metrics are
    /// integers, and a run allocates far less than once per event).
    public static let mallocsPerMillionEvents = BenchmarkMetric.custom("mallocs/1M events", polarity: .prefersSmaller, useScalingFactor: false)
    /// Runs of a batch finished per second.
    public static let runsPerSecond = BenchmarkMetric.custom("runs/s", polarity: .prefersLarger, useScalingFactor: false)
}

/// Wall-clock timing and the median of repeated samples.
public enum Stopwatch {
    /// The wall-clock seconds `body` takes (monotonic clock).
    public static func seconds(_ body: () -> Void) -> Double {
        let clock = ContinuousClock()
        let elapsed = clock.measure(body)
        let parts = elapsed.components
        return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
    }

    /// The median of `samples` (the mean of the two middle ones for an even count).
    public static func median(_ samples: [Double]) -> Double {
        precondition(!samples.isEmpty, "median of no samples")
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

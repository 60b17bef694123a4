/// The draws a workload makes, in integer arithmetic only, so that a seed gives the same
/// timeline on every platform.
extension SplitMix64 {
    /// A uniform integer in `0 ..< bound`, by rejection (no modulo bias).
    ///
    /// - Precondition: `bound > 0`.
    mutating func uniform(below bound: UInt64) -> UInt64 {
        precondition(bound > 0, "uniform(below: 0)")
        let limit = UInt64.max - UInt64.max % bound
        var value = next()
        while value >= limit { value = next() }
        return value % bound
    }

    /// True with probability `share`.
    mutating func chance(_ share: Workload.Share) -> Bool {
        uniform(below: Workload.Share.scale) < UInt64(share.perMillion)
    }

    /// A standard exponential variate, as `whole + fraction / 2^64`, by von Neumann's
    /// comparison method (1951; Knuth, TAOCP vol. 2, 3.4.1): draw uniforms u₁ > u₂ > … while
    /// they fall; if the run's length is odd, return `whole + u₁`, else add 1 to `whole` and
    /// start again. Only comparisons of 64-bit integers, no logarithm: about 4.4 draws on
    /// average.
    mutating func exponential() -> (whole: UInt64, fraction: UInt64) {
        var whole: UInt64 = 0
        while true {
            let first = next()
            var previous = first
            var length = 1
            while true {
                let candidate = next()
                guard candidate < previous else { break }
                previous = candidate
                length += 1
            }
            if length & 1 == 1 { return (whole, first) }
            whole += 1
        }
    }

    /// An exponential variate with mean `mean`, rounded half up to a whole unit
    /// (milliseconds or KiB); 0 when `mean` is 0.
    mutating func exponential(mean: Int64) -> Int64 {
        guard mean > 0 else { return 0 }
        let (whole, fraction) = exponential()
        let product = UInt64(mean).multipliedFullWidth(by: fraction)
        let part = Int64(product.high) + (product.low >= 1 << 63 ? 1 : 0)
        let (scaled, overflow) = mean.multipliedReportingOverflow(by: Int64(clamping: whole))
        if overflow { return Int64.max / 4 }
        return min(scaled + part, Int64.max / 4)
    }
}

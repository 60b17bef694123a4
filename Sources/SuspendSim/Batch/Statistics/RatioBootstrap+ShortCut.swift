extension RatioBootstrap {
    /// Rows whose kept resamples all have the same ratio, whose interval is therefore known
    /// without drawing every resample; each gives the bytes the full method gives.
    ///
    /// - Every pair the same (b, v), b ≠ 0: every resample sums to n·b and n·v and is kept,
    ///   so each end is the percentile of `resamples` copies of (n·v) ÷ (n·b).
    /// - Every value c times its baseline, c a whole number ≥ 0, no side negative (the same
    ///   app count at two RAM sizes: c = 1; none of it at the other: c = 0): a kept resample's
    ///   sums are c·s and s for some s > 0, both exact in a `Double` below 2^53, so its ratio is
    ///   exactly c. Both ends are then c if any resample is kept, and there is no interval if
    ///   none is; a resample is kept as soon as it draws a pair whose baseline is not 0, so the
    ///   stream is read only up to the first such draw.
    enum ShortCut {
        /// The interval when it is known this way (`interval` nil: no resample is kept).
        struct Known {
            let interval: (low: Double, high: Double)?
        }

        /// The interval of `sides` (two pairs or more, baseline sum not 0) if it is known
        /// without resampling, or nil if the resamples must be drawn.
        static func interval(_ sides: [(baseline: Int64, value: Int64)], seed: UInt64) -> Known? {
            if let constant = sameRatio(sides) {
                let low = RatioBootstrap.percentile(count: resamples, 0.025) { _ in constant }
                let high = RatioBootstrap.percentile(count: resamples, 0.975) { _ in constant }
                return Known(interval: (low, high))
            }
            guard let multiple = wholeMultiple(sides) else { return nil }
            return Known(interval: anyKept(sides, seed: seed) ? (multiple, multiple) : nil)
        }

        /// (n·v) ÷ (n·b) when every pair is (b, v), as a resample sums them.
        static func sameRatio(_ sides: [(baseline: Int64, value: Int64)]) -> Double? {
            guard let first = sides.first, first.baseline != 0,
                  sides.allSatisfy({ $0 == first }) else { return nil }
            var baseline: Int64 = 0, value: Int64 = 0
            for side in sides {
                baseline += side.baseline
                value += side.value
            }
            return Double(value) / Double(baseline)
        }

        /// c when every value is c times its baseline, c a whole number ≥ 0, every side ≥ 0
        /// and the sums of n draws below 2^53.
        static func wholeMultiple(_ sides: [(baseline: Int64, value: Int64)]) -> Double? {
            guard let reference = sides.first(where: { $0.baseline > 0 }),
                  reference.value >= 0, reference.value % reference.baseline == 0 else { return nil }
            let multiple = reference.value / reference.baseline
            let limit: Int64 = 1 << 53
            var largest: Int64 = 0
            for side in sides {
                guard side.baseline >= 0, side.value >= 0 else { return nil }
                let product = side.baseline.multipliedReportingOverflow(by: multiple)
                guard !product.overflow, product.partialValue == side.value else { return nil }
                largest = max(largest, side.value, side.baseline)
            }
            let bound = largest.multipliedReportingOverflow(by: Int64(sides.count))
            guard !bound.overflow, bound.partialValue < limit else { return nil }
            return Double(multiple)
        }

        /// Whether some resample draws a pair whose baseline is not 0 (every baseline ≥ 0, so
        /// that resample's baseline sum is not 0 and it is kept).
        static func anyKept(_ sides: [(baseline: Int64, value: Int64)], seed: UInt64) -> Bool {
            var stream = Stream(seed: seed)
            for _ in 0..<(resamples * sides.count) where sides[stream.nextIndex(below: sides.count)].baseline != 0 {
                return true
            }
            return false
        }
    }
}

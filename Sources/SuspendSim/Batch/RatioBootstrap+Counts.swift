extension RatioBootstrap {
    /// The resamples of a group of rows over the same pairs (one comparison's apps and metrics:
    /// the same leading cells and the same ordered runs), drawn once for the whole group.
    ///
    /// Resample r draws n pair indices from one `Stream` seeded with the group's seed, in the
    /// order `interval(_:seed:)` draws them; what is kept is each pair's count c_rj in each
    /// resample (run-major: pair j's 10,000 counts side by side, `UInt16`, so n ≤ 65,535). A
    /// row's resample r then sums Σ c_rj·b_j and Σ c_rj·v_j over its pairs whose baseline or
    /// value is not 0, exactly in thousandths, and is kept when the baseline sum is not 0. These
    /// are the sums `interval(_:seed:)` forms draw by draw, so a row's interval here is, bit for
    /// bit, the per-row method's with the group's seed: each row is still a percentile
    /// bootstrap of 10,000 resamples of its own pairs; rows of one group share their draws.
    ///
    /// - Complexity: drawing, O(`resamples` × n) once per group, in n × `resamples` × 2 bytes;
    ///   each row then O(`resamples` × its pairs not (0, 0)), with no draw.
    struct Counts {
        /// The largest group that counts fit in `UInt16`; larger groups use the per-row method.
        static let largestGroup = Int(UInt16.max)
        let pairs: Int
        private let counts: [UInt16]

        /// Draws the `resamples` resamples of `pairs` pairs (1...`largestGroup`) from `seed`.
        init(pairs: Int, seed: UInt64) {
            precondition(pairs > 0 && pairs <= Self.largestGroup)
            self.pairs = pairs
            var counts = [UInt16](repeating: 0, count: pairs * resamples)
            counts.withUnsafeMutableBufferPointer { counts in
                var stream = Stream(seed: seed)
                for resample in 0..<resamples {
                    for _ in 0..<pairs {
                        counts[stream.nextIndex(below: pairs) &* resamples &+ resample] &+= 1
                    }
                }
            }
            self.counts = counts
        }

        /// The 95 % percentile interval of `sides` (`pairs` of them, in the group's order), as
        /// `RatioBootstrap.interval(sides, seed:)` gives it with the group's seed.
        func interval(_ sides: [(baseline: Int64, value: Int64)]) -> (low: Double, high: Double)? {
            precondition(sides.count == pairs)
            guard sides.count > 1, RatioBootstrap.ratio(sides) != nil else { return nil }
            if let constant = ShortCut.sameRatio(sides) {
                return (RatioBootstrap.percentile(count: resamples, 0.025) { _ in constant },
                        RatioBootstrap.percentile(count: resamples, 0.975) { _ in constant })
            }
            if let multiple = ShortCut.wholeMultiple(sides) { return anyKept(sides) ? (multiple, multiple) : nil }
            var ratios = resampledRatios(sides)
            guard !ratios.isEmpty else { return nil }
            return RatioBootstrap.ends(&ratios, negative: sides.contains { $0.baseline < 0 || $0.value < 0 })
        }

        /// Whether some resample draws a pair whose baseline is not 0.
        private func anyKept(_ sides: [(baseline: Int64, value: Int64)]) -> Bool {
            sides.indices.contains { pair in
                sides[pair].baseline != 0 && counts[(pair * resamples)..<((pair + 1) * resamples)].contains { $0 != 0 }
            }
        }

        /// Every kept resample's ratio, in resample order. Sums wrap without overflow checks
        /// when no sum can overflow (the counts of a resample add up to n, so |sum| ≤ n × the
        /// largest magnitude); otherwise they are checked, as in the per-row method.
        func resampledRatios(_ sides: [(baseline: Int64, value: Int64)]) -> [Double] {
            let largest = sides.reduce(UInt64(0)) { max($0, $1.baseline.magnitude, $1.value.magnitude) }
            let bound = largest.multipliedReportingOverflow(by: UInt64(sides.count))
            let wrapping = !bound.overflow && bound.partialValue < UInt64(Int64.max)
            var baselines = [Int64](repeating: 0, count: resamples), values = [Int64](repeating: 0, count: resamples)
            counts.withUnsafeBufferPointer { counts in
                baselines.withUnsafeMutableBufferPointer { baselines in
                    values.withUnsafeMutableBufferPointer { values in
                        for (pair, side) in sides.enumerated() where side.baseline != 0 || side.value != 0 {
                            let row = UnsafeBufferPointer(rebasing: counts[(pair * resamples)..<((pair + 1) * resamples)])
                            if wrapping {
                                Self.accumulate(row, side, into: baselines, values, multiply: &*, add: &+)
                            } else {
                                Self.accumulate(row, side, into: baselines, values, multiply: *, add: +)
                            }
                        }
                    }
                }
            }
            var ratios: [Double] = []
            ratios.reserveCapacity(resamples)
            for resample in 0..<resamples where baselines[resample] != 0 {
                ratios.append(Double(values[resample]) / Double(baselines[resample]))
            }
            return ratios
        }

        /// Adds count × `side` to every resample's sums.
        @inline(__always)
        private static func accumulate(_ counts: UnsafeBufferPointer<UInt16>, _ side: (baseline: Int64, value: Int64),
                                       into baselines: UnsafeMutableBufferPointer<Int64>, _ values: UnsafeMutableBufferPointer<Int64>,
                                       multiply: (Int64, Int64) -> Int64, add: (Int64, Int64) -> Int64) {
            for resample in 0..<counts.count {
                let count = Int64(counts[resample])
                baselines[resample] = add(baselines[resample], multiply(count, side.baseline))
                values[resample] = add(values[resample], multiply(count, side.value))
            }
        }
    }

    /// The ends of the kept `ratios` (not empty): by selection when no side is negative (no
    /// ratio is then −0.0, so order statistics equal under `<` are the same bytes), else by
    /// sorting, as the plain method does.
    static func ends(_ ratios: inout [Double], negative: Bool) -> (low: Double, high: Double) {
        guard !negative else {
            ratios.sort()
            return (percentile(ratios, 0.025), percentile(ratios, 0.975))
        }
        return ratios.withUnsafeMutableBufferPointer { buffer in
            (Selection.percentile(buffer, 0.025), Selection.percentile(buffer, 0.975))
        }
    }
}

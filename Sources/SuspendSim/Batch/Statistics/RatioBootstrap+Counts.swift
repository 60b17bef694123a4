extension RatioBootstrap {
    /// The resamples of a group of rows over the same pairs (one comparison's apps and metrics:
    /// the same leading cells and the same ordered runs), drawn once for the whole group.
    ///
    /// Resample r draws n pair indices from one `Stream` seeded with the group's seed, in the
    /// order `interval(_:seed:)` draws them; what is kept is each pair's count c_rj in each
    /// resample of a block of 256 (run-major: pair j's counts side by side, `UInt16`, so
    /// n ≤ 65,535), drawn when the group's rows are summed, block after block. A
    /// row's resample r then sums Σ c_rj·b_j and Σ c_rj·v_j over its pairs whose baseline or
    /// value is not 0, exactly in thousandths, and is kept when the baseline sum is not 0. These
    /// are the sums `interval(_:seed:)` forms draw by draw, so a row's interval here is, bit for
    /// bit, the per-row method's with the group's seed: each row is still a percentile
    /// bootstrap of 10,000 resamples of its own pairs; rows of one group share their draws.
    ///
    /// - Complexity: drawing, O(`resamples` × n) once per `intervals` call, in n × 512 bytes;
    ///   each row then O(`resamples` × its pairs not (0, 0)), with no draw.
    struct Counts {
        /// The largest group that counts fit in `UInt16`; larger groups use the per-row method.
        static let largestGroup = Int(UInt16.max)
        let pairs: Int
        let seed: UInt64

        /// The resamples of `pairs` pairs (1...`largestGroup`) from `seed`.
        init(pairs: Int, seed: UInt64) {
            precondition(pairs > 0 && pairs <= Self.largestGroup)
            self.pairs = pairs
            self.seed = seed
        }

        /// Draws the resamples `block` (the next ones of `stream`) into `counts`, pair-major.
        private func draw(_ block: Range<Int>, from stream: inout Stream, into counts: UnsafeMutableBufferPointer<UInt16>) {
            let width = block.count, pairs = pairs
            var local = stream  // a local, so that the stream's state stays in a register
            counts.update(repeating: 0)
            for resample in 0..<width {
                for _ in 0..<pairs {
                    counts[local.nextIndex(below: pairs) &* width &+ resample] &+= 1
                }
            }
            stream = local
        }

        /// The 95 % percentile interval of `sides` (`pairs` of them, in the group's order), as
        /// `RatioBootstrap.interval(sides, seed:)` gives it with the group's seed.
        func interval(_ sides: [(baseline: Int64, value: Int64)]) -> (low: Double, high: Double)? {
            intervals([sides])[0]
        }

        /// Each row's `interval`. The rows that need their resamples are summed together, block
        /// by block, so that a block's counts are read from the cache once per row.
        func intervals(_ rows: [[(baseline: Int64, value: Int64)]]) -> [(low: Double, high: Double)?] {
            var result: [(low: Double, high: Double)?] = Array(repeating: nil, count: rows.count)
            var resampled: [Int] = []
            for (row, sides) in rows.enumerated() {
                precondition(sides.count == pairs)
                guard sides.count > 1, RatioBootstrap.ratio(sides) != nil else { continue }
                if let known = ShortCut.interval(sides, seed: seed) {
                    result[row] = known.interval
                } else {
                    resampled.append(row)
                }
            }
            let ratios = resampledRatios(resampled.map { rows[$0] })
            for (row, var kept) in zip(resampled, ratios) where !kept.isEmpty {
                result[row] = RatioBootstrap.ends(&kept, negative: rows[row].contains { $0.baseline < 0 || $0.value < 0 })
            }
            return result
        }

        /// Every kept resample's ratio of each row, in resample order. The resamples are summed
        /// in blocks, all rows in turn within a block, so that the block's counts stay in the
        /// second-level cache and a row's sums in the first. When no sum can reach 2^53 (the
        /// counts of a resample add up to n, so |sum| ≤ n × the largest magnitude) the sums are
        /// formed in `Double`, every product and partial sum an integer it holds exactly, so
        /// they are the `Int64` sums' values (a zero sum is +0.0: the sums start at +0.0, and
        /// adding −0.0 keeps it); otherwise in `Int64`, wrapping below 2^63 and checked above,
        /// as in the per-row method.
        func resampledRatios(_ rows: [[(baseline: Int64, value: Int64)]]) -> [[Double]] {
            let plans = rows.map(Plan.init)
            var ratios = [[Double]](repeating: [], count: rows.count)
            for row in ratios.indices { ratios[row].reserveCapacity(resamples) }
            guard !rows.isEmpty else { return ratios }
            var stream = Stream(seed: seed)
            withUnsafeTemporaryAllocation(of: UInt16.self, capacity: pairs * Self.block) { buffer in
                withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * Self.block) { sums in
                    for first in stride(from: 0, to: resamples, by: Self.block) {
                        let block = first..<min(first + Self.block, resamples)
                        let counts = UnsafeMutableBufferPointer(rebasing: buffer[..<(pairs * block.count)])
                        draw(block, from: &stream, into: counts)
                        let drawn = UnsafeBufferPointer(counts)
                        for (row, plan) in plans.enumerated() {
                            switch plan.arithmetic {
                            case .double:
                                Self.sum(drawn, block, plan, sums.baseAddress!, into: &ratios[row])
                            case .wrapping:
                                Self.sum(drawn, block, plan.sides, plan.used, into: &ratios[row], multiply: &*, add: &+)
                            case .checked:
                                Self.sum(drawn, block, plan.sides, plan.used, into: &ratios[row], multiply: *, add: +)
                            }
                        }
                    }
                }
            }
            return ratios
        }

        /// A row's pairs, the pairs that are not (0, 0), and the arithmetic its sums need; in
        /// `Double`, the used pairs' sides too, side by side (`blockSums(_:width:pairs:sides:into:)`).
        private struct Plan {
            enum Arithmetic { case double, wrapping, checked }
            let sides: [(baseline: Int64, value: Int64)]
            let doubles: [Double]
            let used: [Int]
            let arithmetic: Arithmetic

            init(_ sides: [(baseline: Int64, value: Int64)]) {
                let largest = sides.reduce(UInt64(0)) { max($0, $1.baseline.magnitude, $1.value.magnitude) }
                let bound = largest.multipliedReportingOverflow(by: UInt64(sides.count))
                self.sides = sides
                used = sides.indices.filter { sides[$0].baseline != 0 || sides[$0].value != 0 }
                arithmetic = bound.overflow ? .checked : bound.partialValue < 1 << 53 ? .double
                    : bound.partialValue < UInt64(Int64.max) ? .wrapping : .checked
                var doubles: [Double] = []
                if arithmetic == .double {
                    doubles.reserveCapacity(2 * used.count)
                    for pair in used {
                        doubles.append(Double(sides[pair].baseline))
                        doubles.append(Double(sides[pair].value))
                    }
                }
                self.doubles = doubles
            }
        }

        /// The resamples per block: 256, a pair's counts in 512 bytes, a row's sums in 4 KiB.
        private static let block = 256

        /// Appends to `ratios` each kept resample of `block`, whose counts are `counts` (pair
        /// j's at j × the block's width): Σ count × value ÷ Σ count × baseline over the plan's
        /// used pairs, in `Double`, summed into `sums` (room for twice the block's width).
        private static func sum(_ counts: UnsafeBufferPointer<UInt16>, _ block: Range<Int>, _ plan: Plan, _ sums: UnsafeMutablePointer<Double>,
                                into ratios: inout [Double]) {
            let width = block.count
            plan.used.withUnsafeBufferPointer { used in
                plan.doubles.withUnsafeBufferPointer { sides in
                    Self.blockSums(counts.baseAddress!, width: width, pairs: used, sides: sides, into: sums)
                }
            }
            for index in 0..<width where sums[index] != 0 { ratios.append(sums[width &+ index] / sums[index]) }
        }

        /// The same in `Int64`, with `multiply` and `add` wrapping or checked.
        @inline(__always)
        private static func sum(_ counts: UnsafeBufferPointer<UInt16>, _ block: Range<Int>, _ sides: [(baseline: Int64, value: Int64)],
                                _ used: [Int], into ratios: inout [Double],
                                multiply: (Int64, Int64) -> Int64, add: (Int64, Int64) -> Int64) {
            var baselines = [Int64](repeating: 0, count: block.count), values = baselines
            for pair in used {
                let side = sides[pair], start = pair * block.count
                for index in 0..<block.count {
                    let count = Int64(counts[start &+ index])
                    baselines[index] = add(baselines[index], multiply(count, side.baseline))
                    values[index] = add(values[index], multiply(count, side.value))
                }
            }
            for index in 0..<block.count where baselines[index] != 0 {
                ratios.append(Double(values[index]) / Double(baselines[index]))
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

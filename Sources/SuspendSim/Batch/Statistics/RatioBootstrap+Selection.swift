extension RatioBootstrap {
    /// Percentiles of the kept ratios by selection rather than sorting: the two order
    /// statistics around each percentile are found in expected O(count) (Hoare's quickselect
    /// with a three-way partition, so that runs of equal ratios cost nothing extra).
    ///
    /// The values selected are the values the sorted array holds at those ranks, so the
    /// percentile is the same number as `RatioBootstrap.percentile` on the sorted ratios as long
    /// as values equal under `<` are the same bytes (no −0.0 beside +0.0, no NaN).
    enum Selection {
        /// The `q` quantile of `values` (not empty), as `RatioBootstrap.percentile` gives it on
        /// `values` sorted. Rearranges `values`.
        static func percentile(_ values: UnsafeMutableBufferPointer<Double>, _ q: Double) -> Double {
            var placed = -1
            return RatioBootstrap.percentile(count: values.count, q) { rank in
                if placed >= 0, rank == placed + 1 {
                    // Everything after the placed rank is at least its value: the next order
                    // statistic is the least of them.
                    var least = values[rank]
                    for index in (rank + 1)..<values.count where values[index] < least { least = values[index] }
                    return least
                }
                select(values, rank: rank)
                placed = rank
                return values[rank]
            }
        }

        /// Rearranges `values` so that `values[rank]` is the order statistic of `rank` (from 0),
        /// no greater value before it and no lesser one after it.
        static func select(_ values: UnsafeMutableBufferPointer<Double>, rank: Int) {
            var low = 0, high = values.count - 1
            while low < high {
                let pivot = medianOfThree(values[low], values[low + (high - low) / 2], values[high])
                // [low, less) < pivot, [less, next) == pivot, (greater, high] > pivot.
                var less = low, next = low, greater = high
                while next <= greater {
                    let value = values[next]
                    if value < pivot {
                        values.swapAt(less, next)
                        less += 1
                        next += 1
                    } else if value > pivot {
                        values.swapAt(next, greater)
                        greater -= 1
                    } else {
                        next += 1
                    }
                }
                if rank < less {
                    high = less - 1
                } else if rank > greater {
                    low = greater + 1
                } else {
                    return
                }
            }
        }

        private static func medianOfThree(_ a: Double, _ b: Double, _ c: Double) -> Double {
            max(min(a, b), min(max(a, b), c))
        }
    }
}

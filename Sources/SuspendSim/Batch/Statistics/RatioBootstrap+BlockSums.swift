extension RatioBootstrap.Counts {
    /// The sums of one row over one block of resamples, in `Double`: for each resample r of the
    /// block (`width` of them), Σ count × baseline into `sums[r]` and Σ count × value into
    /// `sums[width + r]`, over the pairs of `pairs` in their order, whose (baseline, value) are
    /// `sides[2i]`, `sides[2i + 1]` for the i-th of them. Pair j's counts are
    /// `counts[j × width ..< (j + 1) × width]` (`Counts`' blocks, pair-major).
    ///
    /// Each sum starts at +0.0 and adds its pairs' products one by one in the order of `pairs`,
    /// the same additions as a loop over pairs then resamples; with `Counts`' bound (every
    /// product and partial sum an integer below 2^53) each is exact, so the sums are the
    /// `Int64` sums' values whatever the order.
    ///
    /// The loop keeps eight resamples' sums in registers (`SIMD8<Double>`: four SSE2 registers
    /// a side) while it walks the pairs, so its only memory accesses are a load of eight
    /// counts and of a pair's two sides; the sums are stored once per eight resamples. A loop
    /// that loaded and stored each sum at every pair (the form before) made five times the
    /// memory accesses, and its speed moved by a third with where the linker placed it
    /// (docs/performance.md). The resamples beyond the last multiple of eight are summed one
    /// by one the same way. The function is not inlined, so that its loop's code is the same
    /// whatever calls it.
    @inline(never)
    static func blockSums(_ counts: UnsafePointer<UInt16>, width: Int, pairs: UnsafeBufferPointer<Int>, sides: UnsafeBufferPointer<Double>,
                          into sums: UnsafeMutablePointer<Double>) {
        let whole = width & ~7
        for first in stride(from: 0, to: whole, by: 8) {
            var baseline = SIMD8<Double>(), value = SIMD8<Double>()
            for (index, pair) in pairs.enumerated() {
                let count = SIMD8<Double>(UnsafeRawPointer(counts + (pair &* width &+ first)).loadUnaligned(as: SIMD8<UInt16>.self))
                baseline += count * sides[2 &* index]
                value += count * sides[2 &* index &+ 1]
            }
            UnsafeMutableRawPointer(sums + first).storeBytes(of: baseline, as: SIMD8<Double>.self)
            UnsafeMutableRawPointer(sums + (width &+ first)).storeBytes(of: value, as: SIMD8<Double>.self)
        }
        for resample in whole..<width {
            var baseline = 0.0, value = 0.0
            for (index, pair) in pairs.enumerated() {
                let count = Double(counts[pair &* width &+ resample])
                baseline += count * sides[2 &* index]
                value += count * sides[2 &* index &+ 1]
            }
            sums[resample] = baseline
            sums[width &+ resample] = value
        }
    }
}

/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators",
/// OOPSLA 2014): a seedable generator that gives the same numbers on every platform.
///
/// The standard library's `SystemRandomNumberGenerator` cannot be seeded, and none of the
/// packages this project may use ships a seedable one, so this ten-line generator lives here.
@_spi(Generators) public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform integer in `range`, by rejection (no modulo bias), the same on every platform.
    public mutating func int(in range: ClosedRange<Int64>) -> Int64 {
        let span = UInt64(bitPattern: range.upperBound &- range.lowerBound) &+ 1
        if span == 0 { return Int64(bitPattern: next()) }
        let limit = UInt64.max - UInt64.max % span
        var value = next()
        while value >= limit { value = next() }
        return range.lowerBound &+ Int64(bitPattern: value % span)
    }

    /// True with probability `percent` / 100.
    public mutating func chance(_ percent: Int64) -> Bool { int(in: 0...99) < percent }
}

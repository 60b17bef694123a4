extension RatioBootstrap {
    /// The bootstrap's draws: `SplitMix64`'s stream (Steele, Lea and Flood, "Fast splittable
    /// pseudorandom number generators", 2014), written out here so that the hot loop inlines it
    /// (`SplitMix64.next()` lives in another module and is not inlinable). A test holds it to
    /// `SplitMix64`'s own output.
    struct Stream {
        /// SplitMix64's increment γ (the golden ratio's odd 64-bit fraction).
        static let gamma: UInt64 = 0x9E37_79B9_7F4A_7C15
        private var state: UInt64

        init(seed: UInt64) {
            state = seed
        }

        /// The next 64-bit draw, as `SplitMix64.next()` gives it.
        @inline(__always) mutating func next() -> UInt64 {
            state &+= Self.gamma
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        /// A uniform index in 0..<`count` from the next draw: the high word of the 64 × 64-bit
        /// product of the draw and `count`.
        @inline(__always) mutating func nextIndex(below count: Int) -> Int {
            Int(truncatingIfNeeded: next().multipliedFullWidth(by: UInt64(truncatingIfNeeded: count)).high)
        }

    }
}

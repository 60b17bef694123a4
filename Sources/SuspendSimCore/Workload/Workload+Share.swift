extension Workload {
    /// A probability in parts per million, exactly as a scenario file writes it to 6
    /// decimals (`home_share: 0.6` is 600 000 ppm).
    public struct Share: Sendable, Hashable, Comparable {
        /// Parts per million: 0 (never) to 1 000 000 (always).
        public var perMillion: Int64

        /// Parts per million in a whole.
        public static let scale: UInt64 = 1_000_000

        /// A share of `perMillion` parts per million, clamped to 0...1 000 000.
        public init(perMillion: Int64) {
            self.perMillion = min(max(perMillion, 0), Int64(Self.scale))
        }

        /// A share given as a fraction (0.6), rounded half away from zero to a part per million.
        public init(_ fraction: Double) {
            self.init(perMillion: Int64((fraction * Double(Self.scale)).rounded(.toNearestOrAwayFromZero)))
        }

        /// The smaller share is the smaller.
        public static func < (lhs: Share, rhs: Share) -> Bool { lhs.perMillion < rhs.perMillion }
    }
}

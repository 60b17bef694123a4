extension Workload {
    /// How often something happens, per hour, exactly as a scenario file writes it to 3
    /// decimals (`calls_per_hour: 0.5` is 500 per thousand hours). Arrivals are a Poisson
    /// process: the times between them are exponential with mean 1 / rate.
    public struct Rate: Sendable, Hashable, Comparable {
        /// Arrivals per 1000 hours; 0: never.
        public var perThousandHours: Int64

        /// Never.
        public static let zero = Rate(perThousandHours: 0)

        /// A rate of `perThousandHours` arrivals per 1000 hours (negative values are 0).
        public init(perThousandHours: Int64) {
            self.perThousandHours = max(perThousandHours, 0)
        }

        /// A rate given per hour (20), rounded half away from zero to a thousandth.
        public init(perHour: Double) {
            self.init(perThousandHours: Int64((perHour * 1000).rounded(.toNearestOrAwayFromZero)))
        }

        /// The mean time between arrivals of `streams` independent processes at this rate
        /// (one merged Poisson process), rounded half up to a millisecond and at least 1 ms;
        /// nil when nothing ever arrives.
        public func meanIntervalMs(streams: Int = 1) -> Millis? {
            guard perThousandHours > 0, streams > 0 else { return nil }
            let thousandHoursMs: Int64 = 3_600_000_000
            let (rate, overflow) = perThousandHours.multipliedReportingOverflow(by: Int64(streams))
            if overflow { return Millis(1) }
            return Millis(max(1, (thousandHoursMs + rate / 2) / rate))
        }

        /// The slower rate is the smaller.
        public static func < (lhs: Rate, rhs: Rate) -> Bool { lhs.perThousandHours < rhs.perThousandHours }
    }
}

/// A number of the canonical shape `-?(0|[1-9]digits)(.digits)?`, at most 2^32 in magnitude
/// and with at most 10 decimals, held exactly: whole part and decimals times 10^10.
struct _FastDecimal: Comparable {
    var isNegative: Bool
    var whole: UInt64
    var tenBillionths: UInt64

    static let limit: UInt64 = 1 << 32

    static func < (a: _FastDecimal, b: _FastDecimal) -> Bool {
        a.signed < b.signed
    }

    private var signed: (Int, UInt64, UInt64) {
        isNegative ? (0, ~whole, ~tenBillionths) : (1, whole, tenBillionths)
    }

    /// The value times `factor` (1000 or 1024), rounded half away from zero; nil beyond the
    /// 2^32 limit (the ordinary reader's rule).
    func scaledRoundingHalfAway(by factor: UInt64) -> Int64? {
        guard whole < Self.limit || (whole == Self.limit && tenBillionths == 0) else { return nil }
        let scaledFraction = tenBillionths * factor  // < 10^10 × 1024: no overflow
        var magnitude = whole * factor + scaledFraction / 10_000_000_000
        if scaledFraction % 10_000_000_000 >= 5_000_000_000 { magnitude += 1 }
        let value = Int64(magnitude)
        return isNegative ? -value : value
    }
}

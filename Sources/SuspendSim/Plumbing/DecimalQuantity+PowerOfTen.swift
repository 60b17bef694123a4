extension DecimalQuantity {
    /// The value times 10^`power`, rounded half away from zero to a whole number; nil when
    /// the value's magnitude exceeds `limit` (a value of exactly `limit` is fine). Shares are
    /// read as parts per million (`power` 6), rates as thousandths.
    ///
    /// `power` must be in 0...6 and `limit` in 1...2^32, so that the result fits an `Int64`.
    ///
    /// - Complexity: O(number of digits).
    func scaled(byPowerOfTen power: Int, limit: Int64) -> Int64? {
        precondition((0...6).contains(power), "power \(power) out of range")
        precondition((1...(1 << 32)).contains(limit), "limit \(limit) out of range")
        if digits.isEmpty { return 0 }
        if pointPosition > 13 { return nil }
        // The whole part of the unscaled value, to compare with the limit.
        var whole: Int64 = 0
        for position in 0..<max(pointPosition, 0) {
            whole = whole * 10 + (position < digits.count ? Int64(digits[position]) : 0)
        }
        let hasFraction = digits.count > max(pointPosition, 0)
        guard whole < limit || (whole == limit && !hasFraction) else { return nil }

        // The scaled value's whole digits, then the first digit after them to round on.
        let shifted = pointPosition + power
        if shifted < 0 { return 0 }
        var magnitude: Int64 = 0
        for position in 0..<shifted {
            magnitude = magnitude * 10 + (position < digits.count ? Int64(digits[position]) : 0)
        }
        if shifted < digits.count, digits[shifted] >= 5 { magnitude += 1 }
        return isNegative ? -magnitude : magnitude
    }

    /// Whether the value is a whole number.
    var isWhole: Bool { digits.count <= max(pointPosition, 0) }

    /// How many digits the value has after its decimal point (trailing zeros not counted).
    var decimalPlaces: Int { max(0, digits.count - pointPosition) }
}

/// A non-negative decimal number held exactly, `units / 10^scale`, so that the figures of
/// `suspendsim import metrickit` never go through `Double` (SPEC 18: "3 decimals, half up";
/// SPEC 7: results never depend on floating-point order).
///
/// `"1,530.25 ms"` is `153025 / 10^2` milliseconds. The scale is kept as small as the value
/// allows (no trailing zero digit in `units` while `scale > 0`), so equal values are equal.
///
/// Sums and products report overflow (nil) rather than trap: a payload is input, and input
/// never crashes. No real payload comes near: 2^64 bytes is 18 EB.
struct MetricKitDecimal: Sendable, Hashable {
    /// The value times `10^scale`.
    private(set) var units: UInt64
    /// How many decimal digits `units` holds after the point: 0 through 19 (a measurement
    /// string has at most 18 digits, and sums keep the larger scale of the two).
    private(set) var scale: Int

    static let zero = MetricKitDecimal(units: 0, scale: 0)

    /// `units / 10^scale`, reduced to its smallest scale.
    init(units: UInt64, scale: Int) {
        var units = units
        var scale = scale
        while scale > 0, units % 10 == 0 {
            units /= 10
            scale -= 1
        }
        if units == 0 { scale = 0 }
        self.units = units
        self.scale = scale
    }

    /// A whole number.
    init(_ whole: UInt64) { self.init(units: whole, scale: 0) }

    /// `self + other`, or nil when the sum does not fit.
    func adding(_ other: MetricKitDecimal) -> MetricKitDecimal? {
        let common = max(scale, other.scale)
        guard let a = units.scaledUp(by: common - scale), let b = other.units.scaledUp(by: common - other.scale) else { return nil }
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? nil : MetricKitDecimal(units: sum, scale: common)
    }

    /// `self × factor`, or nil when the product does not fit.
    func multiplied(by factor: UInt64) -> MetricKitDecimal? {
        let (product, overflow) = units.multipliedReportingOverflow(by: factor)
        return overflow ? nil : MetricKitDecimal(units: product, scale: scale)
    }

    /// `self × 1000 / divisor` rounded half up to a whole number: the value in thousandths of
    /// the unit that is `divisor` times this one (a byte count over 2^20 gives thousandths of
    /// a MB). Nil when `divisor` is 0 or the result does not fit.
    ///
    /// Exact: the numerator is formed in 128 bits (`multipliedFullWidth`) and divided once
    /// (`dividingFullWidth`), so `0.5` ms over 1000 gives 1 thousandth of a second, where
    /// `Double` gives 0.49999999999999994.
    func thousandths(over divisor: UInt64) -> UInt64? {
        guard let denominator = divisor.scaledUp(by: scale), denominator > 0 else { return nil }
        let wide = units.multipliedFullWidth(by: 1000)
        guard wide.high < denominator else { return nil }
        let (quotient, remainder) = denominator.dividingFullWidth(wide)
        // Half up: round up when remainder / denominator >= 1/2, written without overflow.
        guard remainder >= denominator - remainder else { return quotient }
        let (rounded, overflow) = quotient.addingReportingOverflow(1)
        return overflow ? nil : rounded
    }

    /// A count of thousandths written as a plain number (SPEC 18's "3 decimals"): the whole
    /// part, then up to 3 decimals with trailing zeros dropped, so `1333` is `1.333`, `800`
    /// is `0.8` and `5000` is `5`. No exponent, no group separator, no sign.
    static func text(thousandths: UInt64) -> String {
        let whole = thousandths / 1000
        var fraction = String(thousandths % 1000)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return fraction.isEmpty ? String(whole) : "\(whole).\(fraction)"
    }
}

extension MetricKitDecimal: Comparable {
    /// Compares the values exactly, at a common scale in 128 bits.
    static func < (a: MetricKitDecimal, b: MetricKitDecimal) -> Bool {
        let common = max(a.scale, b.scale)
        let left = a.units.multipliedFullWidth(by: UInt64.powerOfTen(common - a.scale) ?? .max)
        let right = b.units.multipliedFullWidth(by: UInt64.powerOfTen(common - b.scale) ?? .max)
        return (left.high, left.low) < (right.high, right.low)
    }
}

extension MetricKitDecimal: CustomStringConvertible {
    /// The value written out exactly (`1234.5`), for messages and tests.
    var description: String {
        guard scale > 0 else { return String(units) }
        var digits = String(units)
        if digits.count <= scale { digits = String(repeating: "0", count: scale - digits.count + 1) + digits }
        return "\(digits.dropLast(scale)).\(digits.suffix(scale))"
    }
}

extension UInt64 {
    /// `10^exponent`, or nil when it does not fit (exponent 20 or more).
    static func powerOfTen(_ exponent: Int) -> UInt64? {
        var result: UInt64 = 1
        for _ in 0..<Swift.max(0, exponent) {
            let (next, overflow) = result.multipliedReportingOverflow(by: 10)
            if overflow { return nil }
            result = next
        }
        return result
    }

    /// `self × 10^exponent`, or nil when it does not fit.
    fileprivate func scaledUp(by exponent: Int) -> UInt64? {
        guard let factor = UInt64.powerOfTen(exponent) else { return self == 0 ? 0 : nil }
        let (product, overflow) = multipliedReportingOverflow(by: factor)
        return overflow ? nil : product
    }
}

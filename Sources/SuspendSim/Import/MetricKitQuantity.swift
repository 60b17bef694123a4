/// A measurement string of a MetricKit payload, read exactly (SPEC 18): `"367,000 kB"`,
/// `"1,010 ms"`, `"2,717秒"`.
///
/// MetricKit encodes an `NSMeasurement` (`MXMemoryMetric.peakMemoryUsage`, `MXHistogram`'s
/// bucket bounds) as the device's locale formats it: a number (ASCII digits, `,` between
/// groups of three, `.` before the decimals), an optional space, a unit. The value is kept as
/// an exact decimal of bytes or milliseconds, never as `Double`:
///
///     MetricKitQuantity("1,106,818千字节")   // 1,106,818,000 bytes
///     MetricKitQuantity("1.5 sec")           // 1,500 ms
///     MetricKitQuantity("12 parsecs")        // nil
///
/// Memory units are powers of 1000, as `NSUnitInformationStorage` writes them (`kB` is 1000
/// bytes, not 1024). Anything else is nil: an unknown unit, letters in the number (`12a kB`),
/// groups of other than three digits (`1,2,3`), no number (`kB`), no unit (`12`), more than
/// 18 digits.
struct MetricKitQuantity: Sendable, Hashable {
    /// What a measurement measures, and its base unit.
    enum Dimension: Sendable, Hashable {
        /// Bytes.
        case memory
        /// Milliseconds.
        case time
    }

    /// The value in bytes (memory) or milliseconds (time).
    var value: MetricKitDecimal
    var dimension: Dimension

    /// Every unit read, with its dimension and its size in the base unit.
    ///
    /// English names as `NSMeasurementFormatter` writes them in English locales. Simplified
    /// Chinese names as real zh-Hans payloads write them, without a space (`"1,530毫秒"`);
    /// they are the Unicode CLDR's zh unit patterns (`digital-kilobyte` "{0}千字节",
    /// `duration-millisecond` "{0}毫秒", `duration-second` "{0}秒", `duration-minute`
    /// "{0}分钟", `duration-hour` "{0}小时", `digital-byte` "{0}字节", `digital-megabyte`
    /// "{0}兆字节", `digital-gigabyte` "{0}吉字节"), which Foundation's formatter uses. A
    /// locale is added here with its source.
    static let units: [String: (dimension: Dimension, size: UInt64)] = [
        "B": (.memory, 1), "kB": (.memory, 1_000), "KB": (.memory, 1_000),
        "MB": (.memory, 1_000_000), "GB": (.memory, 1_000_000_000),
        "ms": (.time, 1), "sec": (.time, 1_000), "s": (.time, 1_000),
        "min": (.time, 60_000), "h": (.time, 3_600_000),
        "字节": (.memory, 1), "千字节": (.memory, 1_000), "兆字节": (.memory, 1_000_000),
        "吉字节": (.memory, 1_000_000_000),
        "毫秒": (.time, 1), "秒": (.time, 1_000), "分钟": (.time, 60_000), "小时": (.time, 3_600_000),
    ]

    /// The spaces allowed between the number and the unit: a space, and the no-break spaces
    /// (U+00A0, U+202F) some locales' formatters put there.
    private static let spaces: Set<Unicode.Scalar> = [" ", "\u{00A0}", "\u{202F}"]

    /// The most digits a number may have: `units` then fits in 64 bits before the unit's size
    /// multiplies it, and the scale stays under 19.
    private static let maximumDigits = 18

    /// Reads `text`; nil when it is not a measurement (see the type's rules).
    ///
    /// - Complexity: O(n) in the length of `text`.
    init?(_ text: String) {
        let scalars = Array(text.unicodeScalars)
        guard let number = Self.number(scalars) else { return nil }
        var rest = scalars[number.end...]
        if let first = rest.first, Self.spaces.contains(first) { rest = rest.dropFirst() }
        guard let unit = Self.units[String(String.UnicodeScalarView(rest))] else { return nil }
        guard let value = number.value.multiplied(by: unit.size) else { return nil }
        self.value = value
        self.dimension = unit.dimension
    }

    /// The number at the start of `scalars` and where it ends; nil when there is none or its
    /// groups are wrong.
    private static func number(_ scalars: [Unicode.Scalar]) -> (value: MetricKitDecimal, end: Int)? {
        var index = 0
        var digits: [UInt64] = []
        var groupLength = 0
        var grouped = false
        func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
        while index < scalars.count {
            let scalar = scalars[index]
            if isDigit(scalar) {
                digits.append(UInt64(scalar.value - 48))
                groupLength += 1
            } else if scalar == ",", index + 1 < scalars.count, isDigit(scalars[index + 1]) {
                // Before the first separator: 1 to 3 digits; between two: exactly 3.
                guard grouped ? groupLength == 3 : (1...3).contains(groupLength) else { return nil }
                grouped = true
                groupLength = 0
            } else {
                break
            }
            index += 1
        }
        guard !digits.isEmpty, !grouped || groupLength == 3 else { return nil }
        var decimals = 0
        if index + 1 < scalars.count, scalars[index] == ".", isDigit(scalars[index + 1]) {
            index += 1
            while index < scalars.count, isDigit(scalars[index]) {
                digits.append(UInt64(scalars[index].value - 48))
                decimals += 1
                index += 1
            }
        }
        guard digits.count <= maximumDigits else { return nil }
        let units = digits.reduce(UInt64(0)) { $0 * 10 + $1 }
        return (MetricKitDecimal(units: units, scale: decimals), index)
    }
}

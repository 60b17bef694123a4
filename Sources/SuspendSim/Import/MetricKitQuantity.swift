/// A measurement string of a MetricKit payload, read exactly (SPEC 18): `"367,000 kB"`,
/// `"1,010 ms"`, `"2,717秒"`.
///
/// MetricKit encodes an `NSMeasurement` (`MXMemoryMetric.peakMemoryUsage`, `MXHistogram`'s
/// bucket bounds) as the device's locale formats it: a number (`MetricKitNumber`: its
/// separators follow the payload's region, SPEC 26 "Locale"), an optional space, a unit. The value is kept as
/// an exact decimal of bytes or milliseconds, never as `Double`:
///
///     MetricKitQuantity("1,106,818千字节")   // 1,106,818,000 bytes
///     MetricKitQuantity("1.5 sec")           // 1,500 ms
///     MetricKitQuantity("12 parsecs")        // nil
///
/// Memory units are powers of 1000, as `NSUnitInformationStorage` writes them (`kB` is 1000
/// bytes, not 1024). Anything else is refused: an unknown unit, letters in the number
/// (`12a kB`), groups that do not fit the convention (`1,2,3`), no number (`kB`), no unit
/// (`12`), more than 18 digits.
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

    /// Reads `text` as a listed region of `convention` writes it (SPEC 18's own reading by
    /// default); nil when it is not a measurement (see the type's rules).
    init?(_ text: String, convention: MetricKitRegion.Convention = .pointDecimal) {
        guard case .success(let quantity) = Self.read(text, convention: convention) else { return nil }
        self = quantity
    }

    /// Why a string is not a measurement.
    enum Problem: Error, Sendable, Hashable {
        /// Its number is ambiguous and no listed region says how to read it (SPEC 26).
        case ambiguous(number: String)
        /// Its number does not fit the convention it is read by (SPEC 27, 35).
        case doesNotFit(number: String)
        /// Its number holds a character that is no separator (SPEC 35): `1'234`.
        case foreignCharacter(number: String)
        /// Anything else: no number, an unknown unit, too many digits.
        case unreadable
    }

    /// Reads `text` by `convention`, nil for an absent or unlisted region (SPEC 26 "Locale").
    ///
    /// - Complexity: O(n) in the length of `text`.
    static func read(_ text: String, convention: MetricKitRegion.Convention?) -> Result<MetricKitQuantity, Problem> {
        let scalars = Array(text.unicodeScalars)
        let number: MetricKitNumber
        switch MetricKitNumber.read(scalars, convention: convention) {
        case .success(let read): number = read
        case .failure(.ambiguous(let text)): return .failure(.ambiguous(number: text))
        case .failure(.doesNotFit(let text)): return .failure(.doesNotFit(number: text))
        case .failure(.foreignCharacter(let text)): return .failure(.foreignCharacter(number: text))
        case .failure(.none): return .failure(.unreadable)
        }
        var rest = scalars[number.end...]
        if let first = rest.first, MetricKitNumber.spaces.contains(first) { rest = rest.dropFirst() }
        guard let unit = units[String(String.UnicodeScalarView(rest))],
              let value = number.value.multiplied(by: unit.size) else { return .failure(.unreadable) }
        return .success(MetricKitQuantity(value: value, dimension: unit.dimension))
    }

    private init(value: MetricKitDecimal, dimension: Dimension) {
        self.value = value
        self.dimension = dimension
    }
}

/// Number and field formatting for the CSV reports (SPEC 8), appending ASCII bytes to a
/// byte buffer with no `String` work and no `printf`.
///
/// - Times are whole milliseconds, written as seconds with 3 decimals: exact.
/// - Memory is whole KiB, written as MB (KiB / 1024) with 3 decimals, rounded as C's
///   `printf("%.3f")` rounds the exact binary value: to nearest, ties to even. KiB / 1024
///   is a binary fraction, so the `Double` printf sees is the exact value and the two agree
///   for every |KiB| < 2^53 (the tests compare them).
/// - Ratios and means are Doubles, printed as printf's `%.3f` prints them (`appendFixed3`).
/// - Fields are quoted as RFC 4180 says: a field holding a comma, a double quote, CR or LF
///   is wrapped in double quotes, and its double quotes are doubled.
enum CSVFormatting {
    static let comma = UInt8(ascii: ",")
    static let lineFeed = UInt8(ascii: "\n")
    static let quote = UInt8(ascii: "\"")
    static let carriageReturn = UInt8(ascii: "\r")
    private static let minus = UInt8(ascii: "-")
    private static let point = UInt8(ascii: ".")
    private static let zero = UInt8(ascii: "0")

    // MARK: Integers

    /// Appends `value` in decimal.
    ///
    /// - Complexity: O(digits)
    static func appendInteger(_ value: Int64, to bytes: inout some CSVByteSink) {
        if value < 0 { bytes.append(minus) }
        appendUnsigned(value.magnitude, to: &bytes)
    }

    /// Appends `value` in decimal.
    static func appendInteger(_ value: Int, to bytes: inout some CSVByteSink) {
        appendInteger(Int64(value), to: &bytes)
    }

    /// Appends `value` in decimal, with no sign.
    ///
    /// - Complexity: O(digits)
    static func appendUnsigned(_ value: UInt64, to bytes: inout some CSVByteSink) {
        bytes.appendDecimal(value)
    }

    /// The number of decimal digits of `value` (1 for 0).
    static func decimalLength(_ value: UInt64) -> Int {
        var length = 1
        var limit: UInt64 = 10
        while length < 20, value >= limit {
            length += 1
            limit &*= 10
        }
        return length
    }

    /// Writes the `length` (`decimalLength(value)`) decimal digits of `value` at `target`,
    /// from the right, two at a time: half the divisions of one digit at a time.
    @inline(__always)
    static func writeDecimal(_ value: UInt64, length: Int, to target: UnsafeMutablePointer<UInt8>) {
        let pairs = digitPairs.utf8Start
        var rest = value
        var position = length
        while rest >= 100 {
            let pair = Int(truncatingIfNeeded: rest % 100) &* 2
            rest /= 100
            position -= 2
            target[position] = pairs[pair]
            target[position + 1] = pairs[pair + 1]
        }
        if rest >= 10 {
            let pair = Int(truncatingIfNeeded: rest) &* 2
            target[position - 2] = pairs[pair]
            target[position - 1] = pairs[pair + 1]
        } else {
            target[position - 1] = zero &+ UInt8(truncatingIfNeeded: rest)
        }
    }

    /// "00", "01", ... "99", back to back.
    private static let digitPairs: StaticString = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    /// Appends `true` or `false`.
    static func appendBool(_ value: Bool, to bytes: inout some CSVByteSink) {
        bytes.append(contentsOf: value ? trueBytes : falseBytes)
    }

    private static let trueBytes = Array("true".utf8)
    private static let falseBytes = Array("false".utf8)

    // MARK: Fixed-point numbers

    /// Appends whole milliseconds as seconds with 3 decimals: 12345 -> `12.345`, 0 -> `0.000`.
    /// The value is exact; no rounding is involved.
    static func appendSeconds(_ milliseconds: Millis, to bytes: inout some CSVByteSink) {
        if milliseconds < .zero { bytes.append(minus) }
        appendThousandths(milliseconds.count.magnitude, to: &bytes)
    }

    /// Milliseconds as seconds with 3 decimals, as text (for messages).
    static func secondsText(_ milliseconds: Millis) -> String {
        var bytes: [UInt8] = []
        appendSeconds(milliseconds, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `value ÷ 10^decimals` with `decimals` decimals, as text (for messages): a thaw speed
    /// held in thousandths of a MB/s, 1,000,000 as `1000.000`.
    static func fixedText(_ value: Int64, decimals: Int) -> String {
        var bytes: [UInt8] = []
        appendFixed(value, decimals: decimals, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `kib` as MB with 3 decimals, as text (for messages).
    static func mbText(_ kib: KiB) -> String {
        var bytes: [UInt8] = []
        appendMB(kib, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends whole KiB as MB (KiB / 1024) with 3 decimals, rounded to nearest with ties to
    /// even, as `printf("%.3f", Double(kib) / 1024)` does: 64 -> `0.062`, 192 -> `0.188`,
    /// -1 -> `-0.001`. A negative value is a minus sign and the rounded magnitude (any
    /// nonzero KiB is at least 0.001 MB after rounding, so no `-0.000` can appear).
    @inline(__always)
    static func appendMB(_ kib: KiB, to bytes: inout some CSVByteSink) {
        if kib < .zero { bytes.append(minus) }
        let magnitude = kib.count.magnitude
        guard magnitude < 1 << 53 else {
            return appendRoundedThousandths(numerator: magnitude, denominator: 1024, to: &bytes)
        }
        // The same rounding with a shift in place of the 128-bit division: KiB * 1000 fits
        // in 64 bits, and its low 10 bits are the remainder by 1024 (a tie is 512).
        let scaled = magnitude * 1000
        var thousandths = scaled >> 10
        let remainder = scaled & 1023
        if remainder > 512 || (remainder == 512 && thousandths & 1 == 1) { thousandths += 1 }
        appendThousandths(thousandths, to: &bytes)
    }

    /// Appends `numerator / denominator` with 3 decimals, rounded to nearest with ties to
    /// even, computed exactly with integers.
    ///
    /// - Precondition: `denominator > 0`, and the result in thousandths fits in 64 bits
    ///   (always true when `numerator <= denominator`, or when `denominator >= 1000`).
    static func appendRoundedThousandths(numerator: UInt64, denominator: UInt64, to bytes: inout some CSVByteSink) {
        precondition(denominator > 0, "Division by zero in a CSV ratio")
        let scaled = numerator.multipliedFullWidth(by: 1000)
        precondition(scaled.high < denominator, "\(numerator) / \(denominator) overflows in thousandths")
        var (thousandths, remainder) = denominator.dividingFullWidth(scaled)
        // Round to nearest, ties to even: compare the remainder with half the denominator
        // without computing 2 * remainder, which could overflow.
        let rest = denominator - remainder
        if remainder > rest || (remainder == rest && thousandths & 1 == 1) {
            thousandths += 1
        }
        appendThousandths(thousandths, to: &bytes)
    }

    /// Appends `thousandths / 1000` as `integer.ddd`.
    @inline(__always)
    static func appendThousandths(_ thousandths: UInt64, to bytes: inout some CSVByteSink) {
        bytes.appendThousandths(thousandths)
    }

    /// The values `packedThousandths` takes: a whole part of at most 4 digits.
    static let packedThousandthsLimit: UInt64 = 10_000_000

    /// `thousandths ÷ 1000` with 3 decimals as the bytes of one little-endian word, first byte
    /// lowest, and their count (5 to 8): 270000 as `270.000`, 7 bytes. The whole part's digits
    /// come from `digitPairs` two at a time and are put in place by shifts, with no loop and
    /// no division but by constants (which compile to multiplications).
    ///
    /// - Precondition: `thousandths < packedThousandthsLimit`.
    @inline(__always)
    static func packedThousandths(_ thousandths: UInt64) -> (word: UInt64, length: Int) {
        let whole = thousandths / 1000
        let fraction = thousandths &- whole &* 1000
        let fractionHundreds = fraction / 100
        let fractionBytes = (UInt64(zero) | fractionHundreds) | digitPair(fraction &- fractionHundreds &* 100) << 8
        let (wholeBytes, wholeLength) = packedDigits(whole)
        let shift = UInt64(truncatingIfNeeded: wholeLength &* 8)
        let word = wholeBytes | UInt64(point) << shift | fractionBytes << (shift &+ 8)
        return (word, wholeLength &+ 4)
    }

    /// The values `packedLongThousandths` takes: a whole part of at most 8 digits (a time
    /// within 3.17 years, a size within 95 TB).
    static let packedLongThousandthsLimit: UInt64 = 100_000_000_000

    /// `thousandths ÷ 1000` with 3 decimals, as two little-endian words written one after
    /// the other: the first holds the whole part's digits above its last 4 (`highLength`
    /// bytes, 1 to 4), the second exactly 8 bytes, the last 4 digits of the whole part, the
    /// point and the 3 decimals: 99732259 as `9` and `9732.259`. As `packedThousandths`, with
    /// no loop and no division but by constants; a `time_s` past 10,000 s went through a loop
    /// of divisions by 100 (about 140 instructions a field, docs/performance.md).
    ///
    /// - Precondition: `packedThousandthsLimit <= thousandths < packedLongThousandthsLimit`.
    @inline(__always)
    static func packedLongThousandths(_ thousandths: UInt64) -> (high: UInt64, highLength: Int, low: UInt64) {
        let high = thousandths / 10_000_000
        let rest = thousandths &- high &* 10_000_000
        let lowWhole = rest / 1000
        let fraction = rest &- lowWhole &* 1000
        let lowHundreds = lowWhole / 100
        let fractionHundreds = fraction / 100
        let low = digitPair(lowHundreds) | digitPair(lowWhole &- lowHundreds &* 100) << 16 | UInt64(point) << 32
            | (UInt64(zero) | fractionHundreds) << 40 | digitPair(fraction &- fractionHundreds &* 100) << 48
        let (highBytes, highLength) = packedDigits(high)
        return (highBytes, highLength, low)
    }

    /// The ASCII digits of `value` (0 ..< 10,000) in the low bytes of a word, the first digit
    /// lowest, and their count (1 to 4).
    @inline(__always)
    private static func packedDigits(_ value: UInt64) -> (bytes: UInt64, length: Int) {
        if value < 10 { return (UInt64(zero) | value, 1) }
        if value < 100 { return (digitPair(value), 2) }
        let hundreds = value / 100
        let pair = digitPair(value &- hundreds &* 100)
        if value < 1000 { return ((UInt64(zero) | hundreds) | pair << 8, 3) }
        return (digitPair(hundreds) | pair << 16, 4)
    }

    /// The two ASCII digits of `value` (0 ..< 100) in the low 16 bits, the tens digit lowest.
    @inline(__always)
    private static func digitPair(_ value: UInt64) -> UInt64 {
        let offset = Int(truncatingIfNeeded: value) &* 2
        return UInt64(UnsafeRawPointer(digitPairs.utf8Start).loadUnaligned(fromByteOffset: offset, as: UInt16.self).littleEndian)
    }

    /// The length of `thousandths ÷ 1000` written with 3 decimals: the whole part's digits,
    /// the point and 3 digits.
    @inline(__always)
    static func thousandthsLength(_ thousandths: UInt64) -> Int {
        decimalLength(thousandths / 1000) &+ 4
    }

    /// Writes `thousandths ÷ 1000` with 3 decimals, `length` (`thousandthsLength`) bytes at
    /// `target`: the whole part as `writeDecimal` writes it, then the point and the fraction's
    /// 3 digits.
    @inline(__always)
    static func writeThousandths(_ thousandths: UInt64, length: Int, to target: UnsafeMutablePointer<UInt8>) {
        let whole = length &- 4
        writeDecimal(thousandths / 1000, length: whole, to: target)
        let fraction = Int(truncatingIfNeeded: thousandths % 1000)
        let pair = (fraction % 100) &* 2
        let pairs = digitPairs.utf8Start
        target[whole] = point
        target[whole + 1] = zero &+ UInt8(truncatingIfNeeded: fraction / 100)
        target[whole + 2] = pairs[pair]
        target[whole + 3] = pairs[pair + 1]
    }

    /// Appends `value / 10^decimals` (a non-negative fixed-point number) with exactly
    /// `decimals` decimals: a ratio in hundredths as `2.80`, a rate in thousandths as
    /// `2000.000`.
    static func appendFixed(_ value: Int64, decimals: Int, to bytes: inout some CSVByteSink) {
        var divisor: Int64 = 1
        for _ in 0..<decimals { divisor *= 10 }
        appendInteger(value / divisor, to: &bytes)
        guard decimals > 0 else { return }
        bytes.append(point)
        var fraction = value % divisor
        for _ in 0..<decimals {
            divisor /= 10
            bytes.append(zero &+ UInt8(truncatingIfNeeded: fraction / divisor))
            fraction %= divisor
        }
    }

    // MARK: Text fields

    /// Whether RFC 4180 requires `field` to be quoted: it holds a comma, a double quote, CR
    /// or LF.
    static func needsQuoting(_ field: String) -> Bool {
        field.utf8.contains { $0 == comma || $0 == quote || $0 == carriageReturn || $0 == lineFeed }
    }

    /// The bytes of `field` as one CSV field: UTF-8, quoted when RFC 4180 requires it, with
    /// inner double quotes doubled. Reports compute these once per app id and enum case.
    static func field(_ field: String) -> [UInt8] {
        var bytes: [UInt8] = []
        appendField(field, to: &bytes)
        return bytes
    }

    /// `field` as one CSV field, as text (see `field(_:)`): for a CSV built as a `String`
    /// (`report --figures`' tables), so that every CSV cell is quoted by this one rule.
    static func fieldText(_ field: String) -> String {
        needsQuoting(field) ? String(decoding: Self.field(field), as: UTF8.self) : field
    }

    /// Appends `field` as one CSV field (see `field(_:)`).
    static func appendField(_ field: String, to bytes: inout some CSVByteSink) {
        guard needsQuoting(field) else {
            bytes.append(contentsOf: Array(field.utf8))
            return
        }
        bytes.append(quote)
        for byte in field.utf8 {
            if byte == quote { bytes.append(quote) }
            bytes.append(byte)
        }
        bytes.append(quote)
    }
}

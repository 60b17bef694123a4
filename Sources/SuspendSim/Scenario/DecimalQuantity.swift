/// A decimal number exactly as a scenario file writes it, so that converting it to whole
/// milliseconds or KiB never goes through `Double` (SPEC 7: "results never depend on
/// floating-point order"). `0.0005` s is exactly half a millisecond and rounds up to 1 ms,
/// where `0.0005 * 1000` in `Double` gives 0.49999999999999994.
///
/// The grammar is JSON's number with YAML's leniencies: an optional sign, digits with an
/// optional fraction (`5`, `5.`, `.5`, `5.25`), an optional exponent (`1e3`, `2.5E-4`), and
/// `_` between digits (`1_000`). Hexadecimal, octal, `.inf` and `.nan` are not numbers here.
///
/// The value is `±0.d₁d₂d₃… × 10^pointPosition` with no leading or trailing zero digit.
struct DecimalQuantity: Sendable, Hashable, Comparable {
    /// Whether the value is below zero (never for zero, even when written `-0`).
    let isNegative: Bool
    /// The significant digits, each 0...9, with no leading or trailing zero; empty for zero.
    let digits: [UInt8]
    /// How many digits stand before the decimal point (negative: zeros after the point).
    let pointPosition: Int

    /// Exponents beyond this are clamped; any value that far out is too large or rounds to 0.
    private static let exponentClamp = 1_000_000_000_000

    /// Parses `text`, or returns nil when it is not a decimal number.
    ///
    /// - Complexity: O(n) in the length of `text`.
    init?(_ text: String) {
        let bytes = Array(text.utf8)
        var index = 0
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }

        var mantissa: [UInt8] = []
        var integerDigits = 0
        var sawDigit = false
        func scanDigits(countingIntegerDigits: Bool) {
            while index < bytes.count {
                let byte = bytes[index]
                if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                    mantissa.append(byte - UInt8(ascii: "0"))
                    if countingIntegerDigits { integerDigits += 1 }
                    sawDigit = true
                } else if byte == UInt8(ascii: "_"), sawDigit {
                    // YAML 1.1 digit separator.
                } else {
                    break
                }
                index += 1
            }
        }
        scanDigits(countingIntegerDigits: true)
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            scanDigits(countingIntegerDigits: false)
        }
        guard sawDigit else { return nil }

        var exponent = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            var exponentNegative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            var sawExponentDigit = false
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                if exponent < DecimalQuantity.exponentClamp {
                    exponent = exponent * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                }
                sawExponentDigit = true
                index += 1
            }
            guard sawExponentDigit else { return nil }
            if exponentNegative { exponent = -exponent }
        }
        guard index == bytes.count else { return nil }

        // Normalize: drop leading zeros (each moves the point left) and trailing zeros.
        let firstNonZero = mantissa.firstIndex { $0 != 0 } ?? mantissa.count
        let lastNonZero = mantissa.lastIndex { $0 != 0 } ?? -1
        if firstNonZero > lastNonZero {
            self.init(isNegative: false, digits: [], pointPosition: 0)
        } else {
            self.init(
                isNegative: negative, digits: Array(mantissa[firstNonZero...lastNonZero]),
                pointPosition: integerDigits - firstNonZero + exponent)
        }
    }

    private init(isNegative: Bool, digits: [UInt8], pointPosition: Int) {
        self.isNegative = isNegative
        self.digits = digits
        self.pointPosition = pointPosition
    }

    /// The value times `factor`, rounded half away from zero to a whole number; nil when the
    /// value's magnitude exceeds `limit` (a value of exactly `limit` is fine).
    ///
    /// `factor` must be in 1...4096 and `limit` in 1...2^40 (programmer errors otherwise), so
    /// that the result always fits an `Int64` with room to spare.
    ///
    /// - Complexity: O(number of digits).
    func scaled(by factor: Int64, limit: Int64) -> Int64? {
        precondition((1...4096).contains(factor), "factor \(factor) out of range")
        precondition((1...(1 << 40)).contains(limit), "limit \(limit) out of range")
        if digits.isEmpty { return 0 }
        // limit < 10^13, and the value is at least 10^(pointPosition - 1).
        if pointPosition > 13 { return nil }
        // The value is below 10^-4, so times 4096 it is below 0.41: it rounds to 0.
        if pointPosition <= -4 { return 0 }

        var whole: Int64 = 0
        for position in 0..<max(pointPosition, 0) {
            let digit = position < digits.count ? Int64(digits[position]) : 0
            whole = whole * 10 + digit
        }
        let fraction: [UInt8] =
            pointPosition >= 0
            ? Array(digits.dropFirst(pointPosition))
            : Array(repeating: 0, count: -pointPosition) + digits
        // Normalized, so a non-empty fraction is non-zero.
        guard whole < limit || (whole == limit && fraction.isEmpty) else { return nil }

        // fraction × factor by long multiplication from the last digit: `carry` ends as its
        // whole part, `firstFractionDigit` as the first digit after its point.
        var carry: Int64 = 0
        var firstFractionDigit: Int64 = 0
        for digit in fraction.reversed() {
            let product = Int64(digit) * factor + carry
            carry = product / 10
            firstFractionDigit = product % 10
        }
        let magnitude = whole * factor + carry + (firstFractionDigit >= 5 ? 1 : 0)
        return isNegative ? -magnitude : magnitude
    }

    /// The exact product of two values, by long multiplication of their digits (no rounding:
    /// a product has as many decimals as its factors together). SPEC 38's `apps.typical-day`
    /// factor scales an included footprint this way, so that only the reading of the product
    /// rounds, half up to a KiB, as a written value does.
    ///
    /// - Complexity: O(n × m) in the two values' numbers of digits.
    func multiplied(by other: DecimalQuantity) -> DecimalQuantity {
        if digits.isEmpty || other.digits.isEmpty { return DecimalQuantity(isNegative: false, digits: [], pointPosition: 0) }
        var product = [Int](repeating: 0, count: digits.count + other.digits.count)
        for (i, left) in digits.enumerated().reversed() {
            for (j, right) in other.digits.enumerated().reversed() {
                let sum = product[i + j + 1] + Int(left) * Int(right)
                product[i + j + 1] = sum % 10
                product[i + j] += sum / 10
            }
        }
        // 0.a × 10^p times 0.b × 10^q is 0.(a×b) × 10^(p+q), a×b written on n+m digits.
        let first = product.firstIndex { $0 != 0 } ?? product.count
        let last = product.lastIndex { $0 != 0 } ?? first
        return DecimalQuantity(
            isNegative: isNegative != other.isNegative, digits: product[first...last].map { UInt8($0) },
            pointPosition: pointPosition + other.pointPosition - first)
    }

    /// The value as a plain decimal, without exponent or needless zeros: `207`, `0.05`, `-3.5`.
    var plainText: String {
        if digits.isEmpty { return "0" }
        let characters = digits.map { Character(String($0)) }
        let body: String
        if pointPosition <= 0 {
            body = "0." + String(repeating: "0", count: -pointPosition) + String(characters)
        } else if pointPosition >= digits.count {
            body = String(characters) + String(repeating: "0", count: pointPosition - digits.count)
        } else {
            body = String(characters[..<pointPosition]) + "." + String(characters[pointPosition...])
        }
        return (isNegative ? "-" : "") + body
    }

    static func < (lhs: DecimalQuantity, rhs: DecimalQuantity) -> Bool {
        if lhs.isNegative != rhs.isNegative { return lhs.isNegative }
        let order = compareMagnitudes(lhs, rhs)
        return lhs.isNegative ? order > 0 : order < 0
    }

    /// -1, 0 or 1 as |lhs| is below, equal to or above |rhs|.
    private static func compareMagnitudes(_ lhs: DecimalQuantity, _ rhs: DecimalQuantity) -> Int {
        switch (lhs.digits.isEmpty, rhs.digits.isEmpty) {
        case (true, true): return 0
        case (true, false): return -1
        case (false, true): return 1
        case (false, false): break
        }
        if lhs.pointPosition != rhs.pointPosition { return lhs.pointPosition < rhs.pointPosition ? -1 : 1 }
        for (left, right) in zip(lhs.digits, rhs.digits) where left != right {
            return left < right ? -1 : 1
        }
        if lhs.digits.count == rhs.digits.count { return 0 }
        return lhs.digits.count < rhs.digits.count ? -1 : 1
    }
}

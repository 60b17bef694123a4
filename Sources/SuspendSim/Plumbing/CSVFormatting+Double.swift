#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension CSVFormatting {
    /// Appends `value` exactly as C's `printf("%.3f")` prints it: SPEC 8's rule for the few
    /// numbers that are ratios and means.
    ///
    /// printf rounds the exact binary value of the Double to thousandths, to nearest with ties
    /// to even, and writes a minus sign for any negative value (`-0.000` included). A finite
    /// Double is `significand * 2^exponent` with an integer significand below 2^53, so for the
    /// values a report holds (below 2^53 / 1000 in magnitude) that rounding is a few integer
    /// operations; printf itself costs a thousand times more, which showed in a trace batch's
    /// `survival.csv` of 400,000 rows. Other values (huge, NaN, infinite) go to printf.
    static func appendFixed3(_ value: Double, to bytes: inout some CSVByteSink) {
        guard let thousandths = roundedThousandths(of: value.magnitude) else {
            return appendFixed3WithPrintf(value, to: &bytes)
        }
        if value.sign == .minus { bytes.append(UInt8(ascii: "-")) }
        appendThousandths(thousandths, to: &bytes)
    }

    /// Appends `numerator / denominator`, computed as a Double, exactly as C's
    /// `printf("%.3f")` prints it: SPEC 8's rule for `hot_launch_ratio` and the rates. Where
    /// the exact ratio is a tie (1/80 = 0.0125) the Double is not, so printf, and this, give
    /// 0.013.
    static func appendRatio(_ numerator: Int, of denominator: Int, to bytes: inout some CSVByteSink) {
        appendFixed3(Double(numerator) / Double(denominator), to: &bytes)
    }

    /// `magnitude * 1000` rounded to an integer, to nearest with ties to even, computed on the
    /// exact binary value; nil where it does not fit the integer path.
    private static func roundedThousandths(of magnitude: Double) -> UInt64? {
        guard magnitude.isFinite, magnitude < 9.0e12 else { return nil }
        // Zero and the subnormals (below 2^-1022) round to 0.
        guard magnitude.isNormal else { return 0 }
        // magnitude = significand / 2^shift with significand < 2^53, so the product with 1000
        // is exact in 64 bits. Below 9e12 (< 2^44) the magnitude has fractional bits: the
        // shift is at least 9.
        let shift = UInt64(Double.significandBitCount - Int(magnitude.exponent))
        let significand = magnitude.significandBitPattern | (1 << UInt64(Double.significandBitCount))
        let scaled = significand * 1000
        // scaled < 2^63, so shifted by 64 or more it is below one half: rounds to 0.
        guard shift < 64 else { return 0 }
        let quotient = scaled >> shift
        let remainder = scaled & ((1 << shift) - 1)
        let half: UInt64 = 1 << (shift - 1)
        if remainder > half || (remainder == half && quotient & 1 == 1) { return quotient + 1 }
        return quotient
    }

    /// printf itself, for the values the integer path does not take.
    private static func appendFixed3WithPrintf(_ value: Double, to bytes: inout some CSVByteSink) {
        var buffer = [CChar](repeating: 0, count: 400)
        _ = withVaList([value]) { vsnprintf(&buffer, buffer.count, "%.3f", $0) }
        bytes.append(contentsOf: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) })
    }
}

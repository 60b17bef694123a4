#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The numbers of SPEC 21's comparison files: `summary.csv`'s cells read as exact decimals in
/// thousandths, Student's interval of a sample, and C's `%.3f` and `%.4g` as SPEC 21 writes
/// them.
enum ComparisonNumbers {
    /// A cell of `summary.csv` as exact thousandths: an optional minus, digits, and up to three
    /// decimals; nil for an empty cell or anything else.
    static func thousandths(_ text: String) -> Int64? {
        var digits = Substring(text)
        let negative = digits.first == "-"
        if negative { digits = digits.dropFirst() }
        let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty, whole.allSatisfy(\.isASCIIDigit), let wholeValue = Int64(whole) else { return nil }
        var fraction: Int64 = 0
        if parts.count == 2 {
            let decimals = parts[1]
            guard !decimals.isEmpty, decimals.count <= 3, decimals.allSatisfy(\.isASCIIDigit) else { return nil }
            fraction = Int64(decimals + String(repeating: "0", count: 3 - decimals.count)) ?? 0
        }
        let (scaled, overflow) = wholeValue.multipliedReportingOverflow(by: 1000)
        guard !overflow else { return nil }
        return negative ? -(scaled + fraction) : scaled + fraction
    }

    /// Student's interval of `values` (SPEC 21): the mean, and mean ± t(0.975, n − 1) × s / √n
    /// with s the sample standard deviation; no interval for one value, both ends the mean when
    /// s = 0. Sums run in the values' order, in double precision.
    static func studentInterval(_ values: [Double]) -> (mean: Double, low: Double, high: Double)? {
        guard !values.isEmpty else { return nil }
        let n = Double(values.count)
        let mean = values.reduce(0, +) / n
        guard values.count > 1 else { return (mean, .nan, .nan) }
        let squares = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
        let s = (squares / (n - 1)).squareRoot()
        guard s > 0 else { return (mean, mean, mean) }
        let half = StudentT.quantile975(degreesOfFreedom: values.count - 1) * s / n.squareRoot()
        return (mean, mean - half, mean + half)
    }

    /// `value` as C's `%.3f` writes it, but `0.000` for a value that rounds to zero (never
    /// `-0.000`); empty for NaN (an interval of one value).
    static func fixed3(_ value: Double) -> String {
        guard !value.isNaN else { return "" }
        let text = formatted(value, "%.3f")
        return text == "-0.000" ? "0.000" : text
    }

    /// `value` as C's `%.4g` writes it (SPEC 21's `wilcoxon_p`).
    static func general4(_ value: Double) -> String { formatted(value, "%.4g") }

    private static func formatted(_ value: Double, _ format: String) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        _ = withVaList([value]) { vsnprintf(&buffer, buffer.count, format, $0) }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

private extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

/// Numbers as the batch files print them, for judging: `check` compares the values a reader
/// of `survival.csv` and `observed.csv` sees (3 decimals, C's `printf("%.3f")` of the Double,
/// SPEC 8), not the Doubles behind them, so that what the files say and what `check` says
/// agree (SPEC 18, 19).
enum CheckDecimals {
    /// `value` in thousandths, as C's `printf("%.3f")` rounds it.
    static func thousandths(_ value: Double) -> Int64 {
        var bytes: [UInt8] = []
        CSVFormatting.appendFixed3(value, to: &bytes)
        let text = String(decoding: bytes, as: UTF8.self)
        let negative = text.hasPrefix("-")
        let digits = text.filter { $0 != "." && $0 != "-" }
        let magnitude = Int64(digits) ?? 0
        return negative ? -magnitude : magnitude
    }

    /// `numerator / denominator` in thousandths, as `survival.csv` prints a rate
    /// (`CSVFormatting.appendRatio`).
    ///
    /// - Precondition: `denominator > 0`.
    static func thousandths(_ numerator: Int, of denominator: Int) -> Int64 {
        precondition(denominator > 0, "A rate of no runs")
        return thousandths(Double(numerator) / Double(denominator))
    }

    /// Thousandths as a decimal with 3 places: `650` is `0.650`.
    static func text(_ thousandths: Int64) -> String {
        let sign = thousandths < 0 ? "-" : ""
        let magnitude = thousandths.magnitude
        let fraction = String(magnitude % 1000)
        return sign + "\(magnitude / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}

/// Fixed number formatting for the HTML report (SPEC 15: the same reports give the same
/// bytes): every number is rounded half away from zero to a fixed count of decimals by
/// integer arithmetic, with no locale and no trailing-zero trimming that depends on the
/// platform's formatter.
enum ChartNumber {
    /// `value` with exactly `decimals` decimals (0 to 6): `fixed(307.2, 1)` is `307.2`,
    /// `fixed(-0.04, 1)` is `0.0`.
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return "0" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded(.toNearestOrAwayFromZero)
        guard scaled < 9.0e15 else { return value < 0 ? "-" + String(Int64(abs(value))) : String(Int64(value)) }
        let units = Int64(scaled)
        let negative = value < 0 && units != 0
        var digits = String(units)
        if decimals > 0 {
            if digits.count <= decimals { digits = String(repeating: "0", count: decimals - digits.count + 1) + digits }
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -decimals))
        }
        return negative ? "-" + digits : digits
    }

    /// `value` with at most `decimals` decimals, trailing zeros (and a bare point) dropped:
    /// `short(2048.0, 1)` is `2048`, `short(307.2, 1)` is `307.2`.
    static func short(_ value: Double, _ decimals: Int = 1) -> String {
        var text = fixed(value, decimals)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    /// The labels of an axis' tick `values`, each `short(_, decimals)`, with more decimals (up to
    /// 6) while two different values would read alike: a step of 0.005 shown with 2 decimals
    /// gave two ticks labelled "-0.01" (SPEC 15: an axis a reader can read).
    static func tickLabels(_ values: [Double], _ decimals: Int) -> [String] {
        var places = decimals
        while true {
            let labels = values.map { short($0, places) }
            if places >= 6 || Set(labels).count == Set(values).count { return labels }
            places += 1
        }
    }

    /// A pixel coordinate: whole pixels.
    static func px(_ value: Double) -> String {
        String(pixel(value))
    }

    /// A pixel coordinate as a number: `value` rounded half away from zero (0 when not finite).
    static func pixel(_ value: Double) -> Int {
        Int((value.isFinite ? value : 0).rounded(.toNearestOrAwayFromZero))
    }

    /// A percentage of a rate in 0...1, with `decimals` decimals: `percent(0.4234)` is `42.3 %`.
    static func percent(_ rate: Double, _ decimals: Int = 1) -> String {
        fixed(rate * 100, decimals) + " %"
    }
}

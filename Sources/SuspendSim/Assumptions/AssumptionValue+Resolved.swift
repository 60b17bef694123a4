extension AssumptionValue {
    /// The value for a device of `ramKiB`, in `unit`'s format (SPEC 36): MB and s with 3
    /// decimals (KiB and ms rounded half up first), MB/s 3 decimals, `ratio` 2, `count` an
    /// integer, `share` 6, `per hour`, `factor` and `exponent` 3 (each rounded half up),
    /// `boolean` `true`/`false`. `P% of ram_mb` is P % of the RAM, rounded half up to a KiB,
    /// as `Device`'s own percentages are.
    package func resolved(unit: AssumptionUnit, ramKiB: KiB) -> String {
        switch self {
        case .boolean(let flag):
            return flag ? "true" : "false"
        case .percentOfRAM(let percent):
            return CSVFormatting.mbText(Self.percent(percent, of: ramKiB))
        case .number(let text):
            switch unit {
            case .mb: return CSVFormatting.mbText(KiB(Self.scaled(text, by: 1024)))
            case .seconds: return CSVFormatting.secondsText(Millis(Self.scaled(text, by: 1000)))
            case .mbPerSecond, .perHour, .factor, .exponent: return Self.fixed(text, decimals: 3)
            case .ratio: return Self.fixed(text, decimals: 2)
            case .count: return Self.fixed(text, decimals: 0)
            case .share: return Self.fixed(text, decimals: 6)
            case .boolean: return text
            }
        }
    }

    /// `percent` % (a plain decimal) of `kib`, rounded half up to a KiB.
    static func percent(_ percent: String, of kib: KiB) -> KiB {
        // The percentage in thousandths of a percent, exact for the table's figures.
        let milli = scaled(percent, by: 1000)
        let (product, overflow) = kib.count.multipliedReportingOverflow(by: milli * 2)
        if overflow { return KiB(kib.count / 100_000 * milli) }
        return KiB((product + 100_000) / 200_000)
    }

    /// A plain decimal (checked when the table was read) times `factor`, rounded half up.
    static func scaled(_ text: String, by factor: Int64) -> Int64 {
        guard let quantity = DecimalQuantity(text), let value = quantity.scaled(by: factor, limit: 1 << 40) else {
            preconditionFailure("'\(text)' is not a plain decimal of the assumption table")
        }
        return value
    }

    /// A plain decimal rounded half up to `decimals` decimals, written with exactly that many.
    static func fixed(_ text: String, decimals: Int) -> String {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        let whole = String(parts[0])
        let fraction = parts.count > 1 ? Array(parts[1]) : []
        var digits = Array(whole) + (0..<decimals).map { $0 < fraction.count ? fraction[$0] : "0" }
        if fraction.count > decimals, let next = fraction[decimals].wholeNumberValue, next >= 5 {
            var index = digits.count - 1
            while index >= 0 {
                if digits[index] == "9" {
                    digits[index] = "0"
                    index -= 1
                } else {
                    digits[index] = Character(String(digits[index].wholeNumberValue! + 1))
                    break
                }
            }
            if index < 0 { digits.insert("1", at: 0) }
        }
        let wholeCount = digits.count - decimals
        let integer = String(digits[..<wholeCount])
        return decimals == 0 ? integer : integer + "." + String(digits[wholeCount...])
    }
}

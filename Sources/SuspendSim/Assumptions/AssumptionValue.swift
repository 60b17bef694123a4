/// A default's value or an end of its range (SPEC 36): a number, a share of the device's RAM
/// (`20% of ram_mb`), or `true`/`false` for unit `boolean`. Numbers are kept as written, so
/// that resolving one to KiB or milliseconds never goes through `Double`.
package enum AssumptionValue: Sendable, Hashable {
    /// A plain non-negative decimal number, as written (`300`, `2.8`, `0.35`).
    case number(String)
    /// `P% of ram_mb`: `percent` as written (`20`, `63.7`).
    case percentOfRAM(percent: String)
    case boolean(Bool)

    private static let percentSuffix = "% of ram_mb"

    /// Parses `text` for a row of `unit`.
    init(parsing text: String, unit: AssumptionUnit, field: String) throws(AssumptionRow.FieldError) {
        if unit == .boolean {
            switch text {
            case "true": self = .boolean(true)
            case "false": self = .boolean(false)
            default: throw AssumptionRow.FieldError(message: "\(field) '\(text)' is not true or false (unit boolean)")
            }
            return
        }
        if text.hasSuffix(Self.percentSuffix) {
            let percent = String(text.dropLast(Self.percentSuffix.count))
            guard unit == .mb, Self.isPlainDecimal(percent) else {
                throw AssumptionRow.FieldError(message: "\(field) '\(text)' is not 'P% of ram_mb' with P a number (unit MB only)")
            }
            self = .percentOfRAM(percent: percent)
            return
        }
        guard Self.isPlainDecimal(text) else {
            throw AssumptionRow.FieldError(message: "\(field) '\(text)' is not a number")
        }
        self = .number(text)
    }

    /// Digits with at most one decimal point between digits: `0`, `2.8`, `1000`.
    private static func isPlainDecimal(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 1 || parts.count == 2 else { return false }
        return parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }
}

extension AssumptionValue {
    /// What kind of figure a value is, for comparing a row's ends with its value.
    package enum Kind: Sendable, Hashable {
        case number, percentOfRAM
    }

    /// The value's kind and amount, for ordering only (`low` ≤ `value` ≤ `high`); nil for a
    /// boolean. Reports resolve values exactly, never through this.
    package var magnitude: (kind: Kind, amount: Double)? {
        switch self {
        case .number(let text): Double(text).map { (.number, $0) }
        case .percentOfRAM(let percent): Double(percent).map { (.percentOfRAM, $0) }
        case .boolean: nil
        }
    }
}

/// The number at the start of a MetricKit measurement string, read by its region's convention
/// (SPEC 26 "Locale", SPEC 27 "Field data (26)": Numbers, SPEC 35 "Numbers in payloads").
///
/// A number is runs of ASCII digits joined by separators: `,` or `.` followed by a digit, or
/// a space (U+0020, U+00A0, U+202F: one kind) followed by a digit. A space followed by anything
/// else ends the number (it separates the unit); a space never marks decimals. Any other
/// character between two digits (`'`, `’`, U+2009) is refused (SPEC 35).
///
/// - **Two kinds of separator** (SPEC 35): the rightmost `,` or `.` is the decimal mark, only
///   digits follow it, and everything left of it groups with one other kind and fits
///   (`1 234,500` and `1.234,5` are 1234.5). With a listed region the mark must be the region's
///   (`1,234.5` in DE is refused).
/// - **Ambiguous**: one separator, `,` or `.`, once, followed by exactly three digits
///   (`352.100`, `1,530`): read by a listed region's convention, refused without one.
/// - **Fits its convention**: every group separator is followed by 2 or 3 digits and the last
///   one by exactly 3 (Indian `12,34,567` fits), with at most one decimal point, after the
///   groups. Group separators are then dropped. A number that does not fit is refused
///   (`1,5` without a region, `1,106,818` in DE).
///
/// Without a listed region a one-kind number is read as SPEC 18 reads it (`,` groups, `.`
/// decimal).
struct MetricKitNumber: Sendable, Hashable {
    /// The value.
    var value: MetricKitDecimal
    /// Where the number ends in the scalars it was read from.
    var end: Int

    /// Why a number was not read.
    enum Problem: Error, Sendable, Hashable {
        /// No number at the start, or more than 18 digits.
        case none
        /// One `,` or `.`, followed by exactly three digits, with no listed region.
        case ambiguous(String)
        /// Separators the convention does not allow where they are.
        case doesNotFit(String)
        /// A character that is no separator between two digits (SPEC 35): the number as far
        /// as it was read, with that character.
        case foreignCharacter(String)
    }

    /// A separator between two runs of digits.
    private enum Separator: Hashable {
        case comma, point, space
    }

    /// The spaces that group digits (before a digit) or separate the unit (before anything
    /// else): a space, and the no-break spaces (U+00A0, U+202F) some locales' formatters write.
    static let spaces: Set<Unicode.Scalar> = [" ", "\u{00A0}", "\u{202F}"]

    /// The most digits a number may have: its units then fit in 64 bits before a unit's size
    /// multiplies them, and the scale stays under 19.
    private static let maximumDigits = 18

    /// Reads the number at the start of `scalars` by `convention`; nil `convention` is an
    /// absent or unlisted region.
    ///
    /// - Complexity: O(n) in the length of `scalars`.
    static func read(_ scalars: [Unicode.Scalar], convention: MetricKitRegion.Convention?) -> Result<MetricKitNumber, Problem> {
        func isDigit(_ index: Int) -> Bool { index < scalars.count && ("0"..."9").contains(scalars[index]) }
        var runs: [[UInt64]] = [[]]
        var separators: [Separator] = []
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if isDigit(index) {
                runs[runs.count - 1].append(UInt64(scalar.value - 48))
            } else if !runs[runs.count - 1].isEmpty, isDigit(index + 1), let separator = separator(scalar) {
                separators.append(separator)
                runs.append([])
            } else {
                break
            }
            index += 1
        }
        let text = String(String.UnicodeScalarView(scalars[..<index]))
        if !runs[runs.count - 1].isEmpty, isDigit(index + 1), separator(scalars[index]) == nil {
            return .failure(.foreignCharacter(String(String.UnicodeScalarView(scalars[...(index + 1)]))))
        }
        let digitCount = runs.reduce(0) { $0 + $1.count }
        guard digitCount > 0, digitCount <= maximumDigits else { return .failure(.none) }
        let ambiguous = separators.count == 1 && separators[0] != .space && runs[1].count == 3
        if convention == nil, ambiguous { return .failure(.ambiguous(text)) }
        let fitted = Set(separators).count > 1
            ? twoKindDecimals(runs, separators, convention)
            : decimals(runs, separators, convention ?? .pointDecimal)
        guard let decimals = fitted else { return .failure(.doesNotFit(text)) }
        let units = runs.joined().reduce(UInt64(0)) { $0 * 10 + $1 }
        return .success(MetricKitNumber(value: MetricKitDecimal(units: units, scale: decimals), end: index))
    }

    /// The separator `scalar` is, if any.
    private static func separator(_ scalar: Unicode.Scalar) -> Separator? {
        if scalar == "," { return .comma }
        if scalar == "." { return .point }
        return spaces.contains(scalar) ? .space : nil
    }

    /// How many digits follow the decimal mark of a number with two kinds of separator (SPEC
    /// 35): the rightmost `,` or `.` is the mark and the last separator, the ones left of it
    /// are all of one other kind and fit (SPEC 27), and a listed region's `convention` must
    /// have that mark; nil when they do not.
    private static func twoKindDecimals(_ runs: [[UInt64]], _ separators: [Separator], _ convention: MetricKitRegion.Convention?) -> Int? {
        guard let mark = separators.last, mark != .space else { return nil }
        let groups = separators.dropLast()
        guard let group = groups.first, groups.allSatisfy({ $0 == group }), group != mark else { return nil }
        if let convention, mark != (convention == .pointDecimal ? .point : .comma) { return nil }
        for offset in groups.indices {
            let following = runs[offset + 1].count
            guard offset == groups.count - 1 ? following == 3 : (2...3).contains(following) else { return nil }
        }
        return runs[runs.count - 1].count
    }

    /// How many digits follow the decimal point when the runs fit `convention`; nil when they
    /// do not.
    private static func decimals(_ runs: [[UInt64]], _ separators: [Separator], _ convention: MetricKitRegion.Convention) -> Int? {
        let point: Separator = convention == .pointDecimal ? .point : .comma
        var groups = separators
        var decimals = 0
        if separators.last == point {
            groups.removeLast()
            decimals = runs[runs.count - 1].count
        }
        guard !groups.contains(point) else { return nil }
        for (offset, _) in groups.enumerated() {
            let following = runs[offset + 1].count
            let isLast = offset == groups.count - 1
            guard isLast ? following == 3 : (2...3).contains(following) else { return nil }
        }
        return decimals
    }
}

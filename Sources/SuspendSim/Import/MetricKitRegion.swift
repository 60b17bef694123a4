import Foundation

/// The region whose conventions a MetricKit payload's numbers are written in (SPEC 26
/// "Locale"): `metaData.regionFormat`, or `suspendsim import metrickit --region XX`, which
/// overrides every payload's.
///
/// MetricKit formats an `NSMeasurement` in the device's locale, so `"352.100 kB"` is 352.1 kB
/// on an American phone and 352,100 kB on a German one. The regions whose separators SPEC 26
/// lists:
/// - `,` groups and `.` is the decimal point: US, GB, CN, JP, KR, IN, AU;
/// - `.` or a space groups and `,` is the decimal point: DE, FR, ES, IT, NL, RU, BR, PT, TR,
///   SE, PL.
///
/// Any other region (CA among them: its French and English locales differ) counts as absent
/// (SPEC 27 "Field data (26)"): `MetricKitRegion("CA")` is nil.
package struct MetricKitRegion: Sendable, Hashable, CustomStringConvertible {
    /// Which character is the decimal point; the other one (and a space) groups.
    package enum Convention: Sendable, Hashable {
        /// `,` (or a space) groups, `.` is the decimal point; also how a number is read when
        /// the region is absent (SPEC 18).
        case pointDecimal
        /// `.` (or a space) groups, `,` is the decimal point.
        case commaDecimal

        /// The convention in words, for messages.
        var summary: String {
            switch self {
            case .pointDecimal: "\",\" or a space groups, \".\" is the decimal point"
            case .commaDecimal: "\".\" or a space groups, \",\" is the decimal point"
            }
        }
    }

    /// The region code, upper case (`DE`).
    package let code: String
    /// Its separators.
    package let convention: Convention

    /// SPEC 26's regions whose decimal point is `.`, in its order.
    static let pointDecimalRegions = ["US", "GB", "CN", "JP", "KR", "IN", "AU"]
    /// SPEC 26's regions whose decimal point is `,`, in its order.
    static let commaDecimalRegions = ["DE", "FR", "ES", "IT", "NL", "RU", "BR", "PT", "TR", "SE", "PL"]

    /// Every listed region code, in SPEC 26's order: what `--region` accepts.
    package static var known: [String] { pointDecimalRegions + commaDecimalRegions }

    /// The listed region `code` names (any case, surrounding spaces ignored); nil when it is
    /// not listed.
    package init?(_ code: String) {
        let code = code.trimmingCharacters(in: .whitespaces).uppercased()
        if Self.pointDecimalRegions.contains(code) {
            convention = .pointDecimal
        } else if Self.commaDecimalRegions.contains(code) {
            convention = .commaDecimal
        } else {
            return nil
        }
        self.code = code
    }

    package var description: String { code }
}

/// Escapes text from the reports (app ids, scenario names, folder names) for an HTML page
/// (SPEC 15: the page shows the reports' own words, whatever characters they hold).
///
/// Plot's `.text` leaves sequences that look like entities (`&amp;`) as they are, and it
/// writes attribute values without escaping, so every string that comes from a report goes
/// through here and into the page as `.raw`.
enum HTMLEscaping {
    /// `text` with `&`, `<`, `>`, `"` and `'` replaced by entities: safe in element content
    /// and in a double-quoted attribute value.
    static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else {
            return text
        }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A relative link to `path` (folders separated by `/`): each segment percent-encoded
    /// except unreserved characters and `=`, then escaped for an attribute.
    static func href(_ path: String) -> String {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).map { segment -> String in
            var encoded = ""
            for byte in segment.utf8 {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                     UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                     UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "="):
                    encoded.unicodeScalars.append(Unicode.Scalar(byte))
                default:
                    let digits = Array("0123456789ABCDEF".unicodeScalars)
                    encoded += "%"
                    encoded.unicodeScalars.append(digits[Int(byte >> 4)])
                    encoded.unicodeScalars.append(digits[Int(byte & 0xF)])
                }
            }
            return encoded
        }
        return escape(segments.joined(separator: "/"))
    }
}

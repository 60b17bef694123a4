/// Escapes text for an HTML page (SPEC 15: the page shows the reports' own words, whatever
/// characters they hold): the one escaper of the pages (`HTMLNode`), the charts (`SVGWriter`)
/// and the figure documents.
enum HTMLEscaping {
    /// `text` with `&`, `<`, `>`, `"` and `'` replaced by entities: safe in element content
    /// and in a double-quoted attribute value. What a report says goes through here.
    static func escape(_ text: String) -> String {
        escape(text, quotes: true)
    }

    /// `text` with `&`, `<` and `>` replaced by entities, its quotes as they are: safe in
    /// element content only, never in an attribute value. The page's own sentences are
    /// written so ("the app's colour"), as they always were.
    static func escapeContent(_ text: String) -> String {
        escape(text, quotes: false)
    }

    private static func escape(_ text: String, quotes: Bool) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || (quotes && ($0 == 0x22 || $0 == 0x27)) }) else {
            return text
        }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where quotes: result += "&quot;"
            case "'" where quotes: result += "&#39;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A relative link to `path` (folders separated by `/`): each segment percent-encoded
    /// except unreserved characters and `=`. The result holds no character that `escape`
    /// changes; an attribute (`HTMLNode.a(href:)`) escapes it all the same.
    static func href(_ path: String) -> String {
        let digits = Array("0123456789ABCDEF".unicodeScalars)
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).map { segment -> String in
            var encoded = ""
            for byte in segment.utf8 {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                     UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                     UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "="):
                    encoded.unicodeScalars.append(Unicode.Scalar(byte))
                default:
                    encoded += "%"
                    encoded.unicodeScalars.append(digits[Int(byte >> 4)])
                    encoded.unicodeScalars.append(digits[Int(byte & 0xF)])
                }
            }
            return encoded
        }
        return segments.joined(separator: "/")
    }
}

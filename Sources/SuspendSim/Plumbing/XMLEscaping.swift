/// XML 1.0 escaping for `check --junit` (SPEC 14), kept here rather than borrowed from the
/// HTML page's: the two documents have different rules for what a value may hold.
enum XMLEscaping {
    /// Element text: `&`, `<` and `>` escaped, a carriage return as `&#13;` (a parser would
    /// turn a literal one into a line feed), and the characters XML 1.0 cannot hold (controls
    /// other than tab, line feed and carriage return; U+FFFE, U+FFFF) replaced by U+FFFD.
    static func text(_ text: String) -> String {
        escape(text, inAttribute: false)
    }

    /// An attribute value between double quotes: as `text`, and also `"` and `'`, and tab and
    /// line feed as `&#9;` and `&#10;`, because a parser replaces a literal one with a space
    /// (XML 1.0, 3.3.3 "Attribute-Value Normalization"): a message of several lines keeps them.
    static func attribute(_ text: String) -> String {
        escape(text, inAttribute: true)
    }

    private static func escape(_ text: String, inAttribute: Bool) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\r": out += "&#13;"
            case "\"" where inAttribute: out += "&quot;"
            case "'" where inAttribute: out += "&apos;"
            case "\n" where inAttribute: out += "&#10;"
            case "\t" where inAttribute: out += "&#9;"
            case "\n", "\t": out.unicodeScalars.append(scalar)
            default:
                let isForbidden = scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF
                out.unicodeScalars.append(isForbidden ? "\u{FFFD}" : scalar)
            }
        }
        return out
    }
}

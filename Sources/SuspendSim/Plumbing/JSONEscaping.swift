/// JSON strings (RFC 8259, section 7) for the files the tool writes: generated scenario files
/// (`ScenarioJSONWriter`, `ScenarioYAMLWriter`), which YAML must read back too, and MetricKit
/// payloads (SPEC 17).
enum JSONEscaping {
    /// Which characters besides RFC 8259's must be escaped.
    enum Reader {
        /// A JSON reader: `"`, `\` and the C0 controls.
        case json
        /// A YAML reader too: also the characters a YAML double-quoted scalar will not take
        /// raw (YAML 1.2, 5.1 "Character Set"): DEL and the C1 controls, the byte-order mark,
        /// U+FFFE, U+FFFF, and the line and paragraph separators.
        case yaml
    }

    /// `text` between double quotes, escaped for `reader`: `\"`, `\\`, `\n`, `\r`, `\t`, and
    /// `\u00XX` for the other characters that must be escaped.
    static func quoted(_ text: String, for reader: Reader) -> String {
        var out = ""
        appendQuoted(text, for: reader, to: &out)
        return out
    }

    /// Appends `quoted(text, for: reader)` to `out`.
    static func appendQuoted(_ text: String, for reader: Reader, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where mustEscape(scalar.value, for: reader):
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

    /// `text` as it may stand in a comment of a written YAML file (SPEC 35 "Identifiers"): as
    /// it is when no character of it needs an escape, else between double quotes with YAML's
    /// escapes, so that nothing an input holds adds a line of its own to the file.
    static func commentSafe(_ text: String) -> String {
        let isPlain = text.unicodeScalars.allSatisfy { $0 != "\"" && $0 != "\\" && !mustEscape($0.value, for: .yaml) }
        return isPlain ? text : quoted(text, for: .yaml)
    }

    private static func mustEscape(_ value: UInt32, for reader: Reader) -> Bool {
        if value < 0x20 { return true }
        guard reader == .yaml else { return false }
        return (0x7F...0x9F).contains(value) || value == 0xFEFF || value == 0xFFFE || value == 0xFFFF
            || value == 0x2028 || value == 0x2029
    }
}

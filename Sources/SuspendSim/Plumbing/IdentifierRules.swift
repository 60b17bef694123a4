/// The characters SPEC 35 "Identifiers" refuses in what an input names.
///
/// - An identifier read from an input's content (an app id, a bundle id, a process name, a
///   trace app name, a trace user id) must not hold a control character: U+0000-U+001F,
///   U+007F-U+009F (C0, DEL, C1, NEL among them), U+2028 and U+2029 (YAML 1.1 and JavaScript
///   line breaks). Such a character could add a line of its own to a written file.
/// - An app id, a scenario `name` or a text sweep value must not begin with `=`, `+`, `-` or
///   `@`: a spreadsheet runs a CSV cell that begins so as a formula (OWASP "CSV Injection").
package enum IdentifierRules {
    /// Whether `scalar` is a control character in SPEC 35's sense.
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value <= 0x1F || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }

    /// The first control character of `text`, written `U+000A`; nil when it has none.
    package static func controlCharacter(in text: String) -> String? {
        guard let scalar = text.unicodeScalars.first(where: isControl) else { return nil }
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// What is wrong with `text` as an identifier (a control character), in words; nil when
    /// nothing is.
    package static func controlProblem(_ text: String) -> String? {
        controlCharacter(in: text).map { "holds the control character \($0); an identifier may not (SPEC 35)" }
    }

    /// The characters that make a spreadsheet read a cell as a formula when it begins with one.
    package static let formulaStarts: Set<Character> = ["=", "+", "-", "@"]

    /// Whether `text` begins as a spreadsheet formula does.
    package static func isFormulaLike(_ text: String) -> Bool {
        text.first.map(formulaStarts.contains) ?? false
    }

    /// What is wrong with `text` as an app id, a scenario name or a text value (it begins as a
    /// formula), in words; nil when nothing is.
    package static func formulaProblem(_ text: String) -> String? {
        guard let first = text.first, formulaStarts.contains(first) else { return nil }
        return "begins with '\(first)', which a spreadsheet runs as a formula (SPEC 35)"
    }

    /// What is wrong with `bytes` as UTF-8 text, in words: the first byte that does not begin
    /// or continue a well-formed sequence (Unicode 15, section 3.9, "U+FFFD Substitution of
    /// Maximal Subparts" defines the ill-formed subsequences), and its 1-based place; nil when
    /// the bytes are well-formed. An identifier read as bytes is refused rather than decoded
    /// with U+FFFD, which would make two names that differ only in such bytes one name.
    package static func invalidUTF8Problem(_ bytes: some Collection<UInt8>) -> String? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar):
                offset += scalar.count
            case .emptyInput:
                return nil
            case .error(let length):
                let byte = bytes[bytes.index(bytes.startIndex, offsetBy: offset)]
                let hex = String(byte, radix: 16, uppercase: true)
                return "is not valid UTF-8: byte \(offset + 1) (0x\(hex.count < 2 ? "0" : "")\(hex)) begins an ill-formed "
                    + "sequence of \(length) byte\(length == 1 ? "" : "s"); an identifier must be UTF-8 text (SPEC 35)"
            }
        }
    }
}

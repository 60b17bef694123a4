/// UTF-8's byte-order mark, U+FEFF encoded as EF BB BF: the one place that knows it. A scenario
/// text may start with one (`_ScenarioInput` drops it and reads the text as YAML, SPEC 7); the
/// JSON readers step over it (`JSONSyntaxCheck`, `JSONTreeReader`), counting its three bytes in
/// the offsets they report.
enum ByteOrderMark {
    /// The mark's bytes in UTF-8.
    static let utf8: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The mark as a scalar, U+FEFF: where libyaml reads it, a token may begin after it
    /// (`YAMLDocument.AliasFreeText`).
    static let scalar: Unicode.Scalar = "\u{FEFF}"

    /// How many bytes of the mark start `bytes`: 3 or 0.
    static func length(atStartOf bytes: some Collection<UInt8>) -> Int {
        bytes.starts(with: utf8) ? utf8.count : 0
    }

    /// `text` without the mark it starts with, if any.
    static func dropping(from text: String) -> String {
        text.unicodeScalars.first == scalar ? String(text.dropFirst()) : text
    }
}

/// The bytes of a scenario text after its byte-order mark, and the format they are in: the
/// one place where the mark is dropped and the format picked (SPEC 7).
///
/// A text is JSON when its first byte that is not white space is `{`, and YAML otherwise
/// (JSON is YAML too, so YAML is the way every text can take). A text that starts with a
/// byte-order mark is YAML whatever follows: the JSON readers are for the canonical JSON
/// the generators write, which has none, and libyaml reads the rest. The mark itself is
/// dropped (libyaml would skip it too), so that columns on the first line are counted from
/// the first character after it, as libyaml counts them.
struct _ScenarioInput {
    /// How a scenario text is read.
    enum Format {
        /// Composed by Yams (`YAMLDocument`).
        case yaml
        /// A JSON object: the fast path (`JSONFastPath`) or, for a large file, streamed
        /// events (`StreamedJSONEvents`) first, Yams when they decline.
        case json
    }

    /// The text's bytes without the mark (for JSON, the text's bytes).
    let body: UnsafeBufferPointer<UInt8>
    let format: Format

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        let mark = ByteOrderMark.length(atStartOf: bytes)
        if mark > 0 {
            body = UnsafeBufferPointer(rebasing: bytes[mark...])
            format = .yaml
        } else {
            body = bytes
            format = Self.startsWithObject(bytes) ? .json : .yaml
        }
    }

    /// `text` without its byte-order mark, for the one reader that composes a scenario text
    /// itself: `import metrickit`, which edits the user's file as Yams nodes (SPEC 18).
    static func droppingMark(_ text: String) -> String {
        ByteOrderMark.dropping(from: text)
    }

    /// Whether the first byte that is not white space is `{`.
    private static func startsWithObject(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.first { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\t") }
            == UInt8(ascii: "{")
    }
}

extension ScenarioYAMLWriter {
    /// A scenario file to be written as YAML (SPEC 7): a leading comment, then the top-level
    /// mapping's entries in the order given. Scalars hold their text as written; the
    /// constructors below give the exact forms of `ScenarioJSONWriter` (MB as the exact decimal
    /// of KiB / 1024, seconds with up to 3 decimals, strings double-quoted), so that the file
    /// reads back to the same values.
    struct Document: Sendable {
        /// The leading comment, one line each, without the `# `.
        var comments: [String] = []
        /// The top-level mapping's entries.
        var entries: [Entry] = []
    }

    /// A key, its value, and a comment for the end of the key's line.
    struct Entry: Sendable {
        var key: String
        var value: Value
        /// Written after the entry's first line (`key: value   # comment`); an entry inside a
        /// flow mapping has no line of its own, and its comment is not written.
        var comment: String?

        init(_ key: String, _ value: Value, comment: String? = nil) {
            self.key = key
            self.value = value
            self.comment = comment
        }
    }

    /// An item of a block sequence and a comment for the end of its line.
    struct Item: Sendable {
        var value: Value
        var comment: String?

        init(_ value: Value, comment: String? = nil) {
            self.value = value
            self.comment = comment
        }
    }

    /// A value: a scalar, or a mapping or sequence in block style (one entry or item a line)
    /// or flow style (all on one line: `{ at: 1, open: a }`, `[audio]`).
    indirect enum Value: Sendable {
        /// A scalar's text, written as it is.
        case scalar(String)
        case mapping([Entry])
        case sequence([Item])
        case flowMapping([Entry])
        case flowSequence([Value])

        /// A plain scalar: `text` must read back as itself (a policy name, a state, a number).
        static func plain(_ text: String) -> Value { .scalar(text) }

        /// A string, double-quoted (`ScenarioJSONWriter.quoted`).
        static func quoted(_ text: String) -> Value { .scalar(ScenarioJSONWriter.quoted(text)) }

        /// KiB as the exact MB (`ScenarioJSONWriter.mb`: `0.0625`, `120`).
        static func mb(_ kib: KiB) -> Value { .scalar(ScenarioJSONWriter.mb(kib)) }

        /// Milliseconds as the exact seconds (`ScenarioJSONWriter.seconds`: `1.5`, `30`).
        static func seconds(_ ms: Millis) -> Value { .scalar(ScenarioJSONWriter.seconds(ms)) }
    }
}

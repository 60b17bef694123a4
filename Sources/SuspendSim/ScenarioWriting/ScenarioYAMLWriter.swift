/// Writes a scenario document (`ScenarioYAMLWriter.Document`) as YAML text in the file format
/// of SPEC 7: the leading comment's lines as `# line`, then the top-level mapping, two spaces
/// of indentation a level. A block mapping or sequence puts each entry or item on a line of
/// its own (`- ` before an item); a flow one, and an empty one, is written on its parent's
/// line (`{ id: a, active_mb: 120 }`, `[audio]`, `[]`). A comment attached to an entry or
/// item follows its first line after three spaces (`- { ... }   # why`).
///
///     var document = ScenarioYAMLWriter.Document(comments: ["Imported (SPEC 12)."])
///     document.entries = [.init("policy", .plain("jetsam")), .init("events", .flowSequence([]))]
///     ScenarioYAMLWriter.yaml(document)   // "# Imported (SPEC 12).\npolicy: jetsam\nevents: []\n"
///
/// The writer adds no quoting of its own: scalars are written as their text, so a document
/// built with `Value.quoted`, `.mb` and `.seconds` reads back to the same values. Comment
/// text is written as given, on one line.
enum ScenarioYAMLWriter {
    /// The document's text, ending in a newline.
    static func yaml(_ document: Document) -> String {
        var lines = document.comments.map(comment)
        for entry in document.entries { write(entry, indent: 0, into: &lines) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One comment line: `# text`, or `#` for an empty one.
    static func comment(_ text: String) -> String { text.isEmpty ? "#" : "# " + text }

    private static func write(_ entry: Entry, indent: Int, into lines: inout [String]) {
        let key = String(repeating: " ", count: indent) + entry.key + ":"
        if let block = blockLines(entry.value, indent: indent + 2) {
            lines.append(commented(key, entry.comment))
            lines += block
        } else {
            lines.append(commented(key + " " + inline(entry.value), entry.comment))
        }
    }

    private static func write(_ item: Item, indent: Int, into lines: inout [String]) {
        let dash = String(repeating: " ", count: indent) + "- "
        if var block = blockLines(item.value, indent: indent + 2) {
            // The first entry (or inner item) goes on the dash's line.
            block[0] = commented(dash + block[0].dropFirst(indent + 2), item.comment)
            lines += block
        } else {
            lines.append(commented(dash + inline(item.value), item.comment))
        }
    }

    /// The lines of a non-empty block collection at `indent`; nil for what is written inline.
    private static func blockLines(_ value: Value, indent: Int) -> [String]? {
        var lines: [String] = []
        switch value {
        case .mapping(let entries) where !entries.isEmpty:
            for entry in entries { write(entry, indent: indent, into: &lines) }
        case .sequence(let items) where !items.isEmpty:
            for item in items { write(item, indent: indent, into: &lines) }
        default:
            return nil
        }
        return lines
    }

    /// A value on one line, collections in flow style.
    private static func inline(_ value: Value) -> String {
        switch value {
        case .scalar(let text):
            text
        case .mapping(let entries), .flowMapping(let entries):
            entries.isEmpty ? "{}" : "{ " + entries.map { "\($0.key): \(inline($0.value))" }.joined(separator: ", ") + " }"
        case .sequence(let items):
            "[" + items.map { inline($0.value) }.joined(separator: ", ") + "]"
        case .flowSequence(let values):
            "[" + values.map(inline).joined(separator: ", ") + "]"
        }
    }

    private static func commented(_ line: String, _ comment: String?) -> String {
        comment.map { line + "   # " + $0 } ?? line
    }
}

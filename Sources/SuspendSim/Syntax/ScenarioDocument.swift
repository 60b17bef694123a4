/// A scenario file parsed into nodes, ready for `ScenarioReader`: the bytes → document step of
/// reading (docs/architecture.md). `YAMLDocument` makes one from any text, `JSONDocument`
/// from the canonical JSON the generators write; `ScenarioDecoding` picks which.
struct ScenarioDocument: Sendable {
    /// The root node; nil for a text with no document (empty, or only comments).
    var root: ScenarioNode?
    /// Placeholder key spellings -> the key as written: the keys `YAMLDocument` renamed to
    /// locate a duplicate (empty for any other document).
    var originalKeys: [String: String] = [:]
}

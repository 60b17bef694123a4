/// One node of a scenario document: what `ScenarioReader` walks, whichever parser made it.
///
/// Two parsers make these trees. `YAMLDocument` composes any file with Yams and converts its
/// nodes, resolving each plain scalar's type as YAML 1.1 does (`2048` a number, `lru` a
/// string, `yes` a boolean). `JSONDocument` reads the canonical JSON the generators write
/// straight from its bytes and gives the tree Yams would have given for the same text, marks
/// included, so a file's scenario does not depend on which parser read it (tested on every
/// bundled scenario written as JSON).
///
/// Every node carries where it starts in the file (1-based line, and column counted in
/// Unicode scalars, as libyaml counts them) for the reader's messages and the scenario's
/// event lines; a node made from `--set` text has no place.
enum ScenarioNode: Sendable {
    case scalar(Scalar)
    case sequence(Sequence)
    case mapping(Mapping)
    /// A YAML alias the composer left in place; the reader only names it in messages.
    case alias(Position?)

    /// Where a node starts in its file.
    struct Position: Sendable, Equatable {
        var line: Int
        var column: Int
    }

    /// A scalar's text and the type YAML gives it.
    struct Scalar: Sendable {
        /// The text as the document holds it (quotes and escapes already read).
        var string: String
        var type: ScalarType
        /// Whether the text was written plain, without quotes (`.5e3` unquoted may still be a
        /// number to the reader; quoted, it is a string).
        var isPlain: Bool
        var position: Position?
    }

    /// The type of a scalar: its resolved YAML tag (`!!str`, `!!int`, ...).
    enum ScalarType: Sendable, Equatable {
        case string
        case int
        case float
        case bool(Bool)
        case null
        /// Any other tag (a timestamp, `!!binary`, a custom `!tag`): the reader takes none.
        case other
    }

    /// A list's items.
    struct Sequence: Sendable, RandomAccessCollection {
        var items: [ScenarioNode]
        var position: Position?

        var startIndex: Int { items.startIndex }
        var endIndex: Int { items.endIndex }
        subscript(index: Int) -> ScenarioNode { items[index] }
    }

    /// A mapping's keys and values, in file order (duplicates included: the reader reports
    /// them).
    struct Mapping: Sendable, RandomAccessCollection {
        var pairs: [(key: ScenarioNode, value: ScenarioNode)]
        var position: Position?

        var startIndex: Int { pairs.startIndex }
        var endIndex: Int { pairs.endIndex }
        subscript(index: Int) -> (key: ScenarioNode, value: ScenarioNode) { pairs[index] }

        /// The keys, in file order.
        var keys: [ScenarioNode] { pairs.map(\.key) }

        /// The value of the first key whose text is `name`.
        func value(forKey name: String) -> ScenarioNode? {
            pairs.first { $0.key.scalarText == name }?.value
        }
    }

    /// Where the node starts, if it has a place in a file.
    var position: Position? {
        switch self {
        case .scalar(let scalar): scalar.position
        case .sequence(let sequence): sequence.position
        case .mapping(let mapping): mapping.position
        case .alias(let position): position
        }
    }

    /// The 1-based line where the node starts, if known.
    var line: Int? { position?.line }

    /// The 1-based column where the node starts, if known.
    var column: Int? { position?.column }

    /// A scalar's text; nil for other nodes.
    var scalarText: String? {
        guard case .scalar(let scalar) = self else { return nil }
        return scalar.string
    }

    /// A scalar's type; nil for other nodes.
    var scalarType: ScalarType? {
        guard case .scalar(let scalar) = self else { return nil }
        return scalar.type
    }

    /// Whether the node is a scalar YAML reads as null: empty, `~` or `null`.
    var isNullScalar: Bool { scalarType == .null }

    /// Whether the node is a scalar YAML reads as a string (quoted, or plain text that is not
    /// a number, boolean, null or timestamp).
    var isStringScalar: Bool { scalarType == .string }

    /// How a message names the node after "got": `"abc"` for strings, `12`, `true` and `null`
    /// as written, `a list`, `a mapping`.
    var summary: String {
        switch self {
        case .scalar(let scalar):
            if scalar.type == .null { return "null" }
            let text = scalar.string.count > 40 ? String(scalar.string.prefix(40)) + "…" : scalar.string
            return scalar.type == .string ? text.debugDescription : text
        case .sequence:
            return "a list"
        case .mapping:
            return "a mapping"
        case .alias:
            return "an alias"
        }
    }
}

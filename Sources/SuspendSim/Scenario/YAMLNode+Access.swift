import Yams

/// Small questions the scenario reader asks of Yams nodes.
extension Node {
    /// The 1-based line where the node starts, if known.
    var line: Int? { mark?.line }

    /// The 1-based column where the node starts, if known.
    var column: Int? { mark?.column }

    /// The node's resolved tag name (`!!str`, `!!int`, `!!null`, ...).
    var resolvedTagName: Tag.Name { Tag.Name(rawValue: tag.rawValue) }

    /// Whether the node is a scalar YAML reads as null: empty, `~` or `null`.
    var isNullScalar: Bool {
        guard case .scalar = self else { return false }
        return resolvedTagName == .null
    }

    /// Whether the node is a scalar YAML reads as a string (quoted, or plain text that is not
    /// a number, boolean, null or timestamp).
    var isStringScalar: Bool {
        guard case .scalar = self else { return false }
        return resolvedTagName == .str
    }

    /// How a message names the node after "got": `"abc"` for strings, `12`, `true` and `null`
    /// as written, `a list`, `a mapping`.
    var summary: String {
        switch self {
        case .scalar(let scalar):
            if resolvedTagName == .null { return "null" }
            let text = scalar.string.count > 40 ? String(scalar.string.prefix(40)) + "…" : scalar.string
            return resolvedTagName == .str ? text.debugDescription : text
        case .sequence:
            return "a list"
        case .mapping:
            return "a mapping"
        case .alias:
            return "an alias"
        }
    }
}

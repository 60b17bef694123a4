import Yams

extension MetricKitImport {
    /// `node` with its flow collections marked flow again, so that `{ at: 0, open: a }` is
    /// written back on one line rather than as a block.
    ///
    /// Yams composes every mapping and sequence with the style `.any` (it reads the style from
    /// the collection's end event, which has none), so the style is recovered from the text:
    /// a collection whose start mark (line and column, counted in Unicode scalars as libyaml
    /// counts them) points at `{` or `[` was written in flow style. An empty null inside a
    /// flow collection (`home` in `{ at: 100, home }`) is written `null`: libyaml would quote
    /// an empty scalar there, and `''` is a string, not a null.
    ///
    /// - Complexity: O(n) in the nodes, after O(n) to split `text` into lines.
    static func restoringFlow(_ node: Node, in text: String) -> Node {
        let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
        return restoringFlow(node, lines: lines, inFlow: false)
    }

    private static func restoringFlow(_ node: Node, lines: [[Unicode.Scalar]], inFlow: Bool) -> Node {
        switch node {
        case .mapping(var mapping):
            let flow = inFlow || opens(mapping.mark, with: "{", in: lines)
            if flow { mapping.style = .flow }
            for index in mapping.indices {
                let pair = mapping[index]
                mapping[index] = (restoringFlow(pair.key, lines: lines, inFlow: flow), restoringFlow(pair.value, lines: lines, inFlow: flow))
            }
            return .mapping(mapping)
        case .sequence(var sequence):
            let flow = inFlow || opens(sequence.mark, with: "[", in: lines)
            if flow { sequence.style = .flow }
            for index in sequence.indices { sequence[index] = restoringFlow(sequence[index], lines: lines, inFlow: flow) }
            return .sequence(sequence)
        case .scalar(let scalar):
            let isEmptyNull = scalar.string.isEmpty && scalar.style == .plain && node.null != nil
            return inFlow && isEmptyNull ? Node("null", Tag(.null)) : node
        case .alias:
            return node
        }
    }

    /// Whether the character at `mark` (1-based line and column) is `bracket`.
    private static func opens(_ mark: Mark?, with bracket: Unicode.Scalar, in lines: [[Unicode.Scalar]]) -> Bool {
        guard let mark, lines.indices.contains(mark.line - 1) else { return false }
        let line = lines[mark.line - 1]
        return line.indices.contains(mark.column - 1) && line[mark.column - 1] == bracket
    }

    /// A JSON scenario (its top level a flow mapping) turned into YAML's usual shape: the top
    /// level and each of its values in block style, deeper collections (an app, an event, a
    /// list of ids) left in flow style, one a line, and strings unquoted wherever YAML reads
    /// them back as the same strings (`"18.4"` stays quoted).
    static func unfoldJSON(_ mapping: inout Node.Mapping) {
        mapping.style = .block
        for index in mapping.indices {
            let pair = mapping[index]
            var value = unquoted(pair.value)
            switch value {
            case .mapping(var inner):
                inner.style = .block
                value = .mapping(inner)
            case .sequence(var inner):
                inner.style = .block
                value = .sequence(inner)
            case .scalar, .alias:
                break
            }
            mapping[index] = (unquoted(pair.key), value)
        }
    }

    /// `node` with every quoted string that reads the same unquoted written plain.
    private static func unquoted(_ node: Node) -> Node {
        switch node {
        case .mapping(var mapping):
            for index in mapping.indices {
                let pair = mapping[index]
                mapping[index] = (unquoted(pair.key), unquoted(pair.value))
            }
            return .mapping(mapping)
        case .sequence(var sequence):
            for index in sequence.indices { sequence[index] = unquoted(sequence[index]) }
            return .sequence(sequence)
        case .scalar(let scalar):
            // `represented()` keeps the style `.any` only for a string YAML reads back as one.
            let plain = scalar.string.represented()
            let isString = scalar.style == .doubleQuoted || scalar.style == .singleQuoted
            return isString && plain.style == .any ? .scalar(plain) : node
        case .alias:
            return node
        }
    }
}

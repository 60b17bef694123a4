import Yams

extension ScenarioNode {
    /// The scenario node for a node Yams composed: its tag resolved once, its mark kept.
    init(_ node: Node) {
        switch node {
        case .scalar(let scalar):
            self = .scalar(Scalar(yams: scalar, resolvedTag: Tag.Name(rawValue: node.tag.rawValue)))
        case .sequence(let sequence):
            self = .sequence(Sequence(items: sequence.map(ScenarioNode.init), position: Position(sequence.mark)))
        case .mapping(let mapping):
            self = .mapping(Mapping(pairs: mapping.map { (ScenarioNode($0.key), ScenarioNode($0.value)) },
                                    position: Position(mapping.mark)))
        case .alias(let alias):
            self = .alias(Position(alias.mark))
        }
    }

    /// A plain scalar holding `text`, with no place in any file, typed as YAML types a plain
    /// scalar (`2048` a number, `lru` a string, `yes` a boolean): a value from `--set`.
    static func plainScalar(_ text: String) -> ScenarioNode {
        ScenarioNode(.scalar(Node.Scalar(text, .implicit, .plain)))
    }
}

extension ScenarioNode.Scalar {
    fileprivate init(yams scalar: Node.Scalar, resolvedTag: Tag.Name) {
        let type: ScenarioNode.ScalarType =
            switch resolvedTag {
            case .str: .string
            case .int: .int
            case .float: .float
            case .null: .null
            case .bool: Bool.construct(from: scalar).map { .bool($0) } ?? .other
            default: .other
            }
        self.init(string: scalar.string, type: type, isPlain: scalar.style == .plain, position: ScenarioNode.Position(scalar.mark))
    }
}

extension ScenarioNode.Position {
    fileprivate init?(_ mark: Mark?) {
        guard let mark else { return nil }
        self.init(line: mark.line, column: mark.column)
    }
}

import Yams

extension YAMLDocument {
    /// The position of the first mapping key of `node` that is an alias or a collection, if
    /// any, in the tree of a text's `AliasFreeText`: `aliases` are where its aliases were,
    /// now plain scalars.
    ///
    /// Scenario keys are plain text, and Yams hashes every key while it looks for duplicates:
    /// a key that is an alias of nested aliases (`? *g` after `g: &g [*f, *f, ...]`) would make
    /// it hash an exponential expansion, seconds for a few hundred bytes. In the alias-free
    /// tree nothing expands, so such a key is found before the text itself is composed.
    ///
    /// - Complexity: O(n) in the number of nodes.
    static func firstComplexKey(in node: Node, aliases: Set<TextPoint>) -> TextPoint? {
        switch node {
        case .mapping(let mapping):
            for (key, value) in mapping {
                let position = TextPoint(line: key.mark?.line ?? 0, column: key.mark?.column ?? 0)
                switch key {
                case .scalar:
                    if aliases.contains(position) { return position }
                case .mapping, .sequence, .alias:
                    return position
                }
                if let found = firstComplexKey(in: value, aliases: aliases) { return found }
            }
            return nil
        case .sequence(let sequence):
            for item in sequence {
                if let found = firstComplexKey(in: item, aliases: aliases) { return found }
            }
            return nil
        case .scalar, .alias:
            return nil
        }
    }
}

import Yams

extension YAMLDocument {
    /// The position of the first mapping key that is an alias or a collection, if any.
    ///
    /// Scenario keys are plain text, and Yams hashes every key while it looks for duplicates:
    /// a key that is an alias of nested aliases (`? *g` after `g: &g [*f, *f, ...]`) makes it
    /// hash an exponential expansion, seconds for a few hundred bytes. So a text that has
    /// aliases is first composed with every alias turned into a plain scalar of the same
    /// length (`*g` -> `_g`), which cannot expand, and its keys are checked; only a text that
    /// passes goes to the real composition.
    ///
    /// - Complexity: O(n); nothing is done for a text without `*`.
    static func complexKeyPosition(in text: String) -> (line: Int, column: Int)? {
        guard text.utf8.contains(UInt8(ascii: "*")) else { return nil }
        var scalars = Array(text.unicodeScalars)
        var aliases = Set<Position>()
        var line = 1
        var column = 1
        for index in scalars.indices {
            let scalar = scalars[index]
            if scalar == "*", index + 1 < scalars.count, !isSeparator(scalars[index + 1]),
               index == 0 || isSeparator(scalars[index - 1]) || "[{,".unicodeScalars.contains(scalars[index - 1]) {
                scalars[index] = "_"
                aliases.insert(Position(line: line, column: column))
            }
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        guard let root = try? Yams.compose(yaml: String(view)) else { return nil }
        return firstComplexKey(in: root, aliases: aliases)
    }

    private struct Position: Hashable {
        var line: Int
        var column: Int
    }

    private static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
    }

    private static func firstComplexKey(in node: Node, aliases: Set<Position>) -> (line: Int, column: Int)? {
        switch node {
        case .mapping(let mapping):
            for (key, value) in mapping {
                let position = Position(line: key.mark?.line ?? 0, column: key.mark?.column ?? 0)
                switch key {
                case .scalar:
                    if aliases.contains(position) { return (position.line, position.column) }
                case .mapping, .sequence, .alias:
                    return (position.line, position.column)
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

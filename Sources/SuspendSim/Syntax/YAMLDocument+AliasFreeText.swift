extension YAMLDocument {
    /// A 1-based line and column, counted as libyaml counts them (`TextPosition`).
    struct TextPoint: Hashable, Sendable {
        var line: Int
        var column: Int
    }

    /// A scenario text with every alias written as a plain scalar of the same length
    /// (`*name` becomes `_name`), and where each alias was: what `aliasCheck(_:)` composes to
    /// count what aliases add (SPEC 35) without expanding any of them.
    ///
    /// The rule is lexical. libyaml reads an alias where a token begins: after white space, a
    /// line break, a byte-order mark, a flow indicator (`[`, `]`, `{`, `}`, `,`) or, in a flow
    /// collection, `:` and `?` (libyaml's `yaml_parser_fetch_next_token` takes both as
    /// indicators there with no space after them), and its name is the run of `[0-9A-Za-z_-]`
    /// after the `*` (`yaml_parser_scan_anchor`). Every `*` so placed and so followed is
    /// rewritten, wherever it stands:
    /// - inside a quoted or block scalar or a comment it is not an alias, and `_` in its place
    ///   changes that text but not the document's structure; its position is not where any
    ///   node begins, so it names no node either;
    /// - where it is an alias, `_name` is a plain scalar that begins at the alias's line and
    ///   column, so the composed node carries the alias's mark.
    ///
    /// A plain scalar may go on where an alias stops (`_name:x`, `_name more`): then the
    /// composed scalar at the alias's position is longer than `_name`, and `AliasTally` says so.
    ///
    /// - Complexity: O(n) in the length of the text.
    struct AliasFreeText {
        /// The text with every alias rewritten.
        var text: String
        /// Each rewritten `*`'s position, and the anchor name after it.
        var aliases: [TextPoint: String] = [:]

        init(_ original: String) {
            var scalars = Array(original.unicodeScalars)
            var line = 1
            var column = 1
            var index = 0
            while index < scalars.count {
                let scalar = scalars[index]
                if scalar == "*", index + 1 < scalars.count, Self.isNameScalar(scalars[index + 1]),
                    index == 0 || Self.mayPrecedeToken(scalars[index - 1])
                {
                    var end = index + 1
                    while end < scalars.count, Self.isNameScalar(scalars[end]) { end += 1 }
                    let point = TextPoint(line: line, column: column)
                    aliases[point] = String(String.UnicodeScalarView(scalars[(index + 1)..<end]))
                    scalars[index] = "_"
                }
                if scalar == "\r", index + 1 < scalars.count, scalars[index + 1] == "\n" {
                    index += 1
                }
                if Self.isBreak(scalar) {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
                index += 1
            }
            text = String(String.UnicodeScalarView(scalars))
        }

        /// libyaml's anchor characters (`IS_ALPHA`): ASCII letters and digits, `_` and `-`.
        private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar {
            case "0"..."9", "A"..."Z", "a"..."z", "_", "-": true
            default: false
            }
        }

        /// Whether a token may begin right after `scalar`.
        private static func mayPrecedeToken(_ scalar: Unicode.Scalar) -> Bool {
            isBreak(scalar) || scalar == ByteOrderMark.scalar || " \t[]{},:?".unicodeScalars.contains(scalar)
        }

        /// libyaml's line breaks (`IS_BREAK`): `\n`, `\r`, NEL, LS and PS (`\r\n` is one).
        private static func isBreak(_ scalar: Unicode.Scalar) -> Bool {
            "\n\r\u{85}\u{2028}\u{2029}".unicodeScalars.contains(scalar)
        }
    }
}

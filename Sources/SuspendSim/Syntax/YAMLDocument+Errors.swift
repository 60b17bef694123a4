import Yams

extension YAMLDocument {
    /// A mistake in a text's YAML, where the text has it: all the syntax layer knows. The
    /// scenario layer names the file (`compose(_:file:)` gives a `ScenarioLoader.Diagnostic`).
    struct SyntaxError: Error, Sendable {
        /// The 1-based line, when known.
        var line: Int?
        /// The 1-based column (in Unicode scalars, as libyaml counts), when known.
        var column: Int?
        /// What is wrong, for people.
        var message: String
    }

    /// The located error for an error Yams threw while composing `text`.
    static func syntaxError(for error: YamlError, text: String) -> SyntaxError {
        switch error {
        case .scanner(let context, let problem, let mark, _),
            .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            return SyntaxError(
                line: mark.line, column: mark.column,
                message: "YAML syntax error: " + describe(problem: problem, context: context) + tabHint(text, line: mark.line, column: mark.column))
        case .reader(let problem, let offset, _, _):
            var line: Int?
            var column: Int?
            // Yams gives the offset in Characters of `text`.
            if let offset, let index = text.index(text.startIndex, offsetBy: offset, limitedBy: text.endIndex) {
                let scalars = Array(text.unicodeScalars)
                let scalarOffset = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: index)
                (line, column) = TextPosition.lineAndColumn(ofScalarAt: scalarOffset, in: scalars)
            }
            return SyntaxError(line: line, column: column, message: "YAML syntax error: \(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            let keys = duplicates.map { "'\($0)'" }.joined(separator: ", ")
            return SyntaxError(
                line: context.mark.line, column: context.mark.column,
                message: "duplicate key \(keys)")
        default:
            // Memory, emitter and encoding errors: nothing to locate.
            return SyntaxError(message: "cannot read YAML: \(error)")
        }
    }

    /// `; line N is indented with a tab, ...` when the error's line begins with white space
    /// holding a tab, or its column is a tab: YAML indents with spaces only (YAML 1.2, 6.1
    /// "Indentation Spaces"), and libyaml's own words ("found character that cannot start any
    /// token") do not say so. Empty otherwise.
    static func tabHint(_ text: String, line: Int, column: Int) -> String {
        guard line >= 1 else { return "" }
        var lines = text.split(separator: "\n", maxSplits: line, omittingEmptySubsequences: false)
        guard lines.count >= line else { return "" }
        let scalars = Array(lines[line - 1].unicodeScalars)
        lines.removeAll()
        let indent = scalars.prefix { $0 == " " || $0 == "\t" }
        let atColumn = column >= 1 && column <= scalars.count && scalars[column - 1] == "\t"
        guard indent.contains("\t") || atColumn else { return "" }
        return "; line \(line) holds a tab where YAML wants spaces: indent with spaces, never tabs"
    }

    /// libyaml's problem and context as one sentence:
    /// "did not find expected ',' or ']' (while parsing a flow sequence at line 1, column 4)".
    private static func describe(problem: String, context: YamlError.Context?) -> String {
        guard let context else { return problem }
        let contextText = context.text.trimmingTrailingWhitespace
        if problem.hasPrefix("but ") {
            // "expected a single document in the stream but found another document"
            return "\(contextText) \(problem)"
        }
        return "\(problem) (\(contextText) at line \(context.mark.line), column \(context.mark.column))"
    }
}

extension String {
    fileprivate var trimmingTrailingWhitespace: String {
        var result = self
        while let last = result.last, last.isWhitespace { result.removeLast() }
        return result
    }
}

import Yams

/// Composes a scenario text with Yams into a `ScenarioDocument`: the way every file can be
/// read, and the one whose messages are canonical.
///
/// Yams itself refuses a mapping with a duplicate key, naming only the first occurrence.
/// To report the duplicate where it is, with its field path, `compose` renames that first
/// occurrence in the text to a same-length placeholder and composes again; the reader sees
/// both keys, maps the placeholder back through `originalKeys` and reports the second one.
enum YAMLDocument {
    /// At most this many keys are renamed; beyond that the next duplicate is reported as Yams
    /// found it (located, without a field path). Each rename composes the text again, so this
    /// bounds a file full of duplicates to five passes.
    static let maxRenamedKeys = 4

    /// Composes `text`; a YAML syntax error becomes one located `SyntaxError` (which the
    /// scenario layer reports as a diagnostic of its file: `compose(_:file:)`). Before any key
    /// is checked, aliases that add more than 10,000 nodes and nesting deeper than 256 levels
    /// are refused (SPEC 35, `aliasCheck(_:)` for a text with `*`, `depthProblem(_:)` for one
    /// without), and so is a mapping key that is an alias or a collection.
    static func compose(_ text: String) throws(SyntaxError) -> ScenarioDocument {
        let hasAliases = text.utf8.contains(UInt8(ascii: "*"))
        if hasAliases {
            let check = aliasCheck(text)
            if let problem = check.problem { throw problem }
            if let key = check.complexKey {
                throw SyntaxError(
                    line: key.line, column: key.column,
                    message: complexKeyMessage)
            }
        }
        var current = text
        var originalKeys: [String: String] = [:]
        // Placeholders are made of the Private Use Area U+E000...U+F8FF, which libyaml accepts
        // in plain and quoted scalars; a text that uses it already gets no renaming.
        let canRename = !text.unicodeScalars.contains { privateUse.contains($0.value) }
        while true {
            let error: any Error
            switch Result(catching: { try Yams.compose(yaml: current) }) {
            case .success(let root):
                if !hasAliases, let problem = root.flatMap({ depthProblem($0) }) { throw problem }
                return ScenarioDocument(root: root.map(ScenarioNode.init), originalKeys: originalKeys)
            case .failure(let caught):
                error = caught
            }
            guard let yamlError = error as? YamlError else {
                throw SyntaxError(message: "cannot read YAML: \(error)")
            }
            if case .duplicatedKeysInMapping(let duplicates, let context) = yamlError,
                let key = duplicates.first,
                canRename, originalKeys.count < maxRenamedKeys,
                let renamed = renaming(key: key, at: context.mark, in: current, number: originalKeys.count)
            {
                originalKeys[renamed.placeholder] = key
                current = renamed.text
                continue
            }
            throw syntaxError(for: yamlError, text: current)
        }
    }

    /// The scalars placeholders are made of.
    static let privateUse: ClosedRange<UInt32> = 0xE000...0xF8FF

    /// `text` with the key `key` written at `mark` replaced by a placeholder of as many Unicode
    /// scalars (so that every other mark stays put); nil when the text there is not plainly
    /// `key`, `'key'` or `"key"`.
    static func renaming(key: String, at mark: Mark, in text: String, number: Int)
        -> (text: String, placeholder: String)?
    {
        var scalars = Array(text.unicodeScalars)
        let keyScalars = Array(key.unicodeScalars)
        guard !keyScalars.isEmpty, number < 0x18FF,
            var start = TextPosition.scalarOffset(line: mark.line, column: mark.column, in: scalars)
        else { return nil }

        let quote = scalars[start]
        let isQuoted = quote == "'" || quote == "\""
        if isQuoted { start += 1 }
        let end = start + keyScalars.count
        guard end <= scalars.count, Array(scalars[start..<end]) == keyScalars else { return nil }
        if isQuoted, end >= scalars.count || scalars[end] != quote { return nil }

        // The first scalar numbers the placeholder.
        var placeholderScalars: [Unicode.Scalar] = []
        for position in 0..<keyScalars.count {
            let value: UInt32 = position == 0 ? 0xE000 + UInt32(number) : 0xE000
            guard let scalar = Unicode.Scalar(value) else { return nil }
            placeholderScalars.append(scalar)
        }
        scalars.replaceSubrange(start..<end, with: placeholderScalars)
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        var placeholder = String.UnicodeScalarView()
        placeholder.append(contentsOf: placeholderScalars)
        return (String(view), String(placeholder))
    }
}

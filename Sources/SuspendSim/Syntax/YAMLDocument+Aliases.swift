import Yams

extension YAMLDocument {
    /// SPEC 35 "Aliases" and "Ranges", checked before Yams composes the text itself (Yams'
    /// composer hashes every mapping key while it looks for duplicates, an alias key with what
    /// it names expanded, so that a 900-byte alias bomb would cost minutes and gigabytes):
    /// - aliases add at most `InputLimits.aliasNodes` nodes to one document, each adding the
    ///   node count of what it names with nested aliases expanded (every key, value and
    ///   collection counts 1); the alias that passes the cap is the error, at its line and
    ///   column;
    /// - mappings and sequences nest at most `InputLimits.depth` deep; the collection that
    ///   opens the level past it is the error.
    ///
    /// nil means that Yams may compose `text`: a text that cannot be composed gives nil when
    /// it has no `*` (composing it says where it is wrong), and its located error otherwise
    /// (`aliasCheck(_:)`).
    ///
    /// - Complexity: O(n) in the length of the text, for each duplicate key renamed (at most
    ///   `maxRenamedKeys`); memory O(n).
    static func shapeProblem(in text: String) -> SyntaxError? {
        let check = aliasCheck(text)
        if check.cannotCompose, !text.utf8.contains(UInt8(ascii: "*")) { return nil }
        return check.problem
    }

    /// The first mapping or sequence of `node` that opens a level past `InputLimits.depth`
    /// (SPEC 35), for a text without aliases, which `shapeProblem(in:)` does not read: libyaml
    /// stops at 1000 levels, so the walk is bounded.
    static func depthProblem(_ node: Node, depth: Int = 1) -> SyntaxError? {
        switch node {
        case .scalar, .alias:
            return nil
        case .sequence, .mapping:
            guard depth <= InputLimits.depth else {
                return SyntaxError(line: node.mark?.line, column: node.mark?.column,
                                   message: "mappings and lists nest deeper than \(InputLimits.depth) levels here (SPEC 35)")
            }
        }
        if case .sequence(let sequence) = node {
            for child in sequence {
                if let problem = depthProblem(child, depth: depth + 1) { return problem }
            }
        } else if case .mapping(let mapping) = node {
            for (key, value) in mapping {
                if let problem = depthProblem(key, depth: depth + 1) ?? depthProblem(value, depth: depth + 1) { return problem }
            }
        }
        return nil
    }

    /// What composing a text's `AliasFreeText` says, before the text itself is composed.
    struct AliasCheck {
        /// Aliases past the cap, nesting past the limit, an alias key written `*name:x`, or
        /// the located error of a text that cannot be composed.
        var problem: SyntaxError?
        /// Whether `problem` is the error of an alias-free text that could not be composed.
        var cannotCompose = false
        /// The first mapping key that is an alias or a collection, in a text of one document
        /// and no duplicate key (`firstComplexKey(in:aliases:)`).
        var complexKey: TextPoint?
    }

    /// The message for a mapping key that is not plain text.
    static let complexKeyMessage = "a mapping key must be plain text, not an alias or a list or mapping"

    /// Composes `text` with every alias written as a plain scalar (`AliasFreeText`), which
    /// costs what composing a text of that length costs whatever the aliases name, and walks
    /// each document in the order of libyaml's events (`AliasTally`). Duplicate keys are
    /// renamed as `compose(_:)` renames them, so that they do not hide what follows.
    ///
    /// Where a plain scalar runs on past an alias (`AliasTally.runOn`), the walk stops: after
    /// an alias YAML allows only a space, a line break or a flow indicator, so the text is no
    /// YAML there, and Yams stops at that alias too; except for `*name:x` in a flow
    /// collection, an alias key (the alias-free tree does not say whether it is in one), so
    /// that `*name:x` is refused as a key wherever it is a node.
    ///
    /// A text that cannot be composed so gives the problem the text before its mistake makes,
    /// or no problem when the aliases Yams would expand before the mistake are all counted
    /// (`textBefore(_:in:aliases:mayCompose:)`: Yams then says what is wrong, as before), or else its
    /// error: its aliases cannot all be counted, so the text itself must not be composed.
    static func aliasCheck(_ text: String) -> AliasCheck {
        let free = AliasFreeText(text)
        let canRename = !text.unicodeScalars.contains { privateUse.contains($0.value) }
        var current = free.text
        var renamed = 0
        while true {
            var roots: [Node] = []
            var tally = AliasTally(aliases: free.aliases)
            do {
                let parser = try Parser(yaml: current)
                while tally.runOn == nil, let root = try parser.nextRoot() {
                    // The anchors the nodes name live as long as the parser.
                    let problem = withExtendedLifetime(parser) { tally.document(root) }
                    if let problem { return AliasCheck(problem: problem) }
                    roots.append(root)
                }
            } catch let error as YamlError {
                if case .duplicatedKeysInMapping(let duplicates, let context) = error,
                    let key = duplicates.first, canRename, renamed < maxRenamedKeys,
                    let renaming = renaming(key: key, at: context.mark, in: current, number: renamed)
                {
                    current = renaming.text
                    renamed += 1
                    continue
                }
                let problem = syntaxError(for: error, text: text)
                var isDuplicate = false
                if case .duplicatedKeysInMapping = error { isDuplicate = true }
                switch textBefore(problem, in: current, aliases: free.aliases, mayCompose: !isDuplicate) {
                case .problem(let earlier):
                    return AliasCheck(problem: earlier)
                case .bounded:
                    // Yams may compose the text itself, to say what is wrong as it says it.
                    return AliasCheck()
                case .unknown:
                    return AliasCheck(problem: problem, cannotCompose: true)
                }
            } catch {
                return AliasCheck(problem: SyntaxError(message: "cannot read YAML: \(error)"), cannotCompose: true)
            }
            if let runOn = tally.runOn, runOn.colon {
                return AliasCheck(problem: SyntaxError(line: runOn.point.line, column: runOn.point.column, message: complexKeyMessage))
            }
            var check = AliasCheck()
            // Yams composes one document of a scenario, and says so of a text of several.
            if renamed == 0, roots.count == 1 {
                check.complexKey = firstComplexKey(in: roots[0], aliases: Set(free.aliases.keys))
            }
            return check
        }
    }
}

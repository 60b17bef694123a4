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
        /// Aliases past the cap, nesting past the limit, an alias a plain scalar would swallow
        /// (`AliasFreeText.adjacentColon`), or the located error of a text that cannot be
        /// composed.
        var problem: SyntaxError?
        /// Whether `problem` is the error of an alias-free text that could not be composed.
        var cannotCompose = false
        /// The first mapping key that is an alias or a collection, in a text of one document
        /// and no duplicate key (`firstComplexKey(in:aliases:)`).
        var complexKey: TextPoint?
    }

    /// Composes `text` with every alias written as a plain scalar (`AliasFreeText`), which
    /// costs what composing a text of that length costs whatever the aliases name, and walks
    /// each document in the order of libyaml's events (`AliasTally`). Duplicate keys are
    /// renamed as `compose(_:)` renames them, so that they do not hide what follows.
    ///
    /// A text that cannot be composed so gives the problem its lines before the mistake make
    /// (`problemBefore(line:in:aliases:)`), or else its error: its aliases cannot all be
    /// counted, so the text itself must not be composed. The error is the one the text gives in all but
    /// texts whose aliases are themselves wrong (an alias with an anchor or a tag, an alias
    /// name followed by a character that may not follow it), whose real error comes earlier.
    static func aliasCheck(_ text: String) -> AliasCheck {
        let free = AliasFreeText(text)
        let canRename = !text.unicodeScalars.contains { privateUse.contains($0.value) }
        var current = free.text
        var renamed = 0
        while true {
            let parser: Parser
            var roots: [Node] = []
            var tally = AliasTally(aliases: free.aliases)
            do {
                parser = try Parser(yaml: current)
                while let root = try parser.nextRoot() {
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
                if let earlier = problemBefore(line: problem.line, in: current, aliases: free.aliases) {
                    return AliasCheck(problem: earlier)
                }
                return AliasCheck(problem: problem, cannotCompose: true)
            } catch {
                return AliasCheck(problem: SyntaxError(message: "cannot read YAML: \(error)"), cannotCompose: true)
            }
            if let point = free.adjacentColon {
                return AliasCheck(problem: SyntaxError(
                    line: point.line, column: point.column,
                    message: "a mapping key must be plain text, not an alias or a list or mapping"))
            }
            var check = AliasCheck()
            // Yams composes one document of a scenario, and says so of a text of several.
            if renamed == 0, roots.count == 1 {
                check.complexKey = firstComplexKey(in: roots[0], aliases: Set(free.aliases.keys))
            }
            return check
        }
    }

    /// The problem `AliasTally` finds in the lines of `text` before `line`, where a text that
    /// cannot be composed went wrong, when those lines compose: libyaml's events come in the
    /// order of the text, so an alias past the cap or a level past the limit before the
    /// mistake is found before it, as the events would find it. Lines that do not compose
    /// either (a flow collection left open) are cut again before their own mistake, or one
    /// line sooner, at most `maxCuts` times.
    private static func problemBefore(line: Int?, in text: String, aliases: [TextPoint: String]) -> SyntaxError? {
        let scalars = Array(text.unicodeScalars)
        guard var cut = line else { return nil }
        for _ in 0..<maxCuts {
            guard cut > 1 else { return nil }
            // A mistake at the end of the text is on a line with nothing in it.
            let end = TextPosition.scalarOffset(line: cut, column: 1, in: scalars) ?? scalars.count
            do {
                let parser = try Parser(yaml: String(String.UnicodeScalarView(scalars[..<end])))
                var tally = AliasTally(aliases: aliases)
                while let root = try parser.nextRoot() {
                    if let problem = withExtendedLifetime(parser, { tally.document(root) }) { return problem }
                }
                return nil
            } catch {
                let mistake = (error as? YamlError).flatMap { syntaxError(for: $0, text: text).line } ?? cut
                cut = min(mistake, cut - 1)
            }
        }
        return nil
    }

    /// How many shorter texts `problemBefore(line:in:aliases:)` composes at most.
    private static let maxCuts = 4

    /// The running counts of one document, taken in the order of libyaml's events: the open
    /// collections, each anchor's expanded node count, and what aliases added.
    private struct AliasTally {
        /// Where the alias-free text had an alias, and the anchor it named.
        let aliases: [TextPoint: String]
        /// Open mappings and sequences.
        var depth = 0
        /// Each anchor's node count, aliases expanded; a later anchor of the same name
        /// replaces an earlier one, as YAML says.
        var sizes: [String: Int] = [:]
        /// Each anchor object's node count: a node that carries an anchor already counted is
        /// an alias the alias-free text kept (none should be), counted once, not walked.
        var counted: [ObjectIdentifier: Int] = [:]
        /// The nodes aliases added to the current document.
        var added = 0

        init(aliases: [TextPoint: String]) {
            self.aliases = aliases
        }

        /// Counts a document's root; the problem it makes, if any.
        mutating func document(_ root: Node) -> SyntaxError? {
            depth = 0
            sizes = [:]
            added = 0
            do {
                _ = try count(root)
                return nil
            } catch {
                return error
            }
        }

        /// The node count of `node`, its aliases expanded; throws the first problem.
        private mutating func count(_ node: Node) throws(SyntaxError) -> Int {
            let point = node.mark.map { TextPoint(line: $0.line, column: $0.column) }
            if case .scalar = node, let point, let name = aliases[point] {
                return try alias(adding: sizes[name] ?? 0, at: point)
            }
            if let anchor = node.anchor, let size = counted[ObjectIdentifier(anchor)] {
                return try alias(adding: size, at: point)
            }
            var nodes = 1
            switch node {
            case .scalar, .alias:
                break
            case .sequence(let sequence):
                try open(at: point)
                for child in sequence { nodes += try count(child) }
                depth -= 1
            case .mapping(let mapping):
                try open(at: point)
                for (key, value) in mapping { nodes += try count(key) + count(value) }
                depth -= 1
            }
            if let anchor = node.anchor {
                sizes[anchor.rawValue] = nodes
                counted[ObjectIdentifier(anchor)] = nodes
            }
            return nodes
        }

        /// A collection opens a level at `point`.
        private mutating func open(at point: TextPoint?) throws(SyntaxError) {
            guard depth < InputLimits.depth else {
                throw SyntaxError(line: point?.line, column: point?.column,
                                  message: "mappings and lists nest deeper than \(InputLimits.depth) levels here (SPEC 35)")
            }
            depth += 1
        }

        /// An alias at `point` adds `size` nodes; the error when the document's aliases pass
        /// the cap.
        private mutating func alias(adding size: Int, at point: TextPoint?) throws(SyntaxError) -> Int {
            added += size
            if added > InputLimits.aliasNodes {
                throw SyntaxError(line: point?.line, column: point?.column, message: "this alias adds \(size) node\(size == 1 ? "" : "s"), and the aliases "
                    + "of the document would add \(added): more than the \(InputLimits.aliasNodes) aliases may add (SPEC 35)")
            }
            return size
        }
    }
}

import Yams

extension YAMLDocument {
    /// The running counts of one document, taken in the order of libyaml's events: the open
    /// collections, each anchor's expanded node count, and what aliases added.
    struct AliasTally {
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
        /// The first alias of the first document that names no anchor before it.
        var undefinedAlias: TextPoint?
        /// The documents counted.
        var documents = 0
        /// The alias where a plain scalar ran on (`_name:x`, `_name more`), and whether a `:`
        /// follows its name; the walk stops there.
        var runOn: (point: TextPoint, colon: Bool)?

        init(aliases: [TextPoint: String]) {
            self.aliases = aliases
        }

        /// Counts a document's root; the problem it makes, if any.
        mutating func document(_ root: Node) -> SyntaxError? {
            depth = 0
            sizes = [:]
            added = 0
            documents += 1
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
            if case .scalar(let scalar) = node, let point, let name = aliases[point] {
                if sizes[name] == nil, documents == 1, undefinedAlias == nil { undefinedAlias = point }
                let size = try alias(adding: sizes[name] ?? 0, at: point)
                let written = "_" + name
                if scalar.string.hasPrefix(written), scalar.string != written {
                    runOn = (point, scalar.string.dropFirst(written.count).hasPrefix(":"))
                }
                return size
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
                for child in sequence where runOn == nil { nodes += try count(child) }
                depth -= 1
            case .mapping(let mapping):
                try open(at: point)
                for (key, value) in mapping where runOn == nil {
                    nodes += try count(key)
                    if runOn == nil { nodes += try count(value) }
                }
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

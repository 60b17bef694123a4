// libyaml's events, which Yams reads but does not hand out: the one way to count what an
// alias names without composing what it expands to.
import CYaml
import Yams

extension YAMLDocument {
    /// SPEC 35 "Aliases" and "Ranges", checked on libyaml's events before Yams composes the
    /// text (Yams copies what an alias names into the tree, and hashes keys while it looks for
    /// duplicates, so that a 900-byte alias bomb costs minutes and gigabytes):
    /// - aliases add at most `InputLimits.aliasNodes` nodes to one document, each adding the
    ///   node count of what it names with nested aliases expanded (every key, value and
    ///   collection counts 1); the alias that passes the cap is the error, at its line and
    ///   column;
    /// - mappings and sequences nest at most `InputLimits.depth` deep; the collection that
    ///   opens the level past it is the error.
    ///
    /// A text that libyaml cannot parse gives nil here: composing it says where it is wrong.
    ///
    /// - Complexity: O(n) in the length of the text; memory O(anchors + depth).
    static func shapeProblem(in text: String) -> SyntaxError? {
        var text = text
        return text.withUTF8 { bytes in
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) == 1 else { return nil }
            defer { yaml_parser_delete(&parser) }
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            yaml_parser_set_input_string(&parser, bytes.baseAddress, bytes.count)
            var tally = AliasTally()
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
                defer { yaml_event_delete(&event) }
                if event.type == YAML_STREAM_END_EVENT { return nil }
                if let problem = tally.take(event) { return problem }
            }
        }
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

    /// The running counts of one pass: the open collections' node counts, each anchor's
    /// expanded node count, and what aliases added to the current document.
    private struct AliasTally {
        /// An open mapping or sequence: its anchor and its node count so far.
        var open: [(anchor: String?, nodes: Int)] = []
        /// Each anchor's node count, aliases expanded; a later anchor of the same name
        /// replaces an earlier one, as YAML says.
        var sizes: [String: Int] = [:]
        /// The nodes aliases added to the current document.
        var added = 0

        /// Takes one event; the problem it makes, if any.
        mutating func take(_ event: yaml_event_t) -> SyntaxError? {
            let mark = (line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
            switch event.type {
            case YAML_DOCUMENT_START_EVENT:
                added = 0
                sizes = [:]
            case YAML_SCALAR_EVENT:
                close(1, anchor: Self.text(event.data.scalar.anchor))
            case YAML_ALIAS_EVENT:
                let size = Self.text(event.data.alias.anchor).flatMap { sizes[$0] } ?? 0
                added += size
                if added > InputLimits.aliasNodes {
                    return SyntaxError(line: mark.line, column: mark.column, message: "this alias adds \(size) node\(size == 1 ? "" : "s"), and the aliases "
                        + "of the document would add \(added): more than the \(InputLimits.aliasNodes) aliases may add (SPEC 35)")
                }
                close(size, anchor: nil)
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                guard open.count < InputLimits.depth else {
                    return SyntaxError(line: mark.line, column: mark.column,
                                       message: "mappings and lists nest deeper than \(InputLimits.depth) levels here (SPEC 35)")
                }
                let anchor = event.type == YAML_SEQUENCE_START_EVENT ? event.data.sequence_start.anchor : event.data.mapping_start.anchor
                open.append((Self.text(anchor), 1))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                if let collection = open.popLast() { close(collection.nodes, anchor: collection.anchor) }
            default:
                break
            }
            return nil
        }

        /// A node of `nodes` nodes is complete: it counts in its collection, and is what its
        /// anchor names from now on.
        private mutating func close(_ nodes: Int, anchor: String?) {
            if let anchor { sizes[anchor] = nodes }
            if !open.isEmpty { open[open.count - 1].nodes += nodes }
        }

        /// libyaml's NUL-terminated anchor name.
        private static func text(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
            pointer.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
        }
    }
}

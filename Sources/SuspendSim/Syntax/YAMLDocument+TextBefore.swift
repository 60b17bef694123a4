import Yams

extension YAMLDocument {
    /// What the text before the mistake of a text that cannot be composed says.
    enum TextBefore {
        /// A problem `AliasTally` finds there, or an alias there that names no anchor.
        case problem(SyntaxError)
        /// None, and the aliases up to the mistake add at most the cap: Yams may compose the
        /// text itself, which stops at its mistake (no later than the alias-free text's).
        case bounded
        /// Nothing known: the text itself must not be composed.
        case unknown
    }

    /// What `text`, an alias-free text, says before `mistake`, where it went wrong: libyaml's
    /// events come in the order of the text, so an alias past the cap or a level past the
    /// limit before the mistake is found before it, as the events would find it; else an
    /// alias there that names no anchor, where composing the text would stop.
    ///
    /// The text is cut at the mistake; a text cut so that does not compose (a flow collection
    /// left open) is cut again at the beginning of a line, one line sooner each time, at most
    /// `maxCuts` times. Where a plain scalar runs on past an alias in the cut text, Yams stops
    /// at that alias, as `aliasCheck(_:)` says. When the cut
    /// text has no problem and `mayCompose` (the mistake is where Yams stops, not a duplicate
    /// key, found when a whole mapping is composed), the aliases between the cut and the
    /// mistake name anchors it counted, no anchor is written there, and all of them together
    /// keep the document within the cap, Yams may compose the original text: it stops at a
    /// mistake no later than this one (an alias is a plain scalar's stricter twin), having
    /// expanded no more than the cap.
    static func textBefore(_ mistake: SyntaxError, in text: String, aliases: [TextPoint: String], mayCompose: Bool) -> TextBefore {
        let scalars = Array(text.unicodeScalars)
        guard var line = mistake.line, let column = mistake.column else { return .unknown }
        // A mistake at the end of the text is on a line with nothing in it.
        let mistakeOffset = TextPosition.scalarOffset(line: line, column: column, in: scalars) ?? scalars.count
        var end = mistakeOffset
        for _ in 0..<maxCuts {
            guard end > 0 else { return .unknown }
            do {
                let parser = try Parser(yaml: String(String.UnicodeScalarView(scalars[..<end])))
                var tally = AliasTally(aliases: aliases)
                while tally.runOn == nil, let root = try parser.nextRoot() {
                    if let problem = withExtendedLifetime(parser, { tally.document(root) }) { return .problem(problem) }
                }
                if let undefined = tally.undefinedAlias {
                    return .problem(SyntaxError(
                        line: undefined.line, column: undefined.column,
                        message: "YAML syntax error: found undefined alias" + tabHint(text, line: undefined.line, column: undefined.column)))
                }
                // Where a plain scalar runs on past an alias, Yams stops (`aliasCheck(_:)`).
                if let runOn = tally.runOn {
                    if runOn.colon {
                        return .problem(SyntaxError(line: runOn.point.line, column: runOn.point.column, message: complexKeyMessage))
                    }
                    return mayCompose ? .bounded : .unknown
                }
                let rest = scalars[end..<mistakeOffset]
                guard mayCompose, !rest.contains("&") else { return .unknown }
                let cut = TextPosition.lineAndColumn(ofScalarAt: end, in: scalars)
                let later = aliases.filter { point, _ in
                    (point.line, point.column) >= (cut.line, cut.column) && (point.line, point.column) <= (line, column)
                }
                let adding = later.values.reduce(0) { $0 + (tally.sizes[$1] ?? 0) }
                return tally.added + adding <= InputLimits.aliasNodes ? .bounded : .unknown
            } catch {
                let start = TextPosition.scalarOffset(line: line, column: 1, in: scalars) ?? scalars.count
                if start < end {
                    end = start
                } else {
                    line -= 1
                    end = line >= 1 ? TextPosition.scalarOffset(line: line, column: 1, in: scalars) ?? 0 : 0
                }
            }
        }
        return .unknown
    }

    /// How many shorter texts `textBefore(_:in:aliases:mayCompose:)` composes at most.
    private static let maxCuts = 4
}

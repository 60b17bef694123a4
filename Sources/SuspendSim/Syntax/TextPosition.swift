/// Line and column arithmetic on scenario text, counted as libyaml counts: 1-based, columns
/// in Unicode scalars, and line breaks `\n`, `\r\n`, `\r`, NEL, LS and PS.
enum TextPosition {
    /// The 1-based line and column of the scalar at `scalarOffset`.
    static func lineAndColumn(ofScalarAt scalarOffset: Int, in scalars: [Unicode.Scalar]) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        var index = 0
        let end = min(max(scalarOffset, 0), scalars.count)
        while index < end {
            if let width = lineBreakWidth(at: index, in: scalars) {
                line += 1
                column = 1
                index += width
            } else {
                column += 1
                index += 1
            }
        }
        return (line, column)
    }

    /// The offset of the scalar at 1-based `line` and `column`, or nil when there is none.
    static func scalarOffset(line: Int, column: Int, in scalars: [Unicode.Scalar]) -> Int? {
        var currentLine = 1
        var currentColumn = 1
        var index = 0
        while index < scalars.count {
            if currentLine == line, currentColumn == column { return index }
            if currentLine > line { return nil }
            if let width = lineBreakWidth(at: index, in: scalars) {
                currentLine += 1
                currentColumn = 1
                index += width
            } else {
                currentColumn += 1
                index += 1
            }
        }
        return nil
    }

    /// How many scalars the line break at `index` spans (2 for `\r\n`), or nil for none.
    private static func lineBreakWidth(at index: Int, in scalars: [Unicode.Scalar]) -> Int? {
        switch scalars[index] {
        case "\r":
            return index + 1 < scalars.count && scalars[index + 1] == "\n" ? 2 : 1
        case "\n", "\u{85}", "\u{2028}", "\u{2029}":
            return 1
        default:
            return nil
        }
    }
}

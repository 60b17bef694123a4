/// How wide a chart label is drawn, and how a label too long for its room is fitted (SPEC 19:
/// no two labels of a chart overlap and none is cut off; a long label wraps or is shortened,
/// with the whole label in an SVG `<title>`).
///
/// The page fetches no font (SPEC 15), so a label's width is estimated from the advance widths
/// of DejaVu Sans (Bitstream Vera's metrics, the widest of the faces the style sheet names),
/// per character, in em; bold adds 10 %. The faces a browser picks instead (San Francisco,
/// Segoe UI, Roboto, Arial) are narrower, so a label estimated to fit does fit.
///
/// ```swift
/// TextMetrics.width("com.example.photoeditor", size: 11)                        // about 140
/// TextMetrics.fit("app.com.example.photoeditor.suspended_mb=55", width: 160, size: 13, keep: .end)
/// // (text: "…suspended_mb=55", shortened: true)
/// ```
enum TextMetrics {
    /// Which part of a shortened label stays: its end (a sweep setting ends with its value), or
    /// its start and end (an app id: the vendor and the product name).
    enum Keep {
        case end, middle
    }

    /// How far a line of text reaches above its baseline, in em (DejaVu Sans's ascent).
    static let ascent = 0.93

    /// The ellipsis that marks a shortened label.
    static let ellipsis: Character = "…"

    /// The estimated width in pixels of `text` drawn at `size` px.
    static func width(_ text: String, size: Double, bold: Bool = false) -> Double {
        var ems = 0.0
        for character in text { ems += advance(character) }
        return ems * size * (bold ? 1.1 : 1.0)
    }

    /// `text` as drawn in at most `width` pixels: whole when it fits, else shortened with an
    /// ellipsis, keeping `keep`. `shortened` says whether the label needs its `<title>`.
    static func fit(_ text: String, width: Double, size: Double, bold: Bool = false, keep: Keep = .middle)
        -> (text: String, shortened: Bool) {
        guard Self.width(text, size: size, bold: bold) > width else { return (text, false) }
        let characters = Array(text)
        // The longest shortened form that fits: binary search on the characters kept.
        var low = 0, high = characters.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if Self.width(shortened(characters, keeping: middle, keep: keep), size: size, bold: bold) <= width {
                low = middle
            } else {
                high = middle - 1
            }
        }
        return (shortened(characters, keeping: low, keep: keep), true)
    }

    /// `text` broken into at most `lines` lines of at most `width` pixels, at spaces, after
    /// `.` and `_`, or anywhere when a word is longer than a line; the last line is shortened
    /// (keeping its end) when the rest does not fit. `shortened`: something was left out.
    static func wrap(_ text: String, width: Double, size: Double, bold: Bool = false, lines: Int)
        -> (lines: [String], shortened: Bool) {
        var result: [String] = []
        var rest = Substring(text)
        while !rest.isEmpty, result.count < lines - 1 {
            if Self.width(String(rest), size: size, bold: bold) <= width { break }
            var cut = rest.startIndex
            var lastBreak: String.Index?
            var index = rest.startIndex
            while index < rest.endIndex {
                let next = rest.index(after: index)
                guard Self.width(String(rest[rest.startIndex..<next]), size: size, bold: bold) <= width else { break }
                cut = next
                if " ._=/-".contains(rest[index]) { lastBreak = next }
                index = next
            }
            if cut == rest.startIndex { cut = rest.index(after: cut) }
            let end = lastBreak ?? cut
            result.append(String(rest[..<end]).trimmingTrailingSpaces())
            rest = rest[end...].drop { $0 == " " }
        }
        guard !rest.isEmpty else { return (result, false) }
        let last = fit(String(rest), width: width, size: size, bold: bold, keep: .end)
        result.append(last.text)
        return (result, last.shortened)
    }

    private static func shortened(_ characters: [Character], keeping count: Int, keep: Keep) -> String {
        switch keep {
        case .end:
            return String(ellipsis) + String(characters.suffix(count))
        case .middle:
            let head = (count + 1) / 2
            return String(characters.prefix(head)) + String(ellipsis) + String(characters.suffix(count - head))
        }
    }

    /// DejaVu Sans's advance width of `character`, in em (rounded up to 0.01).
    static func advance(_ character: Character) -> Double {
        if let width = widths[character] { return width }
        if character.isNumber { return 0.64 }
        if character.isUppercase { return character == "M" || character == "W" ? 1.0 : 0.79 }
        if character.isLowercase { return character == "m" || character == "w" ? 0.98 : 0.64 }
        return 1.0
    }

    /// The characters whose width is not the usual 0.64 em of a lowercase letter or a digit.
    private static let widths: [Character: Double] = [
        " ": 0.32, ".": 0.32, ",": 0.32, ":": 0.34, ";": 0.34, "·": 0.32, "'": 0.28, "\"": 0.46, "!": 0.4,
        "i": 0.28, "j": 0.28, "l": 0.28, "f": 0.36, "t": 0.4, "r": 0.42, "s": 0.53, "c": 0.56, "z": 0.53,
        "I": 0.3, "J": 0.3, "(": 0.4, ")": 0.4, "[": 0.4, "]": 0.4, "/": 0.34, "|": 0.34, "-": 0.37,
        "_": 0.5, "=": 0.84, "+": 0.84, "<": 0.84, ">": 0.84, "%": 0.95, "–": 0.5, "—": 1.0, "…": 1.0,
    ]
}

extension String {
    /// The string without the spaces at its end.
    fileprivate func trimmingTrailingSpaces() -> String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}

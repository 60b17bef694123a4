/// A value of the sweep key `app.<id>.background_modes` (SPEC 41): the app's modes joined by
/// `+` (`audio+fetch`), or `none`; in a file's `sweep:` also a YAML list of modes (`[]` is
/// `none`). Its text form lists the modes in SPEC 4's order (`BackgroundMode.allCases`: the
/// continuous modes, then the wake-only ones), so that `fetch+audio` is `audio+fetch`, the
/// sweep column and the what-ifs (SPEC 25) hold one spelling, and two spellings of one set in
/// one sweep are one point twice (SPEC 35).
enum ModeSetValue {
    /// The text that means no mode.
    static let none = "none"

    /// What is wrong with a mode set's names.
    enum Problem: Error, Hashable {
        case unknown(String)
        case repeated(String)

        var message: String {
            switch self {
            case .unknown(let name):
                "unknown background mode '\(name)'; expected none, or modes joined by + among "
                    + BackgroundMode.allCases.map(\.rawValue).joined(separator: ", ")
            case .repeated(let name): "background mode '\(name)' is given twice in one value"
            }
        }
    }

    /// The modes of a `+` text (`none`: no mode).
    static func modes(_ text: String) throws(Problem) -> [BackgroundMode] {
        if text == none { return [] }
        return try modes(names: text.split(separator: "+", omittingEmptySubsequences: false).map(String.init))
    }

    /// The modes named by `names`, each once.
    static func modes(names: [String]) throws(Problem) -> [BackgroundMode] {
        var modes: [BackgroundMode] = []
        for name in names {
            guard let mode = BackgroundMode(rawValue: name) else { throw .unknown(name) }
            guard !modes.contains(mode) else { throw .repeated(name) }
            modes.append(mode)
        }
        return modes
    }

    /// `modes` as the sweep column writes them: in SPEC 4's order, joined by `+`; `none` for none.
    static func text(_ modes: [BackgroundMode]) -> String {
        let ordered = BackgroundMode.allCases.filter(modes.contains)
        return ordered.isEmpty ? none : ordered.map(\.rawValue).joined(separator: "+")
    }

    /// `text` in its ordered form, or `text` itself when it names no mode set (the reading of
    /// its point then says what is wrong).
    static func normalized(_ text: String) -> String {
        (try? modes(text)).map(Self.text) ?? text
    }
}

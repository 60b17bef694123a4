import Foundation

/// Reads scenario files (SPEC 7) into `Scenario` values, validating everything first.
///
/// ```swift
/// do {
///     for path in try ScenarioLoader.scenarioFiles(in: ["Scenarios"]) {
///         let scenario = try ScenarioLoader.load(path: path)
///         ...
///     }
/// } catch {
///     print(error)   // "Scenarios/x.yaml:12:5: apps[1].active_mb: must be a number, got \"abc\""
/// }
/// ```
///
/// A file is valid or not as a whole: the loader reports every problem it can find (unknown
/// or duplicate keys, wrong types, unknown apps, events or modes, negative memory or times,
/// duplicate app ids, events out of time order, missing required keys, YAML syntax errors),
/// each with its file, line, column and field, and returns a scenario only when there is none.
/// No input makes it crash.
///
/// Numbers are converted exactly from their decimal text: seconds to whole milliseconds and
/// MB to whole KiB (1 MB = 1024 KiB), rounding half away from zero. Memory and times must
/// not be negative (except `allocate` and `system_allocate` amounts) and must not exceed
/// 2^32 MB or s in magnitude. An optional key, when present, must hold a proper value: `null`
/// does not stand for its default.
public enum ScenarioLoader {
    /// Reads and validates one file (YAML; JSON is valid YAML too).
    ///
    /// - Throws: `ScenarioLoader.Error` with every problem found, each naming `path`.
    /// - Complexity: O(n) in the file's size.
    public static func load(path: String) throws(ScenarioLoader.Error) -> Scenario {
        // The same reading as a batch's (a large JSON file straight from its bytes, any other
        // file as text); a scenario is the template's scenario as written.
        try template(path: path).scenario
    }

    /// Parses `text` as if it came from `path` (which only names it in diagnostics and in
    /// the scenario's `sourcePath`).
    ///
    /// - Throws: `ScenarioLoader.Error` with every problem found.
    /// - Complexity: O(n) in the text's length.
    public static func parse(_ text: String, path: String) throws(ScenarioLoader.Error) -> Scenario {
        // libyaml skips a byte-order mark by itself; dropping it here keeps columns on line 1
        // the same for the duplicate-key recovery in `YAMLDocument`.
        var text = text.hasPrefix("\u{FEFF}") ? String(text.unicodeScalars.dropFirst()) : text
        let fast = text.withUTF8 { bytes in
            JSONFastPath.looksLikeJSON(bytes) ? JSONFastPath.parse(bytes, path: path) : nil
        }
        if var scenario = fast {
            scenario.sourcePath = path
            return scenario
        }
        return try parseComposing(text, path: path)
    }

    /// Parses `text` through the YAML composer and the scenario reader: the path every file
    /// can take, and the one whose messages are canonical.
    static func parseComposing(_ text: String, path: String) throws(ScenarioLoader.Error) -> Scenario {
        try ScenarioTemplate.read(YAMLDocument.compose(text, file: path), path: path, settings: []).scenario
    }

    /// The diagnostics in file order (those without a line first); at least one.
    static func sorted(_ diagnostics: [ScenarioLoader.Diagnostic], file: String) -> [ScenarioLoader.Diagnostic] {
        guard !diagnostics.isEmpty else {
            return [ScenarioLoader.Diagnostic(file: file, message: "not a valid scenario")]
        }
        return diagnostics.enumerated().sorted { lhs, rhs in
            let left = (lhs.element.line ?? 0, lhs.element.column ?? 0, lhs.offset)
            let right = (rhs.element.line ?? 0, rhs.element.column ?? 0, rhs.offset)
            return left < right
        }.map(\.element)
    }

    /// The file's bytes; a missing or unreadable file is one diagnostic.
    static func readBytes(path: String) throws(ScenarioLoader.Error) -> Data {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw ScenarioLoader.Error(ScenarioLoader.Diagnostic(file: path, message: "no such file"))
        }
        guard !isFolder.boolValue else {
            throw ScenarioLoader.Error(ScenarioLoader.Diagnostic(file: path, message: "is a folder, not a scenario file"))
        }
        do {
            // Mapped rather than copied where the system allows: large files are read once.
            return try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe)
        } catch {
            throw ScenarioLoader.Error(ScenarioLoader.Diagnostic(file: path, message: "cannot read the file: \(error.localizedDescription)"))
        }
    }
}

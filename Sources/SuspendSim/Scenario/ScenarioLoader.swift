/// Reads scenario files (SPEC 7) into `Scenario` values, validating everything first.
///
/// ```swift
/// do {
///     for path in try ScenarioLoader.scenarioFiles(in: ["Scenarios"]) {
///         let scenario = try ScenarioLoader.load(path: path)
///         print(scenario.name, Simulation.run(scenario).pressureKilled)
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
    /// Reads and validates one file (YAML; JSON is valid YAML too), as `ScenarioDecoding`
    /// decodes it.
    ///
    /// - Throws: `ScenarioLoader.Error` with every problem found, each naming `path`.
    /// - Complexity: O(n) in the file's size.
    public static func load(path: String) throws(ScenarioLoader.Error) -> Scenario {
        // The same reading as a batch's; a scenario is the template's scenario as written.
        try template(path: path).scenario
    }

    /// Parses `text` as if it came from `path` (which only names it in diagnostics and in
    /// the scenario's `sourcePath`), as `ScenarioDecoding` decodes it.
    ///
    /// - Throws: `ScenarioLoader.Error` with every problem found.
    /// - Complexity: O(n) in the text's length.
    public static func parse(_ text: String, path: String) throws(ScenarioLoader.Error) -> Scenario {
        try ScenarioDecoding.decode(text: text, path: path).reading.scenario
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
}

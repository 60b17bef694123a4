extension YAMLDocument {
    /// Composes `text`, the text of `file`: a syntax error becomes the file's one located
    /// diagnostic.
    static func compose(_ text: String, file: String) throws(ScenarioLoader.Error) -> ScenarioDocument {
        do {
            return try compose(text)
        } catch {
            throw ScenarioLoader.Error(ScenarioLoader.Diagnostic(
                file: file, line: error.line, column: error.column, message: error.message, kind: .syntax))
        }
    }
}

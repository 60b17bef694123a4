extension ScenarioLoader {
    /// Why a scenario file did not load: every problem found, in file order.
    ///
    /// A file with any diagnostic is invalid as a whole: nothing of it is simulated (SPEC 7).
    public struct Error: Swift.Error, Sendable, CustomStringConvertible {
        /// The problems, at least one, sorted by line and column (file-wide ones first).
        public var diagnostics: [ScenarioLoader.Diagnostic]

        /// An error made of `diagnostics`.
        public init(diagnostics: [ScenarioLoader.Diagnostic]) {
            self.diagnostics = diagnostics
        }

        /// An error made of one diagnostic.
        init(_ diagnostic: ScenarioLoader.Diagnostic) {
            self.init(diagnostics: [diagnostic])
        }

        /// One diagnostic per line.
        public var description: String {
            diagnostics.map(\.description).joined(separator: "\n")
        }
    }
}

extension ScenarioLoader {
    /// Why a scenario file did not load: every problem found, in file order.
    ///
    /// A file with any diagnostic is invalid as a whole: nothing of it is simulated (SPEC 7).
    /// Two errors are equal when their diagnostics are, in order:
    /// `#expect(throws: ScenarioLoader.Error(diagnostics: [...]))` states a file's whole verdict.
    public struct Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
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

        /// The kind of the first diagnostic: `.file` or `.syntax` when the file could not be
        /// read or parsed (then it is the only one), else `.value` or `.argument`. Each
        /// diagnostic carries its own.
        public var kind: ScenarioLoader.Diagnostic.Kind {
            diagnostics.first?.kind ?? .value
        }

        /// One diagnostic per line.
        public var description: String {
            diagnostics.map(\.description).joined(separator: "\n")
        }
    }
}

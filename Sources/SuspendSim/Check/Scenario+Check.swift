extension Scenario {
    /// One failed assertion of a scenario's `expect:` block (SPEC 7, 14): the key, where the
    /// file wrote it, and what differs. `description` is the line `suspendsim check` prints,
    /// `FILE:LINE: expect.KEY...` (pytest's style), then the details.
    public struct ExpectationFailure: Sendable, Hashable, CustomStringConvertible {
        /// The `expect:` key, as the file writes it: `evictions`, `survivors`, `survives`,
        /// `never_killed`, `killed` or `max_pressure_kills`.
        public let key: String
        /// The scenario's file (`sourcePath`), nil for a scenario built in code.
        public let file: String?
        /// The line the key (or its `by_policy` override) is written on; nil when unknown.
        public let line: Int?
        /// What differs, starting with the key: `evictions (memory-pressure, in order):` and
        /// the expected and actual lists, and so on.
        public let message: String

        public init(key: String, file: String?, line: Int?, message: String) {
            self.key = key
            self.file = file
            self.line = line
            self.message = message
        }

        public var description: String {
            let location = [file, line.map(String.init)].compactMap { $0 }.joined(separator: ":")
            return (location.isEmpty ? "" : location + ": ") + "expect." + message
        }
    }

    /// The failed assertions of `result` against this scenario's `expect:` block, in the order
    /// `suspendsim check` prints them; empty when the run is as expected or when there is no
    /// `expect:` (`expectation == nil`). The expectations for `result.policyName` apply
    /// (`by_policy` over the general ones), as `check --policy` applies them.
    ///
    /// ```swift
    /// let scenario = try ScenarioLoader.load(path: "Scenarios/photo-editor.yaml")
    /// let failures = scenario.check(Simulation.run(scenario))
    /// #expect(failures.isEmpty, "\(failures)")
    /// ```
    ///
    /// The run-level keys are checked (`evictions`, `survivors`, `survives`, `never_killed`,
    /// `killed`, `max_pressure_kills`); `rates` and `observed_within_ci` judge a batch, which
    /// `suspendsim check` runs.
    public func check<R>(_ result: SimulationResult<R>) -> [ExpectationFailure] {
        guard let expectation else { return [] }
        return ExpectationCheck.failures(of: result, expected: expectation, file: sourcePath)
    }
}

extension ExpectationCheck {
    /// The mismatches of a run, each with the file and line of its assertion: what
    /// `Scenario.check(_:)` returns and `suspendsim check` prints.
    static func failures<R>(of result: SimulationResult<R>, expected expectation: Scenario.Expectation, file: String?)
        -> [Scenario.ExpectationFailure]
    {
        let lines = effective(expectation, policyName: result.policyName).lines
        return mismatches(result, expected: expectation).map { mismatch in
            Scenario.ExpectationFailure(key: mismatch.key, file: file, line: lines[mismatch.key], message: mismatch.description)
        }
    }
}

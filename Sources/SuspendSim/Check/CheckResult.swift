/// One scenario checked under one policy (`suspendsim check`, SPEC 9, 14).
package struct CheckResult: Sendable, Hashable {
    /// How the run compared with its `expect:` block.
    package enum Status: Sendable, Hashable {
        case passed
        case failed
        /// The file has no `expect:` (a failure under `--strict`).
        case unchecked
    }

    package var scenario: String
    package var policy: String
    /// The scenario's file, as given ("in code" for none).
    package var file: String
    package var status: Status
    /// For a failure: one entry per failed assertion, its first line
    /// `FILE:LINE: expect.KEY: what is wrong` (pytest's style), then the details.
    package var failures: [String]
    /// The line of the file the result points at (JUnit's `line`): for a failure, the line of
    /// the assertion whose failure comes first in `failures`; for a pass, the line of the first
    /// assertion checked (in file order); for a file without `expect:`, 1. Nil when unknown.
    package var line: Int?

    package init(scenario: String, policy: String, file: String, status: Status, failures: [String] = [], line: Int? = nil) {
        self.scenario = scenario
        self.policy = policy
        self.file = file
        self.status = status
        self.failures = failures
        self.line = line
    }

    /// `photo-editor [jetsam]`.
    package var label: String { "\(scenario) [\(policy)]" }

    /// The result of checking a finished run against `expectation`; every mismatch names the
    /// file and the line of its assertion.
    package static func of<R>(_ result: SimulationResult<R>, expected expectation: Scenario.Expectation, file: String) -> CheckResult {
        let found = ExpectationCheck.failures(of: result, expected: expectation, file: file)
        let lines = ExpectationCheck.effective(expectation, policyName: result.policyName).lines
        let checked = ExpectationCheck.runKeys.compactMap { lines[$0] }.min() ?? lines.values.min()
        let line = found.first.flatMap(\.line) ?? checked
        return CheckResult(scenario: result.scenarioName, policy: result.policyName, file: file,
                           status: found.isEmpty ? .passed : .failed, failures: found.map(\.description), line: line)
    }

    /// What `check` prints: one line for a pass or an unchecked file, a block with every failed
    /// assertion for a failure.
    package var text: String {
        switch status {
        case .passed: return "ok   \(label)"
        case .unchecked: return "unchecked \(label): no expect: block"
        case .failed:
            let body = failures.flatMap { $0.split(separator: "\n").map { "  " + $0 } }
            return (["FAIL \(label) (\(file))"] + body).joined(separator: "\n") + "\n"
        }
    }
}

import Testing
@testable import SuspendSim

/// `check`'s last line counts only checked runs as expected, and says how many were not
/// checked (a run without `expect:` is not a pass).
@Suite struct CheckTallyTests {
    static func result(_ status: CheckResult.Status) -> CheckResult {
        CheckResult(scenario: "s", policy: "jetsam", file: "s.yaml", status: status)
    }

    @Test("Every run checked: N of M runs as expected")
    func allChecked() {
        #expect(CheckTally.line([Self.result(.passed), Self.result(.failed), Self.result(.passed)]) == "2 of 3 runs as expected.")
    }

    @Test("Unchecked runs are not counted as expected, and are named as unchecked")
    func someUnchecked() {
        let results = [Self.result(.passed), Self.result(.unchecked), Self.result(.failed), Self.result(.unchecked)]
        #expect(CheckTally.line(results) == "1 of 2 checked runs as expected; 2 unchecked (no expect: block).")
    }
}

/// `check`'s last line: how many of the checked runs were as expected, and how many runs were
/// not checked at all (no `expect:` block), so that "4 of 4" never stands under lines that say
/// "unchecked" as if they had passed.
package enum CheckTally {
    /// "N of M runs as expected." when every run was checked; otherwise "N of M checked runs as
    /// expected; K unchecked (no expect: block)."
    package static func line(_ results: [CheckResult]) -> String {
        let unchecked = results.count { $0.status == .unchecked }
        let checked = results.count - unchecked
        let passed = results.count { $0.status == .passed }
        guard unchecked > 0 else { return "\(passed) of \(checked) runs as expected." }
        return "\(passed) of \(checked) checked runs as expected; \(unchecked) unchecked (no expect: block)."
    }
}

/// `check` on a scenario's whole batch (SPEC 18, 19): the assertions about a batch, not a run
/// (`observed_within_ci`, `rates`), judged at each point of the sweep under each policy from
/// the batch's tally, which holds what `survival.csv` and `observed.csv` print.
///
/// One `CheckResult` per point and policy that has such assertions (after `by_policy`),
/// labelled `scenario {key=value, ...} [policy]`, in `survival.csv`'s order; a batch over
/// several trace users is judged on its pooled rows, a point of the other sweep keys over every
/// user's runs (SPEC 24), as `survival.csv` prints them. Each result holds every
/// assertion that failed there, in file order (a rate bound's line is its app entry's), so
/// its first failure is the first failed assertion of the file.
package enum BatchCheck {
    /// Whether `expectation` has an assertion about a batch, in general or under a policy.
    package static func hasBatchAssertions(_ expectation: Scenario.Expectation) -> Bool {
        expectation.observedWithinCI || !expectation.rates.isEmpty || expectation.byPolicy.values.contains(where: hasBatchAssertions)
    }

    /// `expectation` without its batch assertions (and without `by_policy` entries left with
    /// none): what `check` compares with one run.
    package static func runAssertions(_ expectation: Scenario.Expectation) -> Scenario.Expectation {
        var runOnly = expectation
        runOnly.observedWithinCI = false
        runOnly.rates = []
        runOnly.byPolicy = expectation.byPolicy.compactMapValues { specific in
            let kept = runAssertions(specific)
            return kept == Scenario.Expectation() ? nil : kept
        }
        return runOnly
    }

    /// The results of the batch `plan`'s scenario `entry` against `expectation`, from the
    /// batch's `tally`; `file` is the scenario's file, as messages name it.
    ///
    /// - Complexity: O(groups × (apps + assertions × apps))
    package static func results(
        _ plan: BatchPlan, entry: Int, tally: SurvivalTally, expectation: Scenario.Expectation, file: String
    ) -> [CheckResult] {
        var groups: [[BatchPlan.GroupedApp]] = []
        plan.forEachGroupedApp { row in
            guard row.entry.path == plan.entries[entry].path, row.entry.name == plan.entries[entry].name else { return }
            if row.appIndex == 0 { groups.append([]) }
            groups[groups.count - 1].append(row)
        }
        return groups.compactMap { result(of: $0, columns: plan.tableColumns, tally: tally, expectation: expectation, file: file) }
    }

    /// One group's result (a point under one policy, its apps in scenario order); nil when no
    /// batch assertion applies under its policy.
    private static func result(
        of apps: [BatchPlan.GroupedApp], columns: [String], tally: SurvivalTally, expectation: Scenario.Expectation, file: String
    ) -> CheckResult? {
        guard let first = apps.first else { return nil }
        let expected = ExpectationCheck.effective(expectation, policyName: first.policy)
        guard expected.observedWithinCI || !expected.rates.isEmpty else { return nil }
        var failures: [(line: Int?, text: String)] = []
        func fail(_ key: String, _ problem: String) {
            let line = expected.lines[key]
            failures.append((line, "\(file)\(line.map { ":\($0)" } ?? ""): expect.\(key): \(problem)"))
        }
        if expected.observedWithinCI {
            let key = ExpectKey.observedWithinCI.rawValue
            if let observed = first.point.scenario.observed, let app = first.observedApp {
                for problem in ObservedCheck.problems(observed, app: app, group: first.group, tally: tally) { fail(key, problem) }
            } else {
                fail(key, "the scenario has no observed: block to compare with")
            }
        }
        for bound in expected.rates {
            guard let app = apps.first(where: { $0.appID == bound.app }) else { continue }
            let counts = tally.counts(group: first.group, app: app.appIndex)
            if let problem = RateCheck.problem(bound, runs: tally.runs[first.group], counts: counts) { fail(bound.lineKey, problem) }
        }
        // File order, stable among equal lines; an assertion without a line last.
        let ordered = failures.enumerated().sorted { ($0.element.line ?? .max, $0.offset) < ($1.element.line ?? .max, $1.offset) }
        let checked = ([expected.observedWithinCI ? ExpectKey.observedWithinCI.rawValue : nil] + expected.rates.map(\.lineKey))
            .compactMap { $0.flatMap { expected.lines[$0] } }.min()
        return CheckResult(
            scenario: first.entry.name + pointLabel(columns, first.columnValues), policy: first.policy, file: file,
            status: failures.isEmpty ? .passed : .failed, failures: ordered.map(\.element.text),
            line: ordered.first.flatMap { $0.element.line } ?? checked)
    }

    /// ` {key=value, ...}` for a point of a sweep; empty without one.
    static func pointLabel(_ columns: [String], _ values: [String?]) -> String {
        guard !columns.isEmpty else { return "" }
        return " {" + zip(columns, values).map { "\($0)=\($1 ?? "")" }.joined(separator: ", ") + "}"
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// SPEC 21's comparison of a finished batch, from its `summary.csv` alone: `groups.csv` (each
/// combination of KEYS with Student's interval of every metric) and, when KEYS holds `policy`
/// and the batch has two policies or more, `paired.csv` (each policy against the baseline on
/// the same runs, with Wilcoxon's signed-rank test). Both are computed before either is
/// written, so that a mistake leaves both files as they were; `paired.csv` left from an
/// earlier comparison is removed when this one writes none.
package struct BatchComparison {
    /// The grouping keys, in the order given.
    package var keys: [String]
    /// The baseline policy; nil: the first policy in `summary.csv`.
    package var baseline: String?

    package init(keys: [String], baseline: String? = nil) {
        self.keys = keys
        self.baseline = baseline
    }

    /// The default grouping of a batch over trace users (SPEC 21): nil unless the batch sweeps
    /// `trace.user` over more than one user; else `scenario` when there are several, then
    /// `policy`, then every sweep column but `trace.user`, in `summary.csv`'s order.
    package static func defaultKeys(summaryPath: String) throws(ComparisonError) -> [String]? {
        let table = try SummaryTable(path: summaryPath)
        return defaultKeys(sweepColumns: table.sweepColumns, severalScenarios: table.distinctValues(of: .scenario).count > 1,
                           traceUserCount: table.distinctValues(of: TraceKey.user.path).count)
    }

    /// Every key, as the default grouping would give them with `trace.user` kept: `scenario`
    /// when there are several, `policy`, then every sweep column (`--baseline` without `--by`).
    package static func allKeys(summaryPath: String) throws(ComparisonError) -> [String] {
        let table = try SummaryTable(path: summaryPath)
        return allKeys(sweepColumns: table.sweepColumns, severalScenarios: table.distinctValues(of: .scenario).count > 1)
    }

    /// The default grouping's rule, on what `summary.csv` holds or will hold: its sweep
    /// columns, whether its `scenario` column takes several values, and how many values its
    /// `trace.user` column takes (read only when that column is there).
    static func defaultKeys(sweepColumns: [String], severalScenarios: Bool, traceUserCount: @autoclosure () -> Int) -> [String]? {
        let user = TraceKey.user.path
        guard sweepColumns.contains(user), traceUserCount() > 1 else { return nil }
        return allKeys(sweepColumns: sweepColumns.filter { $0 != user }, severalScenarios: severalScenarios)
    }

    /// Every key's rule: `scenario` when there are several, `policy`, then `sweepColumns`.
    static func allKeys(sweepColumns: [String], severalScenarios: Bool) -> [String] {
        (severalScenarios ? [SummaryColumn.scenario.rawValue] : []) + [SummaryColumn.policy.rawValue] + sweepColumns
    }

    /// `--by a,b,c` as keys.
    package static func keys(parsing option: String) -> [String] {
        option.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// What `write(folder:)` wrote, and what its grouping pools.
    package struct Written: Sendable {
        /// The files' paths: `groups.csv`, then `paired.csv` when written.
        package var paths: [String]
        /// The keys left out of KEYS whose values differ inside a group (`GroupPooling`), for
        /// a warning on stderr.
        package var pooled: [GroupPooling]
    }

    /// Writes the comparison files of the batch whose `summary.csv` is in `folder`.
    ///
    /// - Throws: `ComparisonError.usage` for an unknown or repeated key or an unknown
    ///   baseline (listing what there is), `.invalid` for a summary that cannot be read or two
    ///   runs of one policy with the same identity; `ReportWriter.Error` when a file cannot be
    ///   written.
    package func write(folder: String) throws -> Written {
        let table = try SummaryTable(path: BatchReportFile.summary.path(in: folder))
        try validate(against: table)
        let groups = GroupsTable(table, keys: keys).csvText
        let paired = try pairedText(table)
        let pooled = GroupPooling.pooled(table, keys: keys)
        let groupsPath = BatchReportFile.groups.path(in: folder)
        let pairedPath = BatchReportFile.paired.path(in: folder)
        try AtomicTextFile.write(groups, to: groupsPath)
        guard let paired else {
            try? FileManager.default.removeItem(atPath: pairedPath)
            return Written(paths: [groupsPath], pooled: pooled)
        }
        try AtomicTextFile.write(paired, to: pairedPath)
        return Written(paths: [groupsPath, pairedPath], pooled: pooled)
    }

    /// KEYS must be distinct names of `scenario`, `policy` and the sweep columns; the baseline
    /// a policy of the batch.
    func validate(against table: SummaryTable) throws(ComparisonError) {
        try validate(sweepColumns: table.sweepColumns, policies: table.distinctValues(of: .policy))
    }

    /// As `validate(against:)`, before a batch runs: its sweep columns and policies from its plan.
    package func validate(_ plan: BatchPlan) throws(ComparisonError) {
        var policies: [String] = []
        for entry in plan.entries {
            for point in entry.points where !policies.contains(point.scenario.policyName) {
                policies.append(point.scenario.policyName)
            }
        }
        try validate(sweepColumns: plan.columns, policies: plan.policy == .every ? BuiltInPolicies.names : policies)
    }

    private func validate(sweepColumns: [String], policies: [String]) throws(ComparisonError) {
        let known = [SummaryColumn.scenario, .policy].map(\.rawValue) + sweepColumns
        let list = known.joined(separator: ", ")
        guard !keys.isEmpty else { throw .usage("--by needs at least one key; the keys are \(list)") }
        var seen: Set<String> = []
        for key in keys {
            guard known.contains(key) else { throw .usage("--by: unknown key '\(key)'; the keys are \(list)") }
            guard seen.insert(key).inserted else { throw .usage("--by: '\(key)' is given twice; the keys are \(list)") }
        }
        if let baseline, !policies.contains(baseline) {
            throw .usage("--baseline: '\(baseline)' is not a policy of the batch; its policies are \(policies.joined(separator: ", "))")
        }
    }

    /// `paired.csv`'s text, or nil when KEYS lacks `policy` or the batch has one policy.
    private func pairedText(_ table: SummaryTable) throws(ComparisonError) -> String? {
        let policies = table.distinctValues(of: .policy)
        guard keys.contains(SummaryColumn.policy.rawValue), policies.count >= 2 else { return nil }
        return try PairedTable(table, keys: keys, baseline: baseline ?? policies[0]).csvText
    }
}

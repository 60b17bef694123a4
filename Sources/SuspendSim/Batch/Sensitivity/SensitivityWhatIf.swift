/// `sensitivity_whatif.csv` (SPEC 39): the batch's what-if computed again for one variant over
/// the first `R` replicates, the sides the variant ran at taking its runs and the others the
/// batch's own, with `same_sign`.
enum SensitivityWhatIf {
    /// The rows of one variant, `variant` (`assumption,end,assumption_value`) first, then
    /// `whatif.csv`'s cells, then `same_sign` against `ownRecords` (the same what-if over the
    /// batch's own runs, header first, row for row).
    static func rows(own: [SensitivityRun], variant runs: [SensitivityRun], ownRecords: [[String]], scenario: String, apps: [String],
                     columns: [String], whatIf: WhatIf, variant: [String]) throws(ComparisonError) -> [[String]]
    {
        var replaced: [String: SensitivityRun] = [:]
        for run in runs { replaced[identity(run)] = run }
        let mixed = own.map { replaced[identity($0)] ?? $0 }
        let records = try SensitivityComparison.whatIfRecords(mixed, scenario: scenario, apps: apps, columns: columns, whatIf: whatIf)
        guard let header = records.first, let column = header.firstIndex(of: WhatIfColumn.meanDiff.rawValue) else { return [] }
        return zip(records.dropFirst(), ownRecords.dropFirst()).map { row, ownRow in
            variant + row + [sameSign(row[column], ownRow[column])]
        }
    }

    /// SPEC 39's `same_sign` of two `mean_diff` cells as written: `true` when both are above 0
    /// or both below, `false` when one is above and one below, empty when either is empty or
    /// `0.000`.
    static func sameSign(_ value: String, _ own: String) -> String {
        guard let a = ComparisonNumbers.thousandths(value), let b = ComparisonNumbers.thousandths(own), a != 0, b != 0 else { return "" }
        return (a > 0) == (b > 0) ? "true" : "false"
    }

    /// A run's identity and sweep values (its point), by which a variant's run stands in for
    /// the batch's own.
    private static func identity(_ run: SensitivityRun) -> String {
        (run.identity + run.columnValues).joined(separator: "\u{1F}")
    }
}

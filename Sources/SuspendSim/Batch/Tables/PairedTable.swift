/// `paired.csv` (SPEC 21): each policy against the baseline on the same runs; the KEYS other
/// than `policy`, then `PairedColumn`'s columns.
///
/// A run's identity is its `scenario`, `seed`, `replicate` and its value in every sweep column
/// (not `policy`); two runs pair when their identities are equal. Rows: for each combination
/// of the KEYS other than `policy` (order of first appearance), each policy but the baseline
/// (order of first appearance), and each metric: `pairs` (the pairs in which both runs have
/// the metric), the mean difference M(policy) − M(baseline) with Student's interval,
/// Wilcoxon's signed-rank p-value on the exact differences with its method, Holm's adjustment
/// over the file's rows of one metric, and the ratio of the means with its bootstrap interval
/// (`PairedRows`). A combination with no pair still gets its rows, with `pairs` 0 and the other
/// cells empty.
struct PairedTable {
    let csvText: String

    init(_ table: SummaryTable, keys: [String], baseline: String) throws(ComparisonError) {
        let otherKeys = keys.filter { $0 != SummaryColumn.policy.rawValue }
        let otherColumns = otherKeys.compactMap(table.column)
        let policyColumn = table.column(.policy) ?? 1
        let identity = [SummaryColumn.scenario, .seed, .replicate].map(\.rawValue) + table.sweepColumns.filter { $0 != SummaryColumn.policy.rawValue }
        let identityColumns = identity.compactMap(table.column)
        let runs = try Self.runsByIdentity(table, policyColumn: policyColumn, identityColumns: identityColumns)
        var combinations: [[String]] = []
        var members: [[String]: [Int]] = [:]
        for (index, row) in table.rows.enumerated() {
            let combination = otherColumns.map { row[$0] }
            if members[combination] == nil { combinations.append(combination) }
            members[combination, default: []].append(index)
        }
        let policies = table.distinctValues(of: .policy).filter { $0 != baseline }
        var paired = PairedRows(seed: table.bootstrapSeed, withMeans: false)
        for combination in combinations {
            for policy in policies {
                let rows = (members[combination] ?? []).filter { table.rows[$0][policyColumn] == policy }
                for metric in SummaryColumn.compared {
                    var sides: [(baseline: Int64, value: Int64)] = [], pairedRuns: [Int] = []
                    if let column = table.column(metric) {
                        for index in rows {
                            let identity = identityColumns.map { table.rows[index][$0] }
                            guard let partner = runs[Key(policy: baseline, identity: identity)],
                                  let mine = ComparisonNumbers.thousandths(table.rows[index][column]),
                                  let theirs = ComparisonNumbers.thousandths(table.rows[partner][column]) else { continue }
                            sides.append((theirs, mine))
                            pairedRuns.append(index)
                        }
                    }
                    paired.add(combination + [policy, baseline, metric.rawValue], sides: sides, family: [metric.rawValue],
                               comparison: combination + [policy, baseline], runs: pairedRuns)
                }
            }
        }
        csvText = CSVText.lines([otherKeys + PairedColumn.names] + paired.fields)
    }

    /// A run's policy and identity.
    private struct Key: Hashable {
        var policy: String
        var identity: [String]
    }

    /// Each run's row by its policy and identity.
    ///
    /// - Throws: `ComparisonError.invalid` for two runs of one policy with the same identity,
    ///   naming both lines.
    private static func runsByIdentity(_ table: SummaryTable, policyColumn: Int, identityColumns: [Int]) throws(ComparisonError) -> [Key: Int] {
        var runs: [Key: Int] = [:]
        for (index, row) in table.rows.enumerated() {
            let key = Key(policy: row[policyColumn], identity: identityColumns.map { row[$0] })
            if let first = runs[key] {
                throw .invalid("\(table.path): lines \(first + 2) and \(index + 2) are two runs of policy \(key.policy) "
                    + "with the same scenario, seed, replicate and sweep values; they cannot be paired")
            }
            runs[key] = index
        }
        return runs
    }
}

/// `whatif.csv` (SPEC 25, 27): every value V of KEY against the baseline B on the same runs,
/// from `summary.csv` and `focus_runs.csv`.
///
/// Two runs pair when they agree in `scenario`, `policy`, `seed`, `replicate` and every sweep
/// column but KEY (`trace.user` included: users pair with themselves). Rows: for each
/// combination of `scenario` and the sweep columns other than KEY and `trace.user` (order of
/// first appearance), each policy (first appearance), each V other than B (first appearance,
/// which is sweep order), each what-if app (`focus_runs.csv`'s order) with
/// `WhatIfAppMetric`'s metrics, and last the run metrics of SPEC 21 with an empty `app`:
/// `pairs`, the means at B and at V over the pairs, and `PairedRows`' mean difference,
/// Student's interval, Wilcoxon p-value and method of the exact differences M(V) − M(B), Holm's
/// adjustment over the file's rows of one app and metric, and the ratio M(V) ÷ M(B) with its
/// bootstrap interval. A row with 0 pairs has its other cells empty.
struct WhatIfTable {
    /// The header and the rows, as cells.
    let records: [[String]]
    /// The file's text.
    var csvText: String { CSVText.lines(records) }

    /// The pairs of one combination, policy and value: each run at V with its run at B.
    private typealias Pairs = [(run: Int, baseline: Int)]

    /// The table of `whatIf` over `table`'s runs; the ratios' bootstraps run on `jobs` threads,
    /// or not at all without `ratios` (their cells then empty).
    init(_ table: SummaryTable, focusRuns: FocusRunsTable, whatIf: WhatIf, jobs: Int = 1, ratios: Bool = true) throws(ComparisonError) {
        let key = whatIf.key
        guard let keyColumn = table.column(key) else {
            throw .usage("--baseline: '\(key)' is not a sweep column of \(table.path); the keys are "
                + table.sweepColumns.filter { $0 != TraceKey.user.path }.joined(separator: ", "))
        }
        let others = table.sweepColumns.filter { $0 != key && $0 != TraceKey.user.path }
        let comboColumns = ([SummaryColumn.scenario.rawValue] + others).compactMap(table.column)
        let policyColumn = table.column(.policy) ?? 1
        let values = Self.values(table, column: keyColumn, key: key)
        guard let baseline = values.first(where: { $0.canonical == WhatIf.canonical(whatIf.baseline, key: key) }) else {
            throw .usage("--baseline: '\(whatIf.baseline)' is not a value of \(key) in \(table.path); its values are "
                + values.map(\.text).joined(separator: ", "))
        }
        let identityColumns = ([SummaryColumn.scenario, .policy, .seed, .replicate].map(\.rawValue) + table.sweepColumns.filter { $0 != key })
            .compactMap(table.column)
        let runs = try Self.runsByIdentity(table, keyColumn: keyColumn, key: key, identityColumns: identityColumns)
        var combinations: [[String]] = []
        var seen: Set<[String]> = []
        var pairs: [[String]: Pairs] = [:]
        for (index, row) in table.rows.enumerated() {
            let combination = comboColumns.map { row[$0] }
            if seen.insert(combination).inserted { combinations.append(combination) }
            let value = WhatIf.canonical(row[keyColumn], key: key)
            guard value != baseline.canonical,
                  let partner = runs[[baseline.canonical] + identityColumns.map { row[$0] }] else { continue }
            pairs[combination + [row[policyColumn], value], default: []].append((index, partner))
        }
        let policies = table.distinctValues(of: .policy)
        var rows = PairedRows(seed: table.bootstrapSeed, withMeans: true, jobs: jobs)
        rows.ratios = ratios
        for combination in combinations {
            for policy in policies {
                for value in values where value.canonical != baseline.canonical {
                    let found = pairs[combination + [policy, value.canonical]] ?? []
                    let prefix = [combination[0], policy] + combination.dropFirst() + [key, value.text, baseline.text]
                    for (app, slot) in focusRuns.whatIfApps(of: combination[0]) {
                        for (metric, name) in WhatIfAppMetric.names.enumerated() {
                            let sides = found.map { (focusRuns.value(row: $0.baseline, slot: slot, metric: metric),
                                                     focusRuns.value(row: $0.run, slot: slot, metric: metric)) }
                            rows.add(prefix + [app, name], sides: sides, family: [app, name], comparison: prefix, runs: found.map(\.run))
                        }
                    }
                    for metric in SummaryColumn.compared {
                        let column = table.column(metric)
                        let kept = found.compactMap { pair -> (run: Int, side: (Int64, Int64))? in
                            guard let column, let before = ComparisonNumbers.thousandths(table.rows[pair.baseline][column]),
                                  let after = ComparisonNumbers.thousandths(table.rows[pair.run][column]) else { return nil }
                            return (pair.run, (before, after))
                        }
                        rows.add(prefix + ["", metric.rawValue], sides: kept.map(\.side), family: ["", metric.rawValue],
                                 comparison: prefix, runs: kept.map(\.run))
                    }
                }
            }
        }
        records = [[SummaryColumn.scenario.rawValue, SummaryColumn.policy.rawValue] + others + WhatIfColumn.names] + rows.fields
    }

    /// KEY's values in order of first appearance, each with its text as `summary.csv` writes it.
    private static func values(_ table: SummaryTable, column: Int, key: String) -> [(canonical: String, text: String)] {
        var values: [(canonical: String, text: String)] = []
        var seen: Set<String> = []
        for row in table.rows where seen.insert(WhatIf.canonical(row[column], key: key)).inserted {
            values.append((WhatIf.canonical(row[column], key: key), row[column]))
        }
        return values
    }

    /// Each run's row by its value of KEY and its identity.
    ///
    /// - Throws: `ComparisonError.invalid` for two runs with the same identity at one value,
    ///   naming both lines.
    private static func runsByIdentity(_ table: SummaryTable, keyColumn: Int, key: String, identityColumns: [Int]) throws(ComparisonError) -> [[String]: Int] {
        var runs: [[String]: Int] = [:]
        for (index, row) in table.rows.enumerated() {
            let identity = [WhatIf.canonical(row[keyColumn], key: key)] + identityColumns.map { row[$0] }
            if let first = runs[identity] {
                throw .invalid("\(table.path): lines \(first + 2) and \(index + 2) are two runs with the same scenario, policy, seed, "
                    + "replicate and sweep values at \(key) = \(row[keyColumn]); they cannot be paired")
            }
            runs[identity] = index
        }
        return runs
    }
}

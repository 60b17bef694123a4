extension Batch {
    /// SPEC 21's comparison of batches from Swift: `groups.csv` and `paired.csv` as
    /// `suspendsim run --by KEYS` writes them, for the runs of `results`, such as the same
    /// scenario, seed and replicates under several policies (your own `EvictionPolicy`
    /// included):
    ///
    /// ```swift
    /// let lru = try Batch(scenario, replicates: 40, policy: LRUPolicy()).run()
    /// let mine = try Batch(scenario, replicates: 40, policy: MyPolicy()).run()
    /// let comparison = try Batch.Comparison([lru, mine], by: ["policy"])
    /// print(comparison.paired ?? "")     // mine against lru, replicate by replicate
    /// ```
    ///
    /// The runs' table is `summary.csv`'s, with a sweep column `point` (the sweep's label)
    /// when a batch has a sweep; KEYS are among `scenario`, `policy` and `point`. Two runs pair
    /// when their scenario, seed, replicate and point are the same.
    public struct Comparison: Sendable, Hashable {
        /// `groups.csv`'s text.
        public let groups: String
        /// `paired.csv`'s text; nil when KEYS lacks `policy` or the runs have one policy.
        public let paired: String?

        /// The comparison of `results`' runs grouped by `keys`, each policy against `baseline`
        /// (nil: the first policy met).
        ///
        /// - Throws: `Batch.ComparisonError` for an unknown or repeated key, an unknown
        ///   baseline, or two runs of one policy that would pair with the same run.
        public init(_ results: [Batch.Result], by keys: [String], baseline: String? = nil) throws(Batch.ComparisonError) {
            let swept = results.contains { $0.points != [""] }
            let header = SummaryColumn.names + (swept ? ["point"] : [])
            var rows: [[String]] = []
            for result in results {
                for (index, row) in result.summary.enumerated() {
                    var fields = SummaryColumn.allCases.map { column in
                        var bytes: [UInt8] = []
                        SummaryCSV.appendField(column, of: row, to: &bytes)
                        return CSVRecordReader.text(bytes[...])
                    }
                    if swept { fields.append(result.points[index / max(1, result.runsPerPoint)]) }
                    rows.append(fields)
                }
            }
            let table = SummaryTable(path: "the batches' runs", header: header, rows: rows)
            do {
                let comparison = BatchComparison(keys: keys, baseline: baseline)
                try comparison.validate(against: table)
                groups = GroupsTable(table, keys: keys).csvText
                let policies = table.distinctValues(of: .policy)
                paired = keys.contains(SummaryColumn.policy.rawValue) && policies.count >= 2
                    ? try PairedTable(table, keys: keys, baseline: baseline ?? policies[0]).csvText : nil
            } catch {
                throw Batch.ComparisonError(description: error.description)
            }
        }
    }

    /// Why batches cannot be compared: the keys, the baseline or the runs (`description`).
    public struct ComparisonError: Error, Sendable, Hashable, CustomStringConvertible {
        public let description: String
    }
}

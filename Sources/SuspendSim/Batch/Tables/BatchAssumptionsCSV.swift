/// A batch root's `assumptions.csv` (SPEC 36): the defaults each point of the batch took,
/// `scenario,policy`, the sweep columns but `trace.user`, then `AssumptionColumn`'s columns.
///
/// Rows: points in `summary.csv`'s order (scenarios in the order given, points in grid order,
/// policies in built-in order under `--policy all`), each point's rows as its first run's
/// folder would hold them (rows depend on neither the seed nor the user: a batch that pools
/// its users has one point per point of its other sweep keys), but for the apps a trace adds
/// (SPEC 13): where another user has such apps and the first has none of them, their
/// `default_app`'s defaults are used at the point too. Every shard writes the whole
/// file; `merge` copies it; `suspendsim assumptions FILE` prints it.
package enum BatchAssumptionsCSV {
    /// The file's header and rows for `plan`, as text cells.
    ///
    /// - Complexity: O(points × table rows).
    package static func table(_ plan: BatchPlan) -> (header: [String], rows: [[String]]) {
        let keep = plan.sweepKeys.map { $0 != .trace(.user) }
        let header = ["scenario", "policy"] + zip(plan.columns, keep).filter(\.1).map(\.0) + AssumedRow.columns
        var rows: [[String]] = []
        for entry in plan.entries {
            for tablePoint in 0..<entry.tablePointCount {
                let point = entry.points[entry.pooling?.firstPoint(of: tablePoint) ?? tablePoint]
                // The pooled apps are the first user's, then the others' that it lacks.
                let otherUsersAddApps = (entry.pooling?.apps[tablePoint].count ?? 0) > point.scenario.apps.count
                let values = zip(point.columnValues, keep).filter(\.1).map { $0.0 ?? "" }
                for policyIndex in 0..<entry.groupsPerPoint {
                    let policy = entry.kind == .singleEveryPolicy ? BuiltInPolicies.names[policyIndex] : point.scenario.policyName
                    for row in AssumptionTable.shipped.usedRows(point.scenario, policyName: policy, otherUsersAddApps: otherUsersAddApps) {
                        rows.append([entry.name, policy] + values + row.cells)
                    }
                }
            }
        }
        return (header, rows)
    }

    /// Writes `plan`'s file to `target`, atomically.
    ///
    /// - Throws: `ReportWriter.Error`; the file is then left as it was.
    static func write(_ plan: BatchPlan, toPath target: String) throws {
        let (header, rows) = table(plan)
        let file = try AtomicCSVStream(path: target, header: csvLine(header))
        for row in rows {
            file.appendRow { bytes in bytes.append(contentsOf: Array(csvLine(row).utf8)) }
        }
        try file.commit()
    }

    /// `cells` as one CSV line (without its line end), each quoted where it needs it.
    package static func csvLine(_ cells: [String]) -> String {
        var bytes: [UInt8] = []
        for (index, cell) in cells.enumerated() {
            if index > 0 { bytes.append(CSVFormatting.comma) }
            CSVFormatting.appendField(cell, to: &bytes)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A batch root's `assumptions.csv` (SPEC 36): the defaults each point of the batch took,
/// `scenario,policy`, the sweep columns but `trace.user`, then `AssumptionColumn`'s columns.
///
/// Rows: points in `summary.csv`'s order (scenarios in the order given, points in grid order,
/// policies in built-in order under `--policy all`), each point's rows as its first run's
/// folder would hold them (rows depend on neither the seed nor the user: a batch that pools
/// its users has one point per point of its other sweep keys). Every shard writes the whole
/// file; `merge` copies it.
enum BatchAssumptionsCSV {
    /// Writes `plan`'s file to `target`, atomically.
    ///
    /// - Throws: `ReportWriter.Error`; the file is then left as it was.
    /// - Complexity: O(points × table rows).
    static func write(_ plan: BatchPlan, toPath target: String) throws {
        let keep = plan.sweepKeys.map { $0 != .trace(.user) }
        let sweepColumns = zip(plan.columns, keep).filter(\.1).map(\.0)
        var header = Array("scenario,policy".utf8)
        for column in sweepColumns + Array(BatchAssumptionColumn.names.dropFirst(2)) {
            header.append(CSVFormatting.comma)
            CSVFormatting.appendField(column, to: &header)
        }
        let file = try AtomicCSVStream(path: target, header: String(decoding: header, as: UTF8.self))
        for entry in plan.entries {
            for tablePoint in 0..<entry.tablePointCount {
                let point = entry.points[entry.pooling?.firstPoint(of: tablePoint) ?? tablePoint]
                let values = zip(point.columnValues, keep).filter(\.1).map(\.0)
                for policyIndex in 0..<entry.groupsPerPoint {
                    let policy = entry.kind == .singleEveryPolicy ? BuiltInPolicies.names[policyIndex] : point.scenario.policyName
                    for row in AssumptionTable.shipped.usedRows(point.scenario, policyName: policy) {
                        file.appendRow { bytes in
                            CSVFormatting.appendField(entry.name, to: &bytes)
                            bytes.append(CSVFormatting.comma)
                            CSVFormatting.appendField(policy, to: &bytes)
                            for value in values {
                                bytes.append(CSVFormatting.comma)
                                if let value { CSVFormatting.appendField(value, to: &bytes) }
                            }
                            bytes.append(CSVFormatting.comma)
                            AssumptionsCSV.appendRow(row, to: &bytes)
                        }
                    }
                }
            }
        }
        try file.commit()
    }
}

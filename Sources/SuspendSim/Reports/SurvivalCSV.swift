/// `Reports/survival.csv` (issue 4): per scenario, sweep point, policy and app, how many
/// runs the app survived (was resident at the end), with a Wilson 95 % interval:
/// `scenario,policy,app,runs,survived,survival_rate,ci_low,ci_high`, then the batch's sweep
/// columns (as in `summary.csv`).
///
/// Rows: scenarios in the order given, points in grid order, policies in built-in order
/// (`--policy all`), apps in scenario order. `survival_rate` = survived / runs and the
/// interval bounds have 3 decimals, printed as C's `printf("%.3f")` prints the Double
/// (SPEC 8); all three are empty when `runs` is 0 (only a shard can have such a row).
package enum SurvivalCSV {
    static let header = "scenario,policy,app,runs,survived,survival_rate,ci_low,ci_high"

    /// The header with the sweep `columns` after the fixed ones.
    static func header(columns: [String]) -> String {
        var bytes = Array(header.utf8)
        for column in columns {
            bytes.append(CSVFormatting.comma)
            CSVFormatting.appendField(column, to: &bytes)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `runs,survived,survival_rate,ci_low,ci_high`.
    static func appendStatistics(runs: Int, survived: Int, to bytes: inout some CSVByteSink) {
        CSVFormatting.appendInteger(runs, to: &bytes)
        bytes.append(CSVFormatting.comma)
        CSVFormatting.appendInteger(survived, to: &bytes)
        bytes.append(CSVFormatting.comma)
        guard let interval = WilsonInterval.bounds(successes: survived, trials: runs) else {
            bytes.append(contentsOf: [CSVFormatting.comma, CSVFormatting.comma])
            return
        }
        CSVFormatting.appendRatio(survived, of: runs, to: &bytes)
        bytes.append(CSVFormatting.comma)
        CSVFormatting.appendFixed3(interval.low, to: &bytes)
        bytes.append(CSVFormatting.comma)
        CSVFormatting.appendFixed3(interval.high, to: &bytes)
    }

    /// Writes every group of `plan` with its counts in `tally`, atomically.
    ///
    /// - Throws: `ReportError`; the file is then left as it was.
    /// - Complexity: O(groups × apps)
    static func write(_ plan: BatchPlan, tally: SurvivalTally, toPath target: String) throws {
        let file = try AtomicCSVStream(path: target, header: header(columns: plan.columns))
        for (entryIndex, entry) in plan.entries.enumerated() {
            for (pointIndex, point) in entry.points.enumerated() {
                for policyIndex in 0..<entry.groupsPerPoint {
                    let group = plan.group(entry: entryIndex, point: pointIndex, policyIndex: policyIndex)
                    let policy = entry.kind == .singleEveryPolicy
                        ? BuiltInPolicies.names[policyIndex] : point.scenario.policyName
                    for (appIndex, app) in point.scenario.apps.enumerated() {
                        file.appendRow { bytes in
                            CSVFormatting.appendField(entry.name, to: &bytes)
                            bytes.append(CSVFormatting.comma)
                            CSVFormatting.appendField(policy, to: &bytes)
                            bytes.append(CSVFormatting.comma)
                            CSVFormatting.appendField(app.id, to: &bytes)
                            bytes.append(CSVFormatting.comma)
                            appendStatistics(
                                runs: tally.runs[group], survived: tally.survived(group: group, app: appIndex), to: &bytes)
                            appendColumns(point.columnValues, to: &bytes)
                        }
                    }
                }
            }
        }
        try file.commit()
    }

    /// Appends `,value` for each sweep column (nothing between the commas for nil).
    static func appendColumns(_ values: [String?], to bytes: inout some CSVByteSink) {
        for value in values {
            bytes.append(CSVFormatting.comma)
            if let value { CSVFormatting.appendField(value, to: &bytes) }
        }
    }
}

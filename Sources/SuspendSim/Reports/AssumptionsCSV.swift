/// `assumptions.csv` in a run folder (SPEC 36, "What a run assumed"): one row per default
/// the run took, catalog figures first, then the assumption table's order, values and ranges
/// resolved for the run's device (`AssumptionTable.usedRows`).
///
/// ```text
/// key,value,unit,origin,source,low,high
/// device.warning_free_mb,307.200,MB,source-code,"apple-oss-distributions/xnu ...",307.200,307.200
/// ```
enum AssumptionsCSV {
    /// Writes `assumptions.csv` for `scenario` run under `policyName` into the existing `folder`.
    ///
    /// - Throws: `ReportWriter.Error` naming the path and the system's error.
    static func write(_ scenario: Scenario, policyName: String, intoFolder folder: String) throws {
        let file = try CSVFileBuffer(path: RunReportFile.assumptions.path(in: folder), header: AssumptionColumn.header,
                                     flushThreshold: CSVReportRecorder.defaultFlushThreshold)
        for row in AssumptionTable.shipped.usedRows(scenario, policyName: policyName) {
            file.appendRow { bytes in appendRow(row, to: &bytes) }
        }
        try file.close()
    }

    /// Appends `row`'s cells, in `AssumptionColumn`'s order.
    static func appendRow(_ row: AssumedRow, to bytes: inout some CSVByteSink) {
        AssumptionColumn.appendRow(to: &bytes) { column, bytes in
            let cell = switch column {
            case .key: row.key
            case .value: row.value
            case .unit: row.unit.rawValue
            case .origin: row.origin.rawValue
            case .source: row.source
            case .low: row.low
            case .high: row.high
            }
            CSVFormatting.appendField(cell, to: &bytes)
        }
    }
}

/// A folder's `assumptions.csv` as the pages need it (SPEC 36): the rows worth a reader's
/// attention, "What this answer assumes". A run folder's file has a row per default; a batch
/// root's has each point's rows, which the page lists once per key with the range of their
/// values across points.
struct AssumptionReports {
    /// One key as the page shows it.
    struct Row: Equatable {
        var key: String
        /// The value, or `low value – high value` across a batch's points.
        var value: String
        var unit: String
        var origin: String
        var low: String
        var high: String
        var source: String
    }

    /// The rows shown, in the file's order (a key at its first row).
    var rows: [Row] = []

    /// Reads `folder`'s `assumptions.csv`; nil when it has none (no section then).
    init?(folder: String) throws(ReportCSV.Unreadable) {
        guard ReportFolder.hasFile(RunReportFile.assumptions.fileName, in: folder) else { return nil }
        let file = try ReportCSV(path: RunReportFile.assumptions.path(in: folder), required: [AssumptionColumn.key, .value, .unit, .origin, .source, .low, .high])
        func cell(_ row: [String], _ column: AssumptionColumn) -> String { file.column(column).map { row[$0] } ?? "" }
        var order: [String] = []
        var byKey: [String: (values: [Double], texts: [String], row: Row)] = [:]
        try file.forEachRow { record throws(ReportCSV.Unreadable) in
            let row = Row(key: cell(record, .key), value: cell(record, .value), unit: cell(record, .unit), origin: cell(record, .origin),
                          low: cell(record, .low), high: cell(record, .high), source: cell(record, .source))
            guard Self.isWorthShowing(row) else { return }
            let number = ReportCSV.number(row.value) ?? 0
            if byKey[row.key] != nil {
                // In place: a copy of the entry would copy its values, once per point (quadratic, SPEC 35).
                byKey[row.key]!.values.append(number)
                byKey[row.key]!.texts.append(row.value)
                if (ReportCSV.number(row.low) ?? 0) < (ReportCSV.number(byKey[row.key]!.row.low) ?? 0) { byKey[row.key]!.row.low = row.low }
                if (ReportCSV.number(row.high) ?? 0) > (ReportCSV.number(byKey[row.key]!.row.high) ?? 0) { byKey[row.key]!.row.high = row.high }
            } else {
                order.append(row.key)
                byKey[row.key] = ([number], [row.value], row)
            }
        }
        rows = order.compactMap { key in
            guard var entry = byKey[key] else { return nil }
            let values = zip(entry.values, entry.texts)
            if let least = values.min(by: { $0.0 < $1.0 }), let most = values.max(by: { $0.0 < $1.0 }), least.1 != most.1 {
                entry.row.value = least.1 + " – " + most.1
            }
            return entry.row
        }
    }

    /// SPEC 36's rule: a row whose origin is `estimated` or `study`, or whose range reaches
    /// below 0.75 × its value or above 1.25 × it (for a value of 0: a range at all).
    static func isWorthShowing(_ row: Row) -> Bool {
        if row.origin == AssumptionOrigin.estimated.rawValue || row.origin == AssumptionOrigin.study.rawValue { return true }
        guard let value = ReportCSV.number(row.value), let low = ReportCSV.number(row.low), let high = ReportCSV.number(row.high) else {
            return row.low != row.high
        }
        if value == 0 { return low != high }
        return low < 0.75 * value || high > 1.25 * value
    }
}

/// `groups.csv` (SPEC 21): one row per combination of KEYS, in order of first appearance in
/// `summary.csv`: the KEYS in the order given, then `GroupsColumn`'s columns: `runs`, then
/// for each metric `M_mean,M_ci_low,M_ci_high`, Student's interval over the group's runs that have M (all
/// three empty when none has; the interval empty for one run).
struct GroupsTable {
    let csvText: String

    init(_ table: SummaryTable, keys: [String]) {
        let keyColumns = keys.compactMap(table.column)
        let metricColumns = SummaryColumn.compared.map(table.column)
        var order: [[String]] = []
        var members: [[String]: [Int]] = [:]
        for (index, row) in table.rows.enumerated() {
            let combination = keyColumns.map { row[$0] }
            if members[combination] == nil { order.append(combination) }
            members[combination, default: []].append(index)
        }
        var lines = [keys + GroupsColumn.names]
        for combination in order {
            let rows = (members[combination] ?? []).map { table.rows[$0] }
            var fields = combination + [String(rows.count)]
            for column in metricColumns {
                let values = rows.compactMap { row in column.flatMap { ComparisonNumbers.thousandths(row[$0]) } }
                fields += Self.intervalFields(values.map { Double($0) / 1000 })
            }
            lines.append(fields)
        }
        csvText = CSVText.lines(lines)
    }

    /// `mean,ci_low,ci_high` of `values` (three empty cells without any).
    static func intervalFields(_ values: [Double]) -> [String] {
        guard let interval = ComparisonNumbers.studentInterval(values) else { return ["", "", ""] }
        return [ComparisonNumbers.fixed3(interval.mean), ComparisonNumbers.fixed3(interval.low), ComparisonNumbers.fixed3(interval.high)]
    }
}

/// CSV text of rows of plain strings (RFC 4180 quoting where a field needs it, LF line ends).
enum CSVText {
    static func lines(_ rows: [[String]]) -> String {
        var bytes: [UInt8] = []
        for row in rows {
            for (index, field) in row.enumerated() {
                if index > 0 { bytes.append(CSVFormatting.comma) }
                CSVFormatting.appendField(field, to: &bytes)
            }
            bytes.append(CSVFormatting.lineFeed)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

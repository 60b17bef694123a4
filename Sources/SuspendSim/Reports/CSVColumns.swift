/// The columns of one CSV file, declared once (SPEC 8): one case per column, in file order,
/// each spelled as the header spells it.
///
/// The header is made from the cases, and a row is written by visiting the same cases in the
/// same order (`appendRow`), with an exhaustive `switch` giving each column's field. A column
/// added to the enum therefore appears in the header and must be given a field, and the two
/// cannot drift apart. The six files a long run formats on a thread of its own write their
/// rows straight, field by field in reserved room (`CSVReservedRow`), each field named by its
/// column and the order checked against the cases in the tests' builds. Readers (`explain`, `merge`, the HTML report) look columns up by these
/// names too.
///
/// ```swift
/// enum PressureColumn: String, CSVColumns { case time_s, used_mb, free_mb, level }
/// PressureColumn.appendRow(to: &row) { column, row in
///     switch column {
///     case .time_s: CSVFormatting.appendSeconds(timeMs, to: &row)
///     ...
///     }
/// }
/// ```
protocol CSVColumns: CaseIterable, RawRepresentable, Sendable where RawValue == String, AllCases == [Self] {}

extension CSVColumns {
    /// The header row: the column names joined by commas.
    static var header: String { names.joined(separator: ",") }

    /// The header row with `extra` columns after these (a batch's sweep columns), quoted as
    /// any field is.
    static func header(followedBy extra: [String]) -> String {
        var bytes = Array(header.utf8)
        for column in extra {
            bytes.append(CSVFormatting.comma)
            CSVFormatting.appendField(column, to: &bytes)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The column names, in file order.
    static var names: [String] { allCases.map { $0.rawValue } }

    /// Appends one row's fields, commas between them (without the line end): `field` appends
    /// the value of each column in turn, or nothing for an empty cell.
    @inline(__always)
    static func appendRow<Sink: CSVByteSink>(to row: inout Sink, _ field: (Self, inout Sink) -> Void) {
        var first = true
        for column in allCases {
            if !first { row.append(CSVFormatting.comma) }
            first = false
            field(column, &row)
        }
    }
}

/// Writes a whole CSV file so that readers see the old file or the new one, never half of
/// one (an `AtomicCSVStream` filled at once). Used for the batch-wide files (`summary.csv`,
/// `comparison.csv`).
enum AtomicCSVFile {
    /// Writes `header`, then one line per row (`row` appends its fields without the line end).
    /// Creates missing parent folders.
    ///
    /// - Throws: `ReportWriter.Error` naming the path and the system's error; the temporary file is
    ///   removed.
    static func write<Row>(
        _ rows: [Row], header: String, toPath target: String, row append: (Row, inout CSVRowWriter) -> Void
    ) throws {
        let file = try AtomicCSVStream(path: target, header: header)
        for row in rows {
            file.appendRow { append(row, &$0) }
        }
        try file.commit()
    }
}

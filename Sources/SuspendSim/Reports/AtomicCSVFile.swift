/// Writes a whole CSV file so that readers see the old file or the new one, never half of
/// one: into a hidden temporary file beside it, then renamed over it. Used for the batch-wide
/// files (`summary.csv`, `comparison.csv`).
enum AtomicCSVFile {
    /// Writes `header`, then one line per row (`row` appends its fields without the line end).
    /// Creates missing parent folders.
    ///
    /// - Throws: `ReportError` naming the path and the system's error; the temporary file is
    ///   removed.
    static func write<Row>(
        _ rows: [Row], header: String, toPath target: String, row append: (Row, inout CSVRowWriter) -> Void
    ) throws {
        let parent = ReportFileSystem.parentPath(of: target)
        let name = String(target.split(separator: "/").last ?? Substring(target))
        try ReportFileSystem.makeFolders(parent)
        let partial = UnfinishedOutputs.partialPath(parent: parent, name: name)
        do {
            let file = try CSVFileBuffer(path: partial, header: header,
                                         flushThreshold: CSVReportRecorder.defaultFlushThreshold)
            for row in rows {
                file.appendRow { append(row, &$0) }
            }
            try file.close()
            try ReportFileSystem.rename(partial, to: target)
        } catch {
            ReportFileSystem.removeTree(partial)
            throw error
        }
    }
}

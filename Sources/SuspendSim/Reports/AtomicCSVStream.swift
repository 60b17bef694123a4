/// A CSV file written row by row that readers see whole or not at all: rows go to a hidden
/// temporary file beside the target (`.<name>.partial-<pid>-<random>`), which `commit()`
/// renames over it. Memory stays at the buffer's size however many rows there are.
final class AtomicCSVStream {
    /// The file's final path.
    let target: String
    private let partial: String
    private let file: CSVFileBuffer
    private var finished = false

    /// Starts the file with `header`; creates missing parent folders.
    ///
    /// - Throws: `ReportError` naming the path and the system's error.
    init(path target: String, header: String) throws {
        let parent = ReportFileSystem.parentPath(of: target)
        let name = String(target.split(separator: "/").last ?? Substring(target))
        try ReportFileSystem.makeFolders(parent)
        self.target = target
        partial = UnfinishedOutputs.partialPath(parent: parent, name: name)
        file = try CSVFileBuffer(path: partial, header: header, flushThreshold: CSVReportRecorder.defaultFlushThreshold)
    }

    deinit {
        if !finished { discard() }
    }

    /// Appends one row: `body` appends its fields (without the line end).
    func appendRow(_ body: (inout CSVRowWriter) -> Void) {
        file.appendRow(body)
    }

    /// Appends one row's bytes as they are (without the line end).
    func appendRow(bytes: some Collection<UInt8>) {
        file.appendRow { $0.append(contentsOf: Array(bytes)) }
    }

    /// Writes what is left and puts the file in place.
    ///
    /// - Throws: `ReportError`; the temporary file is then removed.
    func commit() throws {
        finished = true
        do {
            try file.close()
            try ReportFileSystem.rename(partial, to: target)
        } catch {
            ReportFileSystem.removeTree(partial)
            throw error
        }
    }

    /// Drops the file: the target is left as it was.
    func discard() {
        finished = true
        try? file.close()
        ReportFileSystem.removeTree(partial)
    }
}

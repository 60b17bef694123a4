/// A CSV file written row by row that readers see whole or not at all: rows go to an
/// `AtomicOutput` file, which `commit()` puts in place. Memory stays at the buffer's size
/// however many rows there are.
final class AtomicCSVStream {
    private let output: AtomicOutput
    private let file: CSVFileBuffer

    /// The file's final path.
    var target: String { output.target }

    /// Starts the file with `header`; creates missing parent folders.
    ///
    /// - Throws: `ReportWriter.Error` naming the path and the system's error.
    init(path target: String, header: String) throws {
        output = try AtomicOutput(target: target, kind: .file)
        file = try CSVFileBuffer(path: output.partial, header: header,
                                 flushThreshold: CSVReportRecorder.defaultFlushThreshold, existing: true)
    }

    /// Appends one row: `body` appends its fields (without the line end).
    func appendRow(_ body: (inout CSVRowWriter) -> Void) {
        file.appendRow(body)
    }

    /// Appends one row's bytes as they are (without the line end).
    func appendRow(bytes: some Collection<UInt8>) {
        file.appendRow { $0.append(contentsOf: Array(bytes)) }
    }

    /// Appends whole lines as they are (each already ending with a line feed).
    func appendLines(bytes: [UInt8]) {
        file.appendLines(bytes)
    }

    /// Writes what is left and puts the file in place.
    ///
    /// - Throws: `ReportWriter.Error`; the temporary file is then removed.
    func commit() throws {
        do {
            try file.close()
        } catch {
            output.discard()
            throw error
        }
        try output.commit()
    }

    /// Drops the file: the target is left as it was.
    func discard() {
        try? file.close()
        output.discard()
    }
}

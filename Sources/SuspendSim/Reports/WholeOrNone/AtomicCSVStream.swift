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

    /// The hidden temporary path the rows go to, readable once `finishWriting()` is done.
    var partialPath: String { output.partial }

    private var written = false

    /// Writes what is left, without putting the file in place (`commit()` then only puts
    /// it there): a command that checks several files before any lands (`merge`).
    ///
    /// - Throws: `ReportWriter.Error`; the temporary file is then removed.
    func finishWriting() throws {
        guard !written else { return }
        written = true
        do {
            try file.close()
        } catch {
            output.discard()
            throw error
        }
    }

    /// Writes what is left and puts the file in place.
    ///
    /// - Throws: `ReportWriter.Error`; the temporary file is then removed.
    func commit() throws {
        try finishWriting()
        try output.commit()
    }

    /// Drops the file: the target is left as it was.
    func discard() {
        if !written { try? file.close() }
        output.discard()
    }
}


/// One CSV file being written: rows are appended to a byte buffer, and the buffer is
/// written to the file each time it passes `flushThreshold`, so memory stays bounded
/// however long the run.
///
/// A class, so that copies of a recorder share one buffer per file and no row is written
/// twice. Row methods cannot throw (`SimulationRecorder`'s are not throwing): the first
/// write error is kept, later writes are dropped, and `close()` throws it.
///
/// With a `CSVWriteBehindThread`, a full buffer is handed to that thread to write, and rows
/// go on into another; `close()` waits until the file's last buffer is written.
final class CSVFileBuffer {
    /// The file's path.
    let path: String
    private let flushThreshold: Int
    private let bufferCapacity: Int
    /// The open file; nil once closed.
    private var descriptor: FileDescriptor?
    @exclusivity(unchecked) private var row: CSVRowWriter
    private var firstError: ReportWriter.Error?
    /// Writes the full buffers when set; nil: `flush()` writes them itself.
    private let writeBehind: CSVWriteBehindThread?

    /// Creates the file at `path` (it must not exist), or with `existing`, opens the empty
    /// file there (it must exist), and buffers `header` as its first row.
    init(path: String, header: String, flushThreshold: Int, existing: Bool = false,
         writeBehind: CSVWriteBehindThread? = nil) throws {
        self.path = path
        self.flushThreshold = max(1, flushThreshold)
        self.writeBehind = writeBehind
        descriptor = try existing ? ReportFileSystem.openFile(path) : ReportFileSystem.createFile(path)
        bufferCapacity = min(self.flushThreshold, 1 << 20) + 4096
        row = CSVRowWriter(capacity: bufferCapacity)
        appendRow { $0.append(contentsOf: Array(header.utf8)) }
    }

    deinit {
        if descriptor != nil { _ = writeBehind?.waitUntilWritten(path: path) }
        try? descriptor?.close()
        row.deallocate()
    }

    /// Appends one row: `body` appends its fields (without the line end) to the buffer.
    /// Flushes when the buffer passes the threshold.
    ///
    /// - Complexity: amortized O(row length).
    @inline(__always)
    func appendRow(_ body: (inout CSVRowWriter) -> Void) {
        precondition(descriptor != nil, "Row appended to \(path) after it was closed")
        body(&row)
        row.append(CSVFormatting.lineFeed)
        if row.count >= flushThreshold { flush() }
    }

    /// Appends one row of `Columns`: `cell` appends each column's field in turn
    /// (`CSVColumns.appendRow`).
    @inline(__always)
    func appendRow<Columns: CSVColumns>(_ columns: Columns.Type, _ cell: (Columns, inout CSVRowWriter) -> Void) {
        appendRow { row in Columns.appendRow(to: &row, cell) }
    }

    /// Appends one row of `Columns` written into `room` bytes reserved for it at once
    /// (`CSVRowWriter.appendRow(_:room:_:)`): `fields` writes each column's field with no room
    /// check of its own. Flushes when the buffer passes the threshold.
    @inline(__always)
    func appendRow<Columns: CSVColumns>(_ columns: Columns.Type, room: Int,
                                        _ fields: (inout CSVReservedRow<Columns>) -> Void) {
        precondition(descriptor != nil, "Row appended to \(path) after it was closed")
        row.appendRow(columns, room: room, fields)
        if row.count >= flushThreshold { flush() }
    }

    /// Appends whole lines as they are (each already ending with a line feed). Flushes when
    /// the buffer passes the threshold.
    func appendLines(_ bytes: [UInt8]) {
        precondition(descriptor != nil, "Lines appended to \(path) after it was closed")
        row.append(contentsOf: bytes)
        if row.count >= flushThreshold { flush() }
    }

    /// The page cache's page on x86-64 Linux (arm64 kernels use it or a multiple of it).
    static let pageSize = 4096

    /// Writes the buffer to the file, or hands it to the write-behind thread; after a write
    /// error, drops it.
    ///
    /// A flush of `pageSize` bytes or more writes whole pages only, and keeps the last partial
    /// page's bytes for the next write, so that every write but the file's last starts and
    /// ends on a page boundary: the kernel then fills whole pages of the page cache instead of
    /// finishing one a write began (ext4, 36 MB in 256 KiB writes: 6.0 ms of system time
    /// against 7.6 ms at unaligned lengths, docs/performance.md). The file's bytes are the same.
    func flush() {
        flush(wholePagesOnly: true)
    }

    private func flush(wholePagesOnly: Bool) {
        guard firstError == nil, row.count > 0, let descriptor else { return row.removeAll() }
        let end = wholePagesOnly && row.count >= Self.pageSize ? row.count - row.count % Self.pageSize : row.count
        if let writeBehind {
            // The partial page waits on the stack while the whole pages go, then starts the
            // next buffer.
            let tailLength = row.count - end
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.pageSize) { tail in
                row.removeBytes(from: end, into: tail)
                row = writeBehind.write(row, to: descriptor, path: path, capacity: bufferCapacity)
                row.append(contentsOf: UnsafeBufferPointer(rebasing: tail[..<tailLength]))
            }
            return
        }
        defer { row.removeFirst(end) }
        do {
            _ = try descriptor.writeAll(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: row.bytes[..<end])))
        } catch {
            firstError = ReportWriter.Error("write", path: path, systemError: error)
        }
    }

    /// Writes what is left and closes the file; throws the first error of its life.
    func close() throws {
        guard let open = descriptor else { return }
        flush(wholePagesOnly: false)
        if let writeBehind, firstError == nil { firstError = writeBehind.waitUntilWritten(path: path) }
        descriptor = nil
        var closeError: (any Error)?
        do { try open.close() } catch { closeError = error }
        if let firstError { throw firstError }
        if let closeError { throw ReportWriter.Error("close", path: path, systemError: closeError) }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One CSV file being written: rows are appended to a byte buffer, and the buffer is
/// written to the file each time it passes `flushThreshold`, so memory stays bounded
/// however long the run.
///
/// A class, so that copies of a recorder share one buffer per file and no row is written
/// twice. Row methods cannot throw (`SimulationRecorder`'s are not throwing): the first
/// write error is kept, later writes are dropped, and `close()` throws it.
final class CSVFileBuffer {
    /// The file's path.
    let path: String
    private let flushThreshold: Int
    private var descriptor: Int32
    @exclusivity(unchecked) private var row: CSVRowWriter
    private var firstError: ReportError?

    /// Creates the file at `path` (it must not exist), or with `existing`, opens the empty
    /// file there (it must exist), and buffers `header` as its first row.
    init(path: String, header: String, flushThreshold: Int, existing: Bool = false) throws {
        self.path = path
        self.flushThreshold = max(1, flushThreshold)
        let flags = existing ? O_WRONLY | O_CLOEXEC : O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC
        descriptor = open(path, flags, 0o644)
        if descriptor < 0 { throw ReportError.fromErrno(existing ? "open file" : "create file", path: path) }
        row = CSVRowWriter(capacity: min(self.flushThreshold, 1 << 20) + 4096)
        appendRow { $0.append(contentsOf: Array(header.utf8)) }
    }

    deinit {
        if descriptor >= 0 { _ = closeDescriptor(descriptor) }
        row.deallocate()
    }

    /// Appends one row: `body` appends its fields (without the line end) to the buffer.
    /// Flushes when the buffer passes the threshold.
    ///
    /// - Complexity: amortized O(row length).
    @inline(__always)
    func appendRow(_ body: (inout CSVRowWriter) -> Void) {
        precondition(descriptor >= 0, "Row appended to \(path) after it was closed")
        body(&row)
        row.append(CSVFormatting.lineFeed)
        if row.count >= flushThreshold { flush() }
    }

    /// Appends whole lines as they are (each already ending with a line feed). Flushes when
    /// the buffer passes the threshold.
    func appendLines(_ bytes: [UInt8]) {
        precondition(descriptor >= 0, "Lines appended to \(path) after it was closed")
        row.append(contentsOf: bytes)
        if row.count >= flushThreshold { flush() }
    }

    /// Writes the buffer to the file; after a write error, drops it.
    func flush() {
        defer { row.removeAll() }
        guard firstError == nil, row.count > 0 else { return }
        let error: ReportError? = UnsafeRawBufferPointer(row.bytes).withMemoryRebound(to: UInt8.self) { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return ReportError.fromErrno("write", path: path)
                }
                offset += written
            }
            return nil
        }
        firstError = error
    }

    /// Writes what is left and closes the file; throws the first error of its life.
    func close() throws {
        guard descriptor >= 0 else { return }
        flush()
        let status = closeDescriptor(descriptor)
        let closeErrno = errno
        descriptor = -1
        if let firstError { throw firstError }
        if status != 0 { throw ReportError("close", path: path, code: closeErrno) }
    }
}

/// `close(2)`, which `CSVFileBuffer.close()` shadows.
@inline(__always)
private func closeDescriptor(_ descriptor: Int32) -> Int32 {
    #if canImport(Darwin)
    Darwin.close(descriptor)
    #elseif canImport(Musl)
    Musl.close(descriptor)
    #else
    Glibc.close(descriptor)
    #endif
}

import Dispatch
import Synchronization

/// A thread of its own that writes the full buffers of a long run's report files, so that the
/// run's thread goes on formatting rows while the kernel copies the last buffer into the page
/// cache. At 10^5 events the `write(2)` calls of the files the run's thread formats took about
/// a tenth of its time (docs/performance.md).
///
/// One thread and one queue: each file's buffers reach it in the order they filled, so every
/// file gets the bytes a synchronous write would give. A written buffer goes back to a spare
/// list for the next file that fills one, so a run holds at most `buffersAhead` buffers more
/// than it would without this thread. The first write error of each file is kept for its
/// `CSVFileBuffer.close()`, and that file's later buffers are dropped, as a synchronous
/// buffer drops them.
final class CSVWriteBehindThread: Sendable {
    /// One full buffer and the file it belongs to.
    private struct Write: @unchecked Sendable {
        // Unchecked: the buffer's storage moves to the write thread with the value; the
        // sender keeps no copy of it.
        let descriptor: FileDescriptor
        let path: String
        let bytes: CSVRowWriter
    }

    /// Buffers handed over and not yet written, at most.
    static let buffersAhead = 4
    private let channel = BatchChannel<Write>(capacity: buffersAhead)
    private let unwritten = DispatchGroup()
    private let exited = DispatchSemaphore(value: 0)
    private let written = WrittenBuffers()
    private let isFinished = Atomic<Bool>(false)

    /// Starts the thread.
    init() {
        let channel = channel
        let unwritten = unwritten
        let exited = exited
        let written = written
        PipelineThread.start {
            while let writes = channel.receive() {
                for write in writes {
                    written.perform(write.bytes, to: write.descriptor, path: write.path)
                    unwritten.leave()
                }
            }
            exited.signal()
        }
    }

    deinit {
        finish()
        written.deallocateSpares()
    }

    /// Hands `bytes` over to be written to `descriptor` (the file at `path`), and returns an
    /// empty buffer to fill next: a spare one, or a new one of `capacity` bytes. Waits while
    /// `buffersAhead` buffers are not yet written.
    func write(_ bytes: CSVRowWriter, to descriptor: FileDescriptor, path: String, capacity: Int) -> CSVRowWriter {
        unwritten.enter()
        _ = channel.send([Write(descriptor: descriptor, path: path, bytes: bytes)])
        return written.takeSpare() ?? CSVRowWriter(capacity: capacity)
    }

    /// Waits until every buffer handed over so far is written; then the first write error of
    /// the file at `path`, if any.
    func waitUntilWritten(path: String) -> ReportWriter.Error? {
        unwritten.wait()
        return written.firstError(path: path)
    }

    /// Waits for the last writes, then lets the thread end. Nothing may be handed over after.
    func finish() {
        guard !isFinished.exchange(true, ordering: .acquiringAndReleasing) else { return }
        unwritten.wait()
        channel.finish()
        exited.wait()
    }
}

/// What the write thread shares with the others: the buffers it has written, ready for reuse,
/// and each file's first write error.
private final class WrittenBuffers: Sendable {
    /// A buffer no thread is using.
    private struct Spare: @unchecked Sendable {
        // Unchecked: only the thread that takes it from the list touches it.
        let buffer: CSVRowWriter
    }

    private let spares = Mutex<[Spare]>([])
    private let errors = Mutex<[String: ReportWriter.Error]>([:])

    /// Writes `bytes` to the file (unless an earlier write to it failed), then keeps the
    /// buffer as a spare.
    func perform(_ bytes: CSVRowWriter, to descriptor: FileDescriptor, path: String) {
        if errors.withLock({ $0[path] == nil }) {
            do {
                _ = try descriptor.writeAll(UnsafeRawBufferPointer(bytes.bytes))
            } catch {
                let failure = ReportWriter.Error("write", path: path, systemError: error)
                errors.withLock { $0[path] = failure }
            }
        }
        var emptied = bytes
        emptied.removeAll()
        let spare = Spare(buffer: emptied)
        spares.withLock { $0.append(spare) }
    }

    func takeSpare() -> CSVRowWriter? {
        spares.withLock { $0.popLast()?.buffer }
    }

    func firstError(path: String) -> ReportWriter.Error? {
        errors.withLock { $0[path] }
    }

    func deallocateSpares() {
        spares.withLock { spares in
            for spare in spares { spare.buffer.deallocate() }
            spares.removeAll()
        }
    }
}

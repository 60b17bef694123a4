@_spi(Generators) import SuspendSimCore
import Dispatch
import Foundation

/// A thread of its own that formats and writes the rows of `memory.csv`, `pressure.csv` and
/// `skipped.csv` for a long run, so that the run's thread spends its time on the engine and
/// the other files (docs/performance.md: at 10^6 events, formatting and writing rows is most
/// of the run's time, and the second core has room beside the streamed JSON reader).
///
/// The run's thread collects rows, as plain values, in chunks of `chunkSize` and sends each
/// full chunk; this thread formats them in the order they were recorded, so every file's
/// bytes are what the run's thread would have written. `finish()` sends the last chunk and
/// waits until every row is in its file's buffer.
final class CSVFormattingThread: @unchecked Sendable {
    /// A row, the record the recorder was given.
    enum Row: Sendable {
        case footprint(EventLog.FootprintRecord)
        case free(EventLog.FreeRecord)
        case skipped(EventLog.Skip)
    }

    static let chunkSize = 4096
    private static let chunksAhead = 8
    private let channel = BatchChannel<Row>(capacity: chunksAhead)
    private let finished = DispatchSemaphore(value: 0)
    /// The rows not yet sent; touched by the run's thread only, so the dynamic exclusivity
    /// check a class's stored property gets on every access is left out.
    @exclusivity(unchecked) private var pending: [Row] = []
    private var isFinished = false

    /// Starts the thread; it hands each row to `write`, in order.
    init(write: @escaping @Sendable (Row) -> Void) {
        pending.reserveCapacity(Self.chunkSize)
        let channel = channel
        let finished = finished
        PipelineThread.start {
            while let rows = channel.receive() {
                for row in rows { write(row) }
                channel.recycle(consume rows)
            }
            finished.signal()
        }
    }

    deinit {
        finish()
    }

    /// Queues a row; sends the chunk when it is full (waiting while `chunksAhead` chunks are
    /// not yet formatted).
    @inline(__always)
    func append(_ row: Row) {
        pending.append(row)
        if pending.count == Self.chunkSize { sendPending() }
    }

    /// Sends what is queued, then waits until the thread has formatted every row.
    func finish() {
        guard !isFinished else { return }
        isFinished = true
        if !pending.isEmpty { sendPending() }
        channel.finish()
        finished.wait()
    }

    private func sendPending() {
        var full = channel.emptyBatch(capacity: Self.chunkSize)
        swap(&full, &pending)
        _ = channel.send(full)
    }
}

@_spi(Generators) import SuspendSimCore
import Dispatch
import Foundation
import Synchronization

/// A thread of its own that formats the rows of `transitions.csv`, `callbacks.csv`,
/// `memory.csv`, `pressure.csv`, `skipped.csv` and `launches.csv` for a long run, so that the
/// run's thread spends its time on the engine (docs/performance.md: at 10^5 and 10^6 events,
/// formatting rows was half of the run's thread, and the second core has room beside the
/// streamed JSON reader). The run's thread keeps the rare rows of `evictions.csv` and
/// `freezer.csv`.
///
/// The run's thread copies each record, a plain value of fixed size, into the chunk being
/// filled (`RowChunk`, one array of records per file) and sends the chunk once it holds
/// `chunkSize` rows; this thread formats each file's rows in the order they were recorded, so
/// every file's bytes are what the run's thread would have written. `finish()` sends the last
/// chunk and waits until every row is in its file's buffer.
final class CSVFormattingThread: @unchecked Sendable {
    // Unchecked: `pending` is the run's thread's alone; a chunk sent belongs to this thread
    // until it comes back through `spares`.

    /// Rows a chunk holds, of all files together.
    static let chunkSize = 4096
    private static let chunksAhead = 8
    private let channel = BatchChannel<RowChunk>(capacity: chunksAhead)
    private let finished = DispatchSemaphore(value: 0)
    /// Chunks formatted and emptied, for the run's thread to fill again (pages already touched).
    private let spares = Mutex<[RowChunk]>([])
    /// Every chunk allocated, freed once the thread has finished.
    private let allocated = Mutex<[RowChunk]>([])
    /// The chunk being filled; touched by the run's thread only, so the dynamic exclusivity
    /// check a class's stored property gets on every access is left out.
    @exclusivity(unchecked) private var pending: RowChunk
    @exclusivity(unchecked) private var isFinished = false

    /// Starts the thread; it hands each chunk to `write`, in order.
    init(write: @escaping @Sendable (RowChunk) -> Void) {
        let first = RowChunk(capacity: Self.chunkSize)
        pending = first
        allocated.withLock { $0.append(first) }
        let channel = channel
        let finished = finished
        let spares = UncheckedReference(self)
        // As much work as the run's thread: at its priority (`PipelineThread`).
        PipelineThread.start(keepingPriority: true) {
            while let chunks = channel.receive() {
                for var chunk in chunks {
                    write(chunk)
                    chunk.removeAll()
                    spares.value.spares.withLock { $0.append(chunk) }
                }
                channel.recycle(consume chunks)
            }
            finished.signal()
        }
    }

    deinit {
        finish()
        allocated.withLock { chunks in
            for chunk in chunks { chunk.deallocate() }
        }
    }

    /// Queues a row of `transitions.csv`.
    @inline(__always)
    func append(_ transition: EventLog.Transition) {
        pending.transitions.append(transition)
        countRow()
    }

    /// Queues a row of `callbacks.csv`.
    @inline(__always)
    func append(_ callback: EventLog.CallbackRecord) {
        pending.callbacks.append(callback)
        countRow()
    }

    /// Queues a row of `memory.csv`.
    @inline(__always)
    func append(_ footprint: EventLog.FootprintRecord) {
        pending.footprints.append(footprint)
        countRow()
    }

    /// Queues a row of `pressure.csv`.
    @inline(__always)
    func append(_ free: EventLog.FreeRecord) {
        pending.frees.append(free)
        countRow()
    }

    /// Queues a row of `skipped.csv`.
    @inline(__always)
    func append(_ skip: EventLog.Skip) {
        pending.skips.append(skip)
        countRow()
    }

    /// Queues a row of `launches.csv`.
    @inline(__always)
    func append(_ launch: EventLog.Launch) {
        pending.launches.append(launch)
        countRow()
    }

    /// Sends the chunk when it is full (waiting while `chunksAhead` chunks are not yet
    /// formatted).
    @inline(__always)
    private func countRow() {
        pending.rows &+= 1
        if pending.rows == Self.chunkSize { sendPending() }
    }

    /// Sends what is queued, then waits until the thread has formatted every row.
    func finish() {
        guard !isFinished else { return }
        isFinished = true
        if pending.rows > 0 { sendPending() }
        channel.finish()
        finished.wait()
    }

    private func sendPending() {
        var full = channel.emptyBatch(capacity: 1)
        full.append(pending)
        pending = spares.withLock { $0.popLast() } ?? newChunk()
        _ = channel.send(full)
    }

    private func newChunk() -> RowChunk {
        let chunk = RowChunk(capacity: Self.chunkSize)
        allocated.withLock { $0.append(chunk) }
        return chunk
    }
}

/// A class reference handed to another thread, which the caller keeps alive and whose shared
/// parts are thread-safe (`CSVFormattingThread`'s spare chunks, behind a mutex).
private struct UncheckedReference<Value: AnyObject>: @unchecked Sendable {
    unowned(unsafe) let value: Value
    init(_ value: Value) { self.value = value }
}

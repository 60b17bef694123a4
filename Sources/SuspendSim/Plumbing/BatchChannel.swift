import Dispatch
import Synchronization

/// Batches handed from one thread to another, in order: at most `capacity` wait, so memory
/// stays bounded; `finish` says no more come, `close` tells the sender to stop. The receiver
/// hands each batch's storage back once done with it (`recycle`), and the sender fills it
/// again (`emptyBatch`): pages the pipeline has already touched, instead of new ones that
/// each cost a page fault.
///
/// The streamed JSON reader sends the run its events through one (`StreamedJSONEvents`), and
/// a long run's report sends rows to the thread that formats them (`CSVFormattingThread`).
/// Written here because the Swift packages at hand offer no bounded blocking queue between
/// threads: swift-async-algorithms' `AsyncChannel` needs both ends in async code, and the
/// engine's loop is synchronous.
final class BatchChannel<Element: Sendable>: Sendable {
    private struct State {
        var batches: [[Element]] = []
        /// Emptied batches, their storage kept.
        var spares: [[Element]] = []
        var closed = false
    }
    private let state = Mutex(State())
    private let waiting = DispatchSemaphore(value: 0)
    private let room: DispatchSemaphore

    init(capacity: Int) {
        room = DispatchSemaphore(value: capacity)
    }

    /// Sends a batch, waiting for room; false once the receiver has closed the channel.
    func send(_ batch: [Element]) -> Bool {
        room.wait()
        let sent = state.withLock { state in
            if state.closed { return false }
            state.batches.append(batch)
            return true
        }
        if sent { waiting.signal() }
        return sent
    }

    /// No more batches come: one more wake-up for the receiver, which then finds none.
    func finish() {
        waiting.signal()
    }

    /// The next batch, waiting for it; nil when the sender has finished and none is left.
    func receive() -> [Element]? {
        waiting.wait()
        let batch = state.withLock { state -> [Element]? in
            state.batches.isEmpty ? nil : state.batches.removeFirst()
        }
        if batch != nil {
            room.signal()
        } else {
            // Finished: let any later call through as well.
            waiting.signal()
        }
        return batch
    }

    /// An empty batch to fill: a recycled one when there is one, else a new one with room for
    /// `capacity` elements. At most `capacity` batches wait and the two ends hold one each, so
    /// no more than `capacity + 2` batches ever exist.
    func emptyBatch(capacity: Int) -> [Element] {
        if let spare = state.withLock({ $0.spares.popLast() }) { return spare }
        var batch: [Element] = []
        batch.reserveCapacity(capacity)
        return batch
    }

    /// Hands a received batch back, emptied, for `emptyBatch`. The caller keeps no copy of it
    /// (a copy would make emptying it allocate anew).
    func recycle(_ batch: consuming [Element]) {
        var emptied = consume batch
        emptied.removeAll(keepingCapacity: true)
        state.withLock { $0.spares.append(emptied) }
    }

    /// The receiver wants no more: a sender waiting for room stops.
    func close() {
        state.withLock { $0.closed = true }
        room.signal()
    }
}

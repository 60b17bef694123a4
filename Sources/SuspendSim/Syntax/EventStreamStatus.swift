import Synchronization

/// Whether a streamed file turned out unreadable by the fast reader, and where it stopped.
final class EventStreamStatus: Sendable {
    private let unreadable = Atomic<Bool>(false)
    private let stop = Mutex<Stop?>(nil)

    /// The event the fast reader did not take (file offset and line, and its index in the
    /// array), and the one before it, read (none when it was the first).
    struct Stop: Sendable {
        var event: (offset: Int64, line: Int)
        var index: Int
        var previous: (offset: Int64, line: Int)?
    }

    /// Where a run's reader stopped (every run stops at the same event).
    var stopped: Stop? { stop.withLock { $0 } }

    func noteStop(_ where: Stop) { stop.withLock { $0 = $0 ?? `where` } }

    var isUnreadable: Bool { unreadable.load(ordering: .acquiring) }

    func markUnreadable() { unreadable.store(true, ordering: .releasing) }
}

/// A run's report was dropped because its streamed events could not be read (see
/// `StreamedJSONEvents`); the file is to be read the ordinary way.
struct EventStreamUnreadable: Error {}

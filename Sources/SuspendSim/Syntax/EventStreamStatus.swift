import Synchronization

/// Whether a streamed file turned out unreadable by the fast reader.
final class EventStreamStatus: Sendable {
    private let unreadable = Atomic<Bool>(false)

    var isUnreadable: Bool { unreadable.load(ordering: .acquiring) }

    func markUnreadable() { unreadable.store(true, ordering: .releasing) }
}

/// A run's report was dropped because its streamed events could not be read (see
/// `StreamedJSONEvents`); the file is to be read the ordinary way.
struct EventStreamUnreadable: Error {}

@_spi(Generators) import SuspendSimCore

/// Rows on their way to the formatting thread (`CSVFormattingThread`): for each file it
/// formats, the records in the order the run made them, in storage of fixed size allocated
/// once and filled again chunk after chunk, so that queueing a row is a copy of a few words
/// and a count (no reference counting, no growth, no enum of every record).
///
/// A value of pointers: copies share the storage. The chunk holds at most `capacity` rows of
/// all files together, so each file's storage has room for `capacity`.
struct RowChunk: @unchecked Sendable {
    // Unchecked: one thread at a time owns a chunk (the run's while it fills it, the
    // formatting thread's once sent).
    var transitions: RowStorage<EventLog.Transition>
    var callbacks: RowStorage<EventLog.CallbackRecord>
    var footprints: RowStorage<EventLog.FootprintRecord>
    var frees: RowStorage<EventLog.FreeRecord>
    var skips: RowStorage<EventLog.Skip>
    var launches: RowStorage<EventLog.Launch>
    /// Rows of all files together.
    var rows = 0

    /// A chunk with room for `capacity` rows.
    init(capacity: Int) {
        transitions = RowStorage(capacity: capacity)
        callbacks = RowStorage(capacity: capacity)
        footprints = RowStorage(capacity: capacity)
        frees = RowStorage(capacity: capacity)
        skips = RowStorage(capacity: capacity)
        launches = RowStorage(capacity: capacity)
    }

    /// Forgets the rows, keeping the storage.
    mutating func removeAll() {
        transitions.count = 0
        callbacks.count = 0
        footprints.count = 0
        frees.count = 0
        skips.count = 0
        launches.count = 0
        rows = 0
    }

    /// Frees the storage; no copy of the chunk may be used afterwards.
    func deallocate() {
        transitions.base.deallocate()
        callbacks.base.deallocate()
        footprints.base.deallocate()
        frees.base.deallocate()
        skips.base.deallocate()
        launches.base.deallocate()
    }
}

/// One file's records in a `RowChunk`. The engine's records are plain values (no
/// references), so they are never destroyed one by one: emptying the storage is setting its
/// count to 0.
struct RowStorage<Record> {
    let base: UnsafeMutablePointer<Record>
    var count = 0

    init(capacity: Int) {
        base = .allocate(capacity: capacity)
    }

    /// Stores `record` after the others; the chunk's count of rows keeps it within capacity.
    @inline(__always)
    mutating func append(_ record: Record) {
        (base + count).initialize(to: record)
        count &+= 1
    }

    /// The records stored, in order.
    var records: UnsafeBufferPointer<Record> { UnsafeBufferPointer(start: base, count: count) }
}

import HeapModule

/// A timer the engine has scheduled: it fires at `timeMs` unless its app's epoch moved on.
struct PendingTimer: Comparable {
    var timeMs: Millis
    /// Rises with every timer scheduled, so timers due at the same instant fire in the order
    /// they were scheduled (SPEC 10). `Heap` does not keep insertion order by itself.
    var seq: UInt64
    var kind: EventLog.TimerKind
    var app: AppIndex
    /// The app's timer epoch when scheduled; a different epoch when popped means cancelled.
    var epoch: UInt32

    static func < (a: PendingTimer, b: PendingTimer) -> Bool {
        (a.timeMs, a.seq) < (b.timeMs, b.seq)
    }

    static func == (a: PendingTimer, b: PendingTimer) -> Bool {
        a.timeMs == b.timeMs && a.seq == b.seq
    }
}

/// The timer queue: a min-heap keyed by (time, sequence number), as SimPy's event queue is
/// keyed by (time, priority, id). A heap cannot remove items, so cancelled timers stay in it
/// and are dropped when they reach the top (the engine compares epochs).
///
/// Scenario events are not in this queue: they are already in time order, and the engine
/// merges them in, running a scenario event before any timer due at the same instant.
struct TimerQueue {
    private var heap = Heap<PendingTimer>()
    private var nextSeq: UInt64 = 0

    /// The earliest timer, if any.
    ///
    /// - Complexity: O(1)
    var first: PendingTimer? { heap.min }

    /// Schedules a timer.
    ///
    /// - Complexity: O(log n)
    mutating func schedule(at timeMs: Millis, _ kind: EventLog.TimerKind, app: AppIndex, epoch: UInt32) {
        heap.insert(PendingTimer(timeMs: timeMs, seq: nextSeq, kind: kind, app: app, epoch: epoch))
        nextSeq &+= 1
    }

    /// A sequence number for a timer kept outside the queue (the reaper's tick), so that it
    /// takes its place among same-instant timers as if it were scheduled now.
    mutating func takeSequenceNumber() -> UInt64 {
        defer { nextSeq &+= 1 }
        return nextSeq
    }

    /// Removes and returns the earliest timer.
    ///
    /// - Complexity: O(log n)
    mutating func popFirst() -> PendingTimer? { heap.popMin() }

    var count: Int { heap.count }
}

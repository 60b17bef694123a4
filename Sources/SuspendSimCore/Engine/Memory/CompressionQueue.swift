/// The suspended apps in the order they entered `suspended`, earliest first: the order the
/// compressor takes them in (SPEC 23). An app is appended as it enters `suspended`; an entry
/// whose app has left `suspended` since, or has nothing left to compress, is stale, and is
/// dropped when it reaches the front or when a compaction sweeps it. The storage of dropped
/// entries is given back too (`first(where:)`), so that memory stays in proportion to the apps,
/// not to the run's suspensions (SPEC 22; docs/performance.md).
struct CompressionQueue {
    private var entries: [(entry: UInt64, app: AppIndex)] = []
    private var head = 0

    /// Entries not yet dropped, stale ones included.
    var count: Int { entries.count - head }

    /// Entries held in storage, dropped ones not yet given back included.
    var storedCount: Int { entries.count }

    mutating func append(entry: UInt64, app: AppIndex) {
        entries.append((entry, app))
    }

    /// The app of the first entry for which `isLive` holds; the entries before it are dropped.
    mutating func first(where isLive: (_ entry: UInt64, _ app: AppIndex) -> Bool) -> AppIndex? {
        while head < entries.count {
            let front = entries[head]
            if isLive(front.entry, front.app) {
                // Dropped entries are given back once they are half the storage: amortized
                // O(1) per entry, and storage at most twice the entries kept.
                if head >= 64, head * 2 >= entries.count {
                    entries.removeSubrange(0..<head)
                    head = 0
                }
                return front.app
            }
            head += 1
        }
        entries.removeAll(keepingCapacity: true)
        head = 0
        return nil
    }

    /// Keeps only the entries for which `isLive` holds, in order: called when stale entries
    /// could outnumber the apps, so that the queue stays within a few times the app count
    /// however long the run.
    mutating func compact(keeping isLive: (_ entry: UInt64, _ app: AppIndex) -> Bool) {
        entries = entries[head...].filter { isLive($0.entry, $0.app) }
        head = 0
    }
}

import HeapModule

/// The eviction candidates in kill order, so that choosing a victim costs O(log n) instead of
/// a scan of every app (docs/performance.md: flat cost in the number of resident apps).
///
/// A min-heap of (policy rank, least recently frontmost, scenario order) entries. A heap
/// cannot update or remove items, so each app carries a version: when anything a policy may
/// look at changes (state, footprint, modes, recency, frontmost), the app is marked dirty;
/// before a victim is chosen, each dirty app gets a new entry under a new version, and entries
/// with an old version are dropped when they reach the top. Marking is O(1), so runs without
/// memory pressure pay almost nothing.
struct VictimIndex {
    struct Entry: Comparable {
        /// The app's place in the kill order when the entry was made.
        var key: PolicyOrderKey
        var version: UInt32
        var app: AppIndex { key.index }

        static func < (a: Entry, b: Entry) -> Bool { a.key < b.key }
    }

    /// One app's standing in the index: the version its live entry carries, and whether the
    /// app changed since that entry was made. One array of both, not two: renewing a dirty
    /// app is then one access, with one uniqueness check (docs/performance.md, "The run's
    /// thread, the engine's steps").
    private struct Slot {
        var version: UInt32 = 0
        var isDirty = false

        /// Clears the mark and moves to a new version; returns it.
        @inline(__always)
        mutating func renew() -> UInt32 {
            isDirty = false
            version &+= 1
            return version
        }
    }

    private var heap = Heap<Entry>()
    private var slots: [Slot]
    private var dirty: [AppIndex] = []

    init(appCount: Int) {
        slots = Array(repeating: Slot(), count: appCount)
        heap.reserveCapacity(Self.capacity(appCount: appCount))
    }

    /// The entries the heap may hold before stale ones are dropped all at once (`rebuild`).
    private static func rebuildAbove(appCount: Int) -> Int { 4 * appCount + 64 }

    /// The most entries the heap holds: as many as `rebuildAbove`, and a fresh one for each
    /// app on top. Its storage has room for them from the start and keeps it through every
    /// rebuild: a rebuilt heap of exactly its candidates grew again by doubling, 306 times in
    /// a 10^5-event run of 100 apps (3.5 M instructions of copies, docs/performance.md).
    private static func capacity(appCount: Int) -> Int { rebuildAbove(appCount: appCount) + appCount + 1 }

    /// Notes that something about app `index` that a policy may rank on has changed.
    ///
    /// - Complexity: O(1)
    @inline(__always)
    mutating func markDirty(_ index: AppIndex) {
        guard !slots[index].isDirty else { return }
        slots[index].isDirty = true
        dirty.append(index)
    }

    /// The candidate to kill first, if any: the resident apps other than `frontmost`.
    ///
    /// - Complexity: O(d log n) for d dirty apps, plus O(log n) per stale entry dropped.
    mutating func first(policy: any EvictionPolicy, apps: [AppRuntime], frontmost: AppIndex?) -> Candidate? {
        if heap.count > Self.rebuildAbove(appCount: slots.count) { rebuild(policy: policy, apps: apps, frontmost: frontmost) }
        for index in dirty {
            let version = slots[index].renew()
            if let current = Self.candidate(index, apps, frontmost) {
                heap.insert(Entry(key: PolicyOrderKey(current, under: policy), version: version))
            }
        }
        dirty.removeAll(keepingCapacity: true)
        while let top = heap.min {
            if top.version == slots[top.app].version, let current = Self.candidate(top.app, apps, frontmost) { return current }
            _ = heap.popMin()
        }
        return nil
    }

    /// The candidate after the first, right after `first(...)` returned the first (no app is
    /// dirty in between): the runner-up of SPEC 14. The first's entry is taken out and its
    /// app marked dirty, so that it gets a fresh entry before the next choice (the caller is
    /// about to purge or kill it, which changes it anyway); stale entries met on the way are
    /// dropped, and the runner-up's entry stays where it is.
    ///
    /// - Complexity: O(log n) amortized.
    mutating func second(apps: [AppRuntime], frontmost: AppIndex?) -> AppIndex? {
        precondition(dirty.isEmpty, "second() must follow first() with no change in between")
        guard let first = heap.popMin() else { return nil }
        markDirty(first.app)
        while let top = heap.min {
            if top.version == slots[top.app].version, Self.candidate(top.app, apps, frontmost) != nil { return top.app }
            _ = heap.popMin()
        }
        return nil
    }

    /// App `index` as a candidate, or nil when it is not one (not resident, or frontmost).
    @inline(__always)
    private static func candidate(_ index: AppIndex, _ apps: [AppRuntime], _ frontmost: AppIndex?) -> Candidate? {
        apps[index].state.isResident && index != frontmost ? apps[index].candidate(index: index) : nil
    }

    /// Drops every stale entry: one fresh entry per candidate.
    private mutating func rebuild(policy: any EvictionPolicy, apps: [AppRuntime], frontmost: AppIndex?) {
        var entries: [Entry] = []
        entries.reserveCapacity(slots.count)
        for index in slots.indices {
            let version = slots[index].renew()
            if let current = Self.candidate(index, apps, frontmost) {
                entries.append(Entry(key: PolicyOrderKey(current, under: policy), version: version))
            }
        }
        dirty.removeAll(keepingCapacity: true)
        heap = Heap(entries)
        heap.reserveCapacity(Self.capacity(appCount: slots.count))
    }
}

import Synchronization

/// The usage-trace indexes that every reading of a batch's scenarios shares, by trace file, so
/// that a batch reads each trace once, however many users, points and runs replay it (SPEC 21).
///
/// ```swift
/// let traces = TraceIndexes()
/// traces.prepare(path: "lsapp.tsv", users: ["1", "2", "3"])                // one pass for the three
/// let rows = try traces.index(path: "lsapp.tsv", covering: "2").rows(of: "2") // no pass
/// ```
///
/// `ScenarioTemplate` hands its `TraceIndexes` to the `ScenarioReader` of each reading of its
/// document; the trace reader (`trace:`) then takes the user's rows from an index that covers
/// the user, and makes one for that user alone (one pass, as a run would) when none does. A
/// reading without indexes reads the trace itself. SPEC 13's rule
/// that only the user's rows are kept in memory is about one run: a template of one user keeps
/// that user's rows, a batch over trace users an index of all of theirs (`TraceIndex` states
/// its memory).
///
/// Thread-safe: the indexes are values, immutable once read, kept under a lock, and a pass runs
/// under the lock, so that two readings that need the same trace at once make one pass.
final class TraceIndexes: Sendable {
    private struct State {
        /// The indexes of each file; none includes another.
        var indexes: [String: [TraceIndex]] = [:]
        /// Each file that could not be read, and why.
        var failures: [String: UsageTrace.Problem] = [:]
        var passes = 0
        var nanoseconds: UInt64 = 0
    }

    private let state = Mutex(State())

    /// No index yet.
    init() {}

    /// The passes made over trace files, all told (those of the indexes adopted included).
    var passes: Int { state.withLock { $0.passes } }

    /// How long those passes took, all told.
    var nanoseconds: UInt64 { state.withLock { $0.nanoseconds } }

    /// An index of the trace at `path` that covers `user`, read now for that user alone (one
    /// pass) when none does.
    ///
    /// - Throws: `UsageTrace.Problem` for the file as a whole.
    func index(path: String, covering user: String) throws(UsageTrace.Problem) -> TraceIndex {
        let key = Array(user.utf8)
        return try state.withLock { state throws(UsageTrace.Problem) -> TraceIndex in
            try Self.index(path, in: &state, covering: { $0.covers(key) }, else: .only([key]))
        }
    }

    /// Every user of the trace at `path`, in order of first appearance, from the index of every
    /// user's rows, read now when there is none (a batch over every user reads their rows next).
    ///
    /// - Throws: `UsageTrace.Problem` for the file as a whole.
    func users(path: String) throws(UsageTrace.Problem) -> [String] {
        try state.withLock { state throws(UsageTrace.Problem) -> TraceIndex in
            try Self.index(path, in: &state, covering: { $0.listsUsers }, else: .everyUser)
        }.users
    }

    /// The app names of the rows that the indexes of `path` read so far keep (no pass).
    func coveredAppNames(path: String) -> Set<String> {
        state.withLock { state in Set((state.indexes[path] ?? []).flatMap(\.appNames)) }
    }

    /// Every app name of the `Opened` and `Closed` rows of the trace at `path`, in order of
    /// first appearance: from the index of every user's rows when there is one, else from a
    /// pass of its own, whose index is not kept (a run of one user keeps only that user's rows).
    ///
    /// - Throws: `UsageTrace.Problem` for the file as a whole.
    func everyAppName(path: String) throws(UsageTrace.Problem) -> [String] {
        if let kept = state.withLock({ $0.indexes[path]?.first { $0.selection == .everyUser } }) { return kept.appNames }
        let index = try TraceIndex(path: path, selection: .everyUser)
        state.withLock { state in
            state.passes += 1
            state.nanoseconds += index.nanoseconds
        }
        return index.appNames
    }

    /// Reads, in one pass, the rows of those of `users` that no index of `path` covers yet: a
    /// batch over these users. A file that cannot be read is left for the readings to report.
    func prepare(path: String, users: [String]) {
        let keys = Set(users.map { Array($0.utf8) })
        _ = try? state.withLock { state throws(UsageTrace.Problem) -> TraceIndex in
            try Self.index(path, in: &state, covering: { selection in keys.allSatisfy(selection.covers) }, else: .only(keys))
        }
    }

    /// Takes over `other`'s indexes, and counts its passes and their time as this one's.
    func adopt(_ other: TraceIndexes) {
        guard other !== self else { return }
        let theirs = other.state.withLock { $0 }
        state.withLock { state in
            for index in theirs.indexes.values.joined() { Self.add(index, to: &state) }
            state.failures.merge(theirs.failures) { mine, _ in mine }
            state.passes += theirs.passes
            state.nanoseconds += theirs.nanoseconds
        }
    }

    /// An index of `path` whose selection satisfies `covers`, else a new one read with
    /// `selection` (under the lock).
    private static func index(
        _ path: String, in state: inout State, covering covers: (TraceIndex.Selection) -> Bool, else selection: TraceIndex.Selection
    ) throws(UsageTrace.Problem) -> TraceIndex {
        if let failure = state.failures[path] { throw failure }
        if let index = state.indexes[path]?.first(where: { covers($0.selection) }) { return index }
        state.passes += 1
        do {
            let index = try TraceIndex(path: path, selection: selection)
            state.nanoseconds += index.nanoseconds
            add(index, to: &state)
            return index
        } catch {
            state.failures[path] = error
            throw error
        }
    }

    /// Adds `index`, dropping the indexes of its file that it includes.
    private static func add(_ index: TraceIndex, to state: inout State) {
        var indexes = state.indexes[index.path] ?? []
        guard !indexes.contains(where: { $0.selection.includes(index.selection) }) else { return }
        indexes.removeAll { index.selection.includes($0.selection) }
        indexes.append(index)
        state.indexes[index.path] = indexes
    }
}

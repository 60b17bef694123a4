#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Every `AtomicOutput` in progress, and the closing state an interruption sets, under one
/// lock, so that an interrupted run (Ctrl-C, SIGTERM) leaves whole reports or none.
///
/// `close()` and `AtomicOutput.commit()` take the same lock: a commit under way finishes
/// (its output is whole) before the clean-up starts, and once closing, no commit happens and
/// no new output registers (`ECANCELED`). Workers still running see `isClosing` and stop
/// taking work. What a worker writes into a temporary folder after the clean-up listed it is
/// removed too: the clean-up removes each path until it is gone.
package enum OutputRegistry {
    enum Entry {
        /// A temporary file or folder being built: removed.
        case partial
        /// A finished report renamed aside while its replacement went in, which is in place:
        /// removed.
        case replaced
        /// The marker of a set of top-level files landing in `folder` (`OutputSet`): removed
        /// with what of the new set landed, but the members the command reads, the earlier
        /// set put back.
        case set(folder: String, keeping: Set<String>)
    }

    private struct State: ~Copyable {
        var closing = false
        var entries: [String: Entry] = [:]
    }

    private static let state = Mutex(State())

    /// Whether `close()` has begun: workers stop taking work.
    package static var isClosing: Bool { state.withLock { $0.closing } }

    /// Creates the temporary output `path` with `create` and records it as in progress, both
    /// under the lock, so that a clean-up finds everything that was created.
    ///
    /// - Throws: `ReportWriter.Error` ECANCELED when closing, or what `create` throws (then nothing
    ///   is recorded).
    static func register(_ path: String, as entry: Entry = .partial, create: () throws -> Void) throws {
        try state.withLock { state throws in
            guard !state.closing else { throw ReportWriter.Error("start", path: path, code: ECANCELED) }
            try create()
            state.entries[path] = entry
        }
    }

    /// Removes the marker of a set that is whole (`OutputSet.finish`), then the earlier set it
    /// kept, unless a clean-up has taken it already (it then restores the earlier set).
    static func forgetSet(_ marker: String) {
        let mine = state.withLock { $0.entries.removeValue(forKey: marker) != nil }
        guard mine else { return }
        // The marker first: once it is gone the new set is whole, and a lone earlier set is
        // a leftover that the next command removes.
        ReportFileSystem.removeTree(marker)
        ReportFileSystem.removeTree(OutputSet.earlierSetPath(marker: marker))
    }

    /// Removes the set whose marker is `marker`, but what its command reads, and puts the
    /// earlier set back (`OutputSet.abandon`, `OutputSet.restore`), unless a clean-up has
    /// taken it already.
    static func abandonSet(_ marker: String) {
        let entry = state.withLock { $0.entries.removeValue(forKey: marker) }
        guard case .set(let folder, let keeping) = entry else { return }
        OutputSet.restore(marker: marker, in: folder, keeping: keeping)
    }

    /// Forgets `path`: it was renamed into place or removed.
    static func forget(_ path: String) {
        state.withLock { _ = $0.entries.removeValue(forKey: path) }
    }

    /// Runs `body` (the renames of a commit of `target`) under the lock, unless closing;
    /// `body` updates the entries as it renames.
    ///
    /// - Throws: `ReportWriter.Error` ECANCELED when closing, or what `body` throws.
    static func withCommitLock<T>(of target: String, _ body: (inout [String: Entry]) throws -> T) throws -> T {
        try state.withLock { state throws -> T in
            guard !state.closing else { throw ReportWriter.Error("put in place", path: target, code: ECANCELED) }
            return try body(&state.entries)
        }
    }

    /// Enters closing, then removes every output in progress; returns how many temporary
    /// outputs it removed. Meant for an interrupted command that exits right after. A commit
    /// under way finishes first; none starts after.
    @discardableResult
    package static func close() -> Int {
        let current = state.withLock { state -> [String: Entry] in
            state.closing = true
            defer { state.entries = [:] }
            return state.entries
        }
        var removed = 0
        for (path, entry) in current.sorted(by: { $0.key < $1.key }) {
            switch entry {
            case .partial: removed += 1
            case .replaced: break
            case .set: continue
            }
            removeUntilGone(path)
        }
        // An incomplete set of top-level files goes whole, the earlier set put back (SPEC 35),
        // then its marker.
        for (path, entry) in current.sorted(by: { $0.key < $1.key }) {
            guard case .set(let folder, let keeping) = entry else { continue }
            OutputSet.restore(marker: path, in: folder, keeping: keeping)
            removed += 1
        }
        // A folder this command made for its output goes too, when nothing was put in it
        // (`rmdir` removes only an empty folder): an interrupted shard leaves no empty folder.
        for folder in createdFolders.withLock({ $0 }) { rmdir(folder) }
        return removed
    }

    /// Folders the command made for its output (`--out`), removed on `close()` when empty.
    private static let createdFolders = Mutex<[String]>([])

    /// Notes that `folder` does not exist yet and is the command's output folder: an
    /// interruption removes it when it is still empty.
    package static func removeOnCloseIfEmpty(_ folder: String) {
        createdFolders.withLock { $0.append(folder) }
    }

    /// Removes `path`, again while something is still there: a worker may have created a file
    /// in the folder after it was listed (it cannot commit it any more). Bounded: a worker
    /// creates at most a report's few files.
    private static func removeUntilGone(_ path: String) {
        for _ in 0..<100 {
            ReportFileSystem.removeTree(path)
            guard (try? ReportFileSystem.kind(of: path)) ?? nil != nil else { return }
            usleep(1_000)
        }
    }
}

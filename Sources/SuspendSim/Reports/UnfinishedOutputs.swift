import Synchronization

/// The temporary files and folders being written right now, so that an interrupted run
/// (Ctrl-C) leaves no half-written report behind and every finished one as it was.
///
/// Every report, `summary.csv` and `survival.csv` is built under a hidden temporary name and
/// renamed into place (`ReportWriter`); replacing an old report first moves it aside. Each of
/// these steps registers here, and `cleanUp()` removes what is unfinished and puts aside
/// reports back. It is meant for a signal handler that exits right after.
public enum UnfinishedOutputs {
    private enum Entry {
        /// A temporary file or folder: removed.
        case partial
        /// A finished report moved aside while its replacement goes in: put back if the
        /// replacement is not in place yet, else removed.
        case aside(original: String)
    }

    private static let entries = Mutex<[String: Entry]>([:])

    /// A fresh hidden name for `name` in `parent` (`.name.partial-<pid>-<random>`), registered
    /// as unfinished until it is renamed into place or removed.
    static func partialPath(parent: String, name: String) -> String {
        let path = parent + "/." + name + ".partial-" + ReportFileSystem.uniqueSuffix()
        register(path, .partial)
        return path
    }

    /// A fresh hidden name for moving the finished report `original` aside, registered so
    /// that an interruption puts it back.
    static func asidePath(for original: String, parent: String, name: String) -> String {
        let path = parent + "/." + name + ".old-" + ReportFileSystem.uniqueSuffix()
        register(path, .aside(original: original))
        return path
    }

    private static func register(_ path: String, _ entry: Entry) {
        entries.withLock { $0[path] = entry }
    }

    /// Forgets `path`: it was renamed into place, put back, or removed.
    static func finished(_ path: String) {
        entries.withLock { _ = $0.removeValue(forKey: path) }
    }

    /// Removes every unfinished output and puts back every report moved aside; returns how
    /// many unfinished outputs it removed. Call it when the process is about to exit: a
    /// worker still running may register a new one after it.
    @discardableResult
    public static func cleanUp() -> Int {
        let current = entries.withLock { entries -> [String: Entry] in
            defer { entries = [:] }
            return entries
        }
        var removed = 0
        for (path, entry) in current.sorted(by: { $0.key < $1.key }) {
            switch entry {
            case .partial:
                ReportFileSystem.removeTree(path)
                removed += 1
            case .aside(let original):
                if (try? ReportFileSystem.kind(of: original)) ?? nil == nil {
                    try? ReportFileSystem.rename(path, to: original)
                } else {
                    ReportFileSystem.removeTree(path)
                }
            }
        }
        return removed
    }
}

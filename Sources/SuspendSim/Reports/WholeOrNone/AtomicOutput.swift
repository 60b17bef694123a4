#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A report file or folder that appears under its name whole or not at all (SPEC 8: "a report
/// folder appears whole or not at all"; SPEC-wide: an interrupted run leaves whole reports or
/// none).
///
/// ```swift
/// let output = try AtomicOutput(target: "Reports/state-lab", kind: .folder)
/// try writeFiles(into: output.partial)   // a hidden `.state-lab.partial-<pid>-<random>`
/// try output.commit()                    // renamed into place, replacing any old report
/// ```
///
/// It is built under a hidden temporary name beside its target and renamed into place by
/// `commit()`; an existing report of the same name is renamed aside first and removed once
/// the new one is in place. A folder gets its owner's marker, and replaces only a folder that
/// holds one or nothing (`FolderOwnership`). Every output in progress is known to `OutputRegistry`, whose
/// `close()` an interrupted command calls: a commit and a clean-up never run at once (they
/// share one lock), and once closing, no output registers and no commit happens, so nothing
/// is renamed into place after the clean-up has begun.
///
/// What it does not promise: durability across a power cut (files are not `fsync`ed), and the
/// instant between moving an old report aside and moving the new one in, when neither is at
/// the path (an interruption then puts the old one back). Two writers of one target at once
/// each produce a whole output; the last rename wins.
final class AtomicOutput {
    /// What the output is.
    enum Kind {
        /// A file: created empty at `partial`; the caller opens it there (without creating
        /// it, so that nothing reappears after an interruption removed it).
        case file
        /// A folder: created empty at `partial`; the caller fills it.
        case folder
    }

    /// The output's final path.
    let target: String
    /// The hidden temporary path it is built at.
    let partial: String
    private let parent: String
    private let name: String
    private let kind: Kind
    private var finished = false

    /// Reserves a hidden temporary path beside `target` (creating missing parent folders) and,
    /// for a folder, creates it there.
    ///
    /// - Throws: `ReportWriter.Error`: the name is empty, `.` or `..`; something other than a folder
    ///   stands at a folder's target (ENOTDIR); the run is being interrupted (ECANCELED); or
    ///   the system's error.
    init(target path: String, kind: Kind) throws {
        var target = path
        while target.count > 1, target.hasSuffix("/") { target.removeLast() }
        let parent = ReportFileSystem.parentPath(of: target)
        let name = String(target.split(separator: "/").last ?? "")
        guard !name.isEmpty, name != ".", name != ".." else {
            throw ReportWriter.Error("use as a report \(kind == .folder ? "folder" : "file")", path: target, code: EINVAL)
        }
        try ReportFileSystem.makeFolders(parent)
        if kind == .folder, let existing = try ReportFileSystem.kind(of: target), existing != .directory {
            throw ReportWriter.Error("replace report folder", path: target, code: ENOTDIR)
        }
        self.target = target
        self.parent = parent
        self.name = name
        self.kind = kind
        partial = parent + "/." + name + ".partial-" + ReportFileSystem.uniqueSuffix()
        let partial = self.partial
        try OutputRegistry.register(partial) {
            switch kind {
            case .file: try ReportFileSystem.makeEmptyFile(partial)
            case .folder: try ReportFileSystem.makeFolder(partial)
            }
        }
    }

    deinit {
        if !finished { discard() }
    }

    /// Puts the finished output at `target`. A file is renamed over it. For a folder, an
    /// existing one there is renamed aside, the new one renamed into place, then the old one
    /// removed; if the second rename fails, the old one is put back.
    ///
    /// - Throws: `ReportWriter.Error` (ECANCELED when the run is being interrupted); the temporary
    ///   output is then removed and the target left as it was.
    func commit() throws {
        finished = true
        do {
            if kind == .folder { try FolderOwnership.mark(partial, name: name) }
            try OutputSet.willPutInPlace(target)
            let aside = try OutputRegistry.withCommitLock(of: target) { entries throws -> String? in
                // A file replaces its target in one rename; a folder cannot, so an old one
                // goes aside first.
                guard kind == .folder, try ReportFileSystem.kind(of: target) != nil else {
                    try ReportFileSystem.rename(partial, to: target)
                    entries[partial] = nil
                    return nil
                }
                // Only a folder the tool wrote, or an empty one, is replaced (`FolderOwnership`).
                guard FolderOwnership.isReplaceable(target) else { throw FolderOwnership.NotOurs(path: target) }
                let aside = parent + "/." + name + ".old-" + ReportFileSystem.uniqueSuffix()
                try ReportFileSystem.rename(target, to: aside)
                do {
                    try ReportFileSystem.rename(partial, to: target)
                } catch {
                    try? ReportFileSystem.rename(aside, to: target)
                    throw error
                }
                entries[partial] = nil
                entries[aside] = .replaced
                return aside
            }
            if let aside {
                ReportFileSystem.removeTree(aside)
                OutputRegistry.forget(aside)
            }
        } catch {
            discardPartial()
            throw error
        }
    }

    /// Drops the output: the target is left as it was.
    func discard() {
        finished = true
        discardPartial()
    }

    private func discardPartial() {
        ReportFileSystem.removeTree(partial)
        OutputRegistry.forget(partial)
    }
}

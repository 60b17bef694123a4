#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

extension ShardMerge {
    /// Copies the tree `source` of a shard to `target`, merging folders, so that, like `run`,
    /// `merge` leaves each report folder whole or absent and no truncated file (SPEC 35):
    /// - a report folder (one holding a run's files, `RunReportFile`) is built under a hidden
    ///   name and renamed into place whole (`AtomicOutput`), replacing one an earlier command
    ///   left there;
    /// - any other file likewise, alone;
    /// - any other folder is made, and its entries copied the same way.
    ///
    /// A report folder or file that another shard has copied already is an error: no run is in
    /// two shards.
    static func copyTree(_ source: String, to target: String, copied: inout Set<String>) throws {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: source, isDirectory: &isFolder) else { return }
        if isFolder.boolValue, !isReportFolder(source) {
            try ReportFileSystem.makeFolders(target)
            for name in try manager.contentsOfDirectory(atPath: source).sorted() where !name.hasPrefix(".") {
                try copyTree(source + "/" + name, to: target + "/" + name, copied: &copied)
            }
            return
        }
        guard copied.insert(target).inserted else {
            throw MergeError("\(target) is in more than one shard (again from \(source))")
        }
        let output = try AtomicOutput(target: target, kind: isFolder.boolValue ? .folder : .file)
        do {
            if isFolder.boolValue {
                // Each entry copied into the hidden folder; `copyItem` makes no missing parent,
                // so nothing reappears once an interruption removed the folder.
                // The shard's marker too, so that the folder is the one `run` writes (`FolderOwnership`).
                for name in try manager.contentsOfDirectory(atPath: source).sorted() where !name.hasPrefix(".") || name == FolderOwnership.markerName {
                    try manager.copyItem(atPath: source + "/" + name, toPath: output.partial + "/" + name)
                }
            } else {
                try copyFile(source, into: output.partial)
            }
        } catch {
            output.discard()
            throw ReportWriter.Error("copy", path: target, code: EIO)
        }
        try output.commit()
    }

    /// Whether `folder` is a run's report folder: it holds one of a run's files (not
    /// `assumptions.csv` alone, which a batch root has too).
    static func isReportFolder(_ folder: String) -> Bool {
        RunReportFile.allCases.contains { $0 != .assumptions && FileManager.default.fileExists(atPath: folder + "/" + $0.rawValue) }
    }

    /// Copies the bytes of `source` into the existing empty file `partial` (opened without
    /// creating it, as `AtomicOutput` asks).
    private static func copyFile(_ source: String, into partial: String) throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: source))
        guard let handle = FileHandle(forWritingAtPath: partial) else {
            throw ReportWriter.Error("open file", path: partial, code: EIO)
        }
        defer { try? handle.close() }
        try handle.write(contentsOf: bytes)
    }
}

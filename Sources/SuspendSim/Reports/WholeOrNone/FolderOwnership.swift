#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The tool replaces or removes only folders it wrote (SPEC 35 "Whole or none"; docs/reports.md
/// "Which folders are replaced"). Every folder `AtomicOutput` puts in place (a run folder, a
/// `--policy all` folder, a replicate's) and every `figures/` folder holds a small marker,
/// `.suspendsim-folder`: what wrote it (`command: run`), the folder's name (`scenario:`, the
/// scenario's, a policy's or a point's folder name) and the marker's format. A folder that
/// stands where an output goes is replaced only when it holds that marker or nothing at all;
/// any other is somebody's own, and the command refuses, naming it (exit 73, `EX_CANTCREAT`).
///
/// Reports of versions before the marker have none: they are refused like any other folder,
/// once, until moved or removed by hand (docs/decisions.md "Folder ownership").
package enum FolderOwnership {
    /// The marker's name inside an owned folder.
    package static let markerName = ".suspendsim-folder"
    /// The marker's format, written in it.
    static let format = 1
    private static let command = Mutex("suspendsim")

    /// A folder stands where an output goes and is not the tool's.
    package struct NotOurs: Error, CustomStringConvertible {
        package var path: String
        package var description: String {
            "\(path) exists and was not written by suspendsim (it holds no \(FolderOwnership.markerName)); "
                + "it is never replaced: move it away, or write elsewhere"
        }
    }

    /// Names the command whose folders the markers name from now on (`run`, `merge`, ...).
    package static func setCommand(_ name: String) {
        command.withLock { $0 = name }
    }

    /// The marker's text for a folder named `name`.
    static func markerText(name: String) -> String {
        "command: \(command.withLock { $0 })\nscenario: \(name)\nformat: \(format)\n"
    }

    /// Writes the marker into `folder` (the folder named `name` once in place), unless it holds
    /// one already (a merge copies a shard's run folder with the shard's marker).
    static func mark(_ folder: String, name: String) throws {
        let marker = folder + "/" + markerName
        guard try ReportFileSystem.kind(of: marker) == nil else { return }
        try ReportFileSystem.makeFile(marker, contents: markerText(name: name))
    }

    /// Whether the folder `path` may be replaced: nothing is there (or nothing can be, its
    /// parent not being a folder), or a folder that holds the marker, or nothing but the tool's
    /// own temporaries. A file, a link or any other node is not (a folder output
    /// never replaces it).
    package static func isReplaceable(_ path: String) -> Bool {
        let standing: FileType?
        do {
            standing = try ReportFileSystem.kind(of: path)
        } catch {
            // Nothing can stand there (a parent is a file, say): writing will say what is wrong.
            return true
        }
        guard let kind = standing else { return true }
        guard kind == .directory else { return false }
        if (try? ReportFileSystem.kind(of: path + "/" + markerName)) == .regular { return true }
        guard let directory = opendir(path) else { return false }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            // A dead command's own temporaries (`.NAME.partial-PID-HEX`, `.NAME.old-PID-HEX`) are
            // the tool's too: a `report --figures` killed while its PDF converter still wrote
            // leaves one in a folder whose marker went with the rest (the next command removes them).
            if name != ".", name != "..", StaleOutputs.partialOwner(name) == nil { return false }
        }
        return true
    }

    /// Refuses the first of `paths` that is not replaceable (`isReplaceable`).
    package static func check(_ paths: [String]) throws(NotOurs) {
        for path in paths where !isReplaceable(path) { throw NotOurs(path: path) }
    }
}

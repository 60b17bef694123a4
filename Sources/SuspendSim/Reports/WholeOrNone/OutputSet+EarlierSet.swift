#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The earlier set of a folder's top-level files, kept whole until the new set is complete
/// (SPEC 35, "Whole or none, for every command": whole reports or none; an interruption or a
/// failure never leaves old and new files of the set mixed, nor a folder with neither).
///
/// As the new set begins to land, the earlier set's members (but those the command reads) are
/// renamed into the hidden folder `.batch-files.old-<pid>-<random>` beside the set's marker
/// (same suffix). Renames within one folder's file system: no byte is copied, and the earlier
/// set is never half moved when the command dies (each member is at one of its two places).
/// Once the new set is whole, the folder goes (`OutputRegistry.forgetSet`); when it is not (a
/// failure, a signal, or a SIGKILL found by the next command), `restore` removes what of the
/// new set landed and renames the earlier members back.
extension OutputSet {
    /// The hidden folder that keeps the earlier set while the set of marker `marker` lands:
    /// `.batch-files.old-<pid>-<random>`, the marker's suffix.
    static func earlierSetPath(marker: String) -> String {
        let parent = ReportFileSystem.parentPath(of: marker)
        let name = String(marker.split(separator: "/").last ?? "")
        let suffix = name.dropFirst(("." + markerName + ".partial-").count)
        return parent + "/." + markerName + ".old-" + suffix
    }

    /// The marker whose earlier set `path` (`.batch-files.old-<pid>-<random>`) keeps.
    static func markerPath(earlierSet path: String) -> String {
        let parent = ReportFileSystem.parentPath(of: path)
        let name = String(path.split(separator: "/").last ?? "")
        return parent + "/." + markerName + ".partial-" + name.dropFirst(("." + markerName + ".old-").count)
    }

    /// Whether `name` is a folder that keeps an earlier set (`.batch-files.old-<pid>-<random>`).
    static func isEarlierSet(_ name: String) -> Bool {
        name.hasPrefix("." + markerName + ".old-")
    }

    /// Renames every member of the set standing at the top of `folder` into the marker's
    /// earlier-set folder, but `keeping` (what the command reads, and a `figures/` that holds
    /// the partial of the file about to land) and a `figures/` that is not the tool's
    /// (`FolderOwnership`), which is somebody's own and never moved.
    ///
    /// - Throws: `ReportWriter.Error`, the system's error of a rename (what was moved stays in
    ///   the earlier-set folder, which `restore` puts back).
    static func moveAside(in folder: String, keeping: Set<String>, marker: String) throws {
        let earlier = earlierSetPath(marker: marker)
        for name in names.sorted() where !keeping.contains(name) {
            let path = folder + "/" + name
            guard (try? ReportFileSystem.kind(of: path)) ?? nil != nil else { continue }
            if name == figuresFolder, !FolderOwnership.isReplaceable(path) { continue }
            try ReportFileSystem.rename(path, to: earlier + "/" + name)
        }
    }

    /// The set of marker `marker` in `folder` is not whole: removes what of it landed, but
    /// `keeping` (what its command reads), then puts the earlier set back (`putBack`).
    static func restore(marker: String, in folder: String, keeping: Set<String>) {
        removeSet(in: folder, keeping: keeping)
        putBack(marker: marker, in: folder)
    }

    /// Renames the earlier set of marker `marker` back into `folder`, then removes its folder
    /// and the marker. When a member cannot be put back (the system's error), the folder and
    /// the marker stay, for the next command writing there to try again (`StaleOutputs`):
    /// nothing of the earlier set is lost.
    static func putBack(marker: String, in folder: String) {
        let earlier = earlierSetPath(marker: marker)
        let moved = (try? FileManager.default.contentsOfDirectory(atPath: earlier)) ?? []
        var whole = true
        for name in moved.sorted() {
            do {
                try ReportFileSystem.rename(earlier + "/" + name, to: folder + "/" + name)
            } catch {
                whole = false
            }
        }
        guard whole else { return }
        ReportFileSystem.removeTree(earlier)
        ReportFileSystem.removeTree(marker)
    }
}

import Foundation

/// The run folders below a folder that is not one (SPEC 14 `explain`, SPEC 15 `report`): a
/// batch's `--out`, or a folder that a one-value `--set` nested one level deeper than the
/// user thought. A message names the first few and how many there are, so that the user can
/// give one of them.
///
/// A run folder is one that holds `device.csv` (every run writes it, SPEC 16). Hidden folders
/// (a report being written, `.name.partial-…`) are skipped, and nothing below a run folder is
/// looked at.
package struct RunFoldersBelow: Sendable, Equatable {
    /// The first run folders found, as paths that start with the folder given, at most
    /// `shown` of them: depth first, names in `NaturalOrder` (`replicate-2` before
    /// `replicate-10`).
    package var first: [String]
    /// How many there are in all.
    package var count: Int

    /// How many a message names.
    package static let shown = 5

    /// The run folders below `folder`, at most `depth` levels down.
    ///
    /// - Complexity: O(folders below `folder`) directory reads.
    package init(folder: String, depth: Int = 12) {
        var first: [String] = []
        var count = 0
        func walk(_ path: String, _ level: Int) {
            guard level < depth, let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
            for name in names.sorted(by: NaturalOrder.precedes) where !name.hasPrefix(".") {
                let child = path + "/" + name
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: child, isDirectory: &isFolder), isFolder.boolValue else { continue }
                if Self.isRunFolder(child) {
                    count += 1
                    if first.count < Self.shown { first.append(child) }
                } else {
                    walk(child, level + 1)
                }
            }
        }
        var trimmed = folder
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        walk(trimmed, 0)
        self.first = first
        self.count = count
    }

    /// Whether `folder` holds a regular file `device.csv`.
    package static func isRunFolder(_ folder: String) -> Bool {
        var isFolder: ObjCBool = false
        let path = RunReportFile.device.path(in: folder)
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
    }

    /// The sentence for a message: "There are 12 run folders below it: A, B, C, D, E, and 7
    /// more; give one of them." or "There is no run folder (with device.csv) below it."
    package var sentence: String { Self.sentence(first: first, count: count) }

    /// The sentence for `count` run folders, of which `first` are named.
    package static func sentence(first: [String], count: Int) -> String {
        guard count > 0 else { return "There is no run folder (with \(RunReportFile.device.fileName)) below it." }
        let noun = count == 1 ? "run folder" : "run folders"
        let more = count > first.count ? ", and \(count - first.count) more" : ""
        return "There \(count == 1 ? "is" : "are") \(count) \(noun) below it: \(first.joined(separator: ", "))\(more); give one of them."
    }
}

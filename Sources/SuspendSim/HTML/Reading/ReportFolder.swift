import Foundation

/// What a folder given to `suspendsim report` holds (SPEC 15), told by its files alone.
enum ReportFolder {
    /// The files of one run's report folder that the run page reads (SPEC 8).
    static let runFiles = [RunReportFile.survivors, .memory, .pressure, .evictions, .transitions, .callbacks].map(\.fileName)

    /// A folder's kind.
    enum Kind: Equatable {
        /// One run's report folder: every file of `runFiles`.
        case run
        /// A batch's (or any run's) `--out` folder: `summary.csv`, with `survival.csv` when it
        /// ran a batch.
        case batch
    }

    /// The kind of `path`.
    ///
    /// - Throws: `HTMLReport.Error.notAReportFolder` for a missing path, a file, or a folder
    ///   with neither set of files (naming the files that are missing).
    static func kind(of path: String) throws(HTMLReport.Error) -> Kind {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw .notAReportFolder(path: path, reason: "there is no such folder")
        }
        guard isFolder.boolValue else { throw .notAReportFolder(path: path, reason: "it is a file") }
        let missing = runFiles.filter { !hasFile($0, in: path) }
        if missing.isEmpty { return .run }
        if hasFile(BatchReportFile.summary.fileName, in: path) { return .batch }
        if missing.count < runFiles.count {
            throw .notAReportFolder(path: path, reason: "\(missing.joined(separator: ", ")) missing")
        }
        let runs = RunFoldersBelow(folder: path)
        throw .runFoldersBelow(path: path, first: runs.first, count: runs.count)
    }

    /// Whether `folder` holds a regular file `name`.
    static func hasFile(_ name: String, in folder: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: folder + "/" + name, isDirectory: &isFolder) && !isFolder.boolValue
    }

    /// The run folders under `folder/first` (the folder itself when it is one, else its
    /// subfolders, depth first, at most `depth` levels down), as paths relative to `folder`,
    /// in `naturalOrder` (`replicate-2` before `replicate-10`). Hidden folders (a report being written, `.name.partial-…`) are
    /// skipped.
    static func runFolders(under first: String, in folder: String, depth: Int = 12) -> [String] {
        var found: [String] = []
        func walk(_ relative: String, _ level: Int) {
            let path = folder + "/" + relative
            if runFiles.allSatisfy({ hasFile($0, in: path) }) {
                found.append(relative)
                return
            }
            guard level < depth, let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
            for name in names.sorted(by: naturalOrder) where !name.hasPrefix(".") {
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: path + "/" + name, isDirectory: &isFolder), isFolder.boolValue {
                    walk(relative + "/" + name, level + 1)
                }
            }
        }
        var isFolder: ObjCBool = false
        if !first.isEmpty, !first.hasPrefix("."), !first.contains("/"),
           FileManager.default.fileExists(atPath: folder + "/" + first, isDirectory: &isFolder), isFolder.boolValue {
            walk(first, 0)
        }
        return found
    }

    /// Names compared by runs of digits as numbers (`NaturalOrder`).
    static func naturalOrder(_ left: String, _ right: String) -> Bool { NaturalOrder.precedes(left, right) }
}

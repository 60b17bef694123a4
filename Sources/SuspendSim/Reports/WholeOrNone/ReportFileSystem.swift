#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few file-system calls the report writers make, each turning a failure into a
/// `ReportWriter.Error` that names the path and the system's error text.
///
/// Files and their kinds go through `FileDescriptor` and `FilePath.stat` (Plumbing/SystemFile);
/// `mkdir`, `rename`, `unlink`, `rmdir` and the folder listing are called directly.
enum ReportFileSystem {
    /// Creates `path` and any missing parent folders (`mkdir -p`).
    static func makeFolders(_ path: String) throws {
        if isFolder(path) { return }
        let parent = parentPath(of: path)
        if parent != path, !parent.isEmpty { try makeFolders(parent) }
        if mkdir(path, 0o755) != 0 {
            let code = errno
            // Someone else may have made it meanwhile.
            if code == EEXIST, isFolder(path) { return }
            throw ReportWriter.Error("create folder", path: path, code: code == EEXIST ? ENOTDIR : code)
        }
    }

    /// Creates the folder `path`, which must not exist.
    static func makeFolder(_ path: String) throws {
        if mkdir(path, 0o755) != 0 { throw ReportWriter.Error.fromErrno("create folder", path: path) }
    }

    /// Creates the empty file `path`, which must not exist.
    static func makeEmptyFile(_ path: String) throws {
        try createFile(path).close()
    }

    /// Creates the file `path`, which must not exist, holding `contents`.
    static func makeFile(_ path: String, contents: String) throws {
        let descriptor = try createFile(path)
        defer { try? descriptor.close() }
        do {
            _ = try descriptor.writeAll(Array(contents.utf8))
        } catch {
            throw ReportWriter.Error("write", path: path, systemError: error)
        }
    }

    /// Creates the file `path`, which must not exist, open for writing (mode 0644).
    static func createFile(_ path: String) throws(ReportWriter.Error) -> FileDescriptor {
        do {
            return try FileDescriptor.open(
                FilePath(path), .writeOnly, options: [.create, .exclusiveCreate, .closeOnExec],
                permissions: [.ownerReadWrite, .groupRead, .otherRead])
        } catch {
            throw ReportWriter.Error("create file", path: path, systemError: error)
        }
    }

    /// Opens the existing file `path` for writing.
    static func openFile(_ path: String) throws(ReportWriter.Error) -> FileDescriptor {
        do {
            return try FileDescriptor.open(FilePath(path), .writeOnly, options: [.closeOnExec])
        } catch {
            throw ReportWriter.Error("open file", path: path, systemError: error)
        }
    }

    /// Renames `source` to `destination` (atomic within one file system).
    static func rename(_ source: String, to destination: String) throws {
        #if canImport(Darwin)
        let status = Darwin.rename(source, destination)
        #elseif canImport(Musl)
        let status = Musl.rename(source, destination)
        #else
        let status = Glibc.rename(source, destination)
        #endif
        if status != 0 {
            throw ReportWriter.Error.fromErrno("rename \(source) to", path: destination)
        }
    }

    /// What is at `path`, without following a final symbolic link; nil when nothing is.
    static func kind(of path: String) throws(ReportWriter.Error) -> FileType? {
        do {
            return try FilePath(path).stat(followTargetSymlink: false).type
        } catch .noSuchFileOrDirectory {
            return nil
        } catch {
            throw ReportWriter.Error("inspect", path: path, systemError: error)
        }
    }

    /// Whether `path` is a folder (following symbolic links, as `mkdir -p` does).
    static func isFolder(_ path: String) -> Bool {
        (try? FilePath(path).stat().type) == .directory
    }

    /// Removes `path` and everything under it, without following symbolic links. Best
    /// effort: it is used to clean up, when an error is already being reported.
    static func removeTree(_ path: String) {
        guard let kind = try? kind(of: path) else { return }
        if kind == .directory {
            if let folder = opendir(path) {
                var names: [String] = []
                while let entry = readdir(folder) {
                    let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                    }
                    if name != "." && name != ".." { names.append(name) }
                }
                closedir(folder)
                for name in names { removeTree(path + "/" + name) }
            }
            rmdir(path)
        } else {
            unlink(path)
        }
    }

    /// The folder holding `path` ("/" for a top-level path, "." for a bare name).
    static func parentPath(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        if slash == trimmed.startIndex { return "/" }
        return String(trimmed[..<slash])
    }

    /// A name no other writer picks: the process id and 64 random bits.
    static func uniqueSuffix() -> String {
        "\(getpid())-\(String(UInt64.random(in: .min ... .max), radix: 16))"
    }
}

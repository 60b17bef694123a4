#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few POSIX calls the report writers make, each turning a failure into a
/// `ReportError` that names the path and the system's error text.
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
            throw ReportError("create folder", path: path, code: code == EEXIST ? ENOTDIR : code)
        }
    }

    /// Creates the folder `path`, which must not exist.
    static func makeFolder(_ path: String) throws {
        if mkdir(path, 0o755) != 0 { throw ReportError.fromErrno("create folder", path: path) }
    }

    /// Creates the empty file `path`, which must not exist.
    static func makeEmptyFile(_ path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        if descriptor < 0 { throw ReportError.fromErrno("create file", path: path) }
        #if canImport(Darwin)
        _ = Darwin.close(descriptor)
        #elseif canImport(Musl)
        _ = Musl.close(descriptor)
        #else
        _ = Glibc.close(descriptor)
        #endif
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
            throw ReportError.fromErrno("rename \(source) to", path: destination)
        }
    }

    /// What is at `path`, without following a final symbolic link; nil when nothing is.
    static func kind(of path: String) throws -> mode_t? {
        var info = stat()
        if lstat(path, &info) == 0 { return info.st_mode & S_IFMT }
        if errno == ENOENT { return nil }
        throw ReportError.fromErrno("inspect", path: path)
    }

    /// Whether `path` is a folder (following symbolic links, as `mkdir -p` does).
    static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// Removes `path` and everything under it, without following symbolic links. Best
    /// effort: it is used to clean up, when an error is already being reported.
    static func removeTree(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        if info.st_mode & S_IFMT == S_IFDIR {
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

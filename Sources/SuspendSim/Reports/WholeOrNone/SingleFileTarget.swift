#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a single-file output (`-o`, `--junit`, a page) really goes (SPEC 35 "Paths": any other
/// path is used as given). A regular file, or nothing, is replaced whole by a rename
/// (`AtomicOutput`); but a rename over a device, a FIFO or a symbolic link would put a regular
/// file in its place (`import jetsam ... -o /dev/null`, run as root, replaced the system's
/// `/dev/null`):
/// - a character device or a FIFO is written through: opened for writing, as `>` in a shell
///   opens it, and written; nothing is renamed over it;
/// - a symbolic link is followed: what it names, at the end of its chain, is the target (a
///   device or FIFO there written through, a file replaced), and the link stays a link;
/// - a block device or a socket is refused: neither takes a file's bytes as a file does.
package enum SingleFileTarget: Equatable {
    /// Replace the file at this path (the given one, or the end of its links).
    case replace(String)
    /// Open the given path and write through it.
    case writeThrough

    /// Symbolic links followed at most this deep, as the system's `SYMLOOP_MAX` bounds them.
    static let linkLimit = 40

    /// What writing a file at `path` means.
    ///
    /// - Throws: `ReportWriter.Error` for a block device or a socket (`EINVAL`), a loop of
    ///   links (`ELOOP`), or a path that cannot be inspected.
    package static func resolve(_ path: String) throws(ReportWriter.Error) -> SingleFileTarget {
        var current = path
        for _ in 0..<linkLimit {
            guard let kind = try ReportFileSystem.kind(of: current) else { return .replace(current) }
            switch kind {
            case .symbolicLink:
                current = try linkTarget(current)
            case .characterSpecial, .fifo:
                return .writeThrough
            case .blockSpecial, .socket:
                throw ReportWriter.Error("write a file onto the \(kind == .socket ? "socket" : "block device")", path: path, code: EINVAL)
            default:
                return .replace(current)
            }
        }
        throw ReportWriter.Error("follow the links of", path: path, code: ELOOP)
    }

    /// What the link at `path` names, relative to the link's folder when not absolute.
    private static func linkTarget(_ path: String) throws(ReportWriter.Error) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { throw ReportWriter.Error.fromErrno("read the link", path: path) }
        let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return target.hasPrefix("/") ? target : ReportFileSystem.parentPath(of: path) + "/" + target
    }

    /// Writes `bytes` through the device or FIFO at `path`: opened for writing, never created
    /// or truncated, then written.
    ///
    /// - Throws: `ReportWriter.Error` with the system's error.
    static func writeThrough(_ bytes: [UInt8], to path: String) throws(ReportWriter.Error) {
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(FilePath(path), .writeOnly, options: [.closeOnExec])
        } catch {
            throw ReportWriter.Error("open for writing", path: path, systemError: error)
        }
        do {
            _ = try descriptor.writeAll(bytes)
            try descriptor.close()
        } catch {
            try? descriptor.close()
            throw ReportWriter.Error("write", path: path, systemError: error)
        }
    }
}

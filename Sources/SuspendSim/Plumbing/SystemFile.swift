#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The C library's file calls that the readers and writers make (POSIX `open`, `read`,
// `pread`, `write`, `lseek`, `close`, `stat`, `lstat`, `pipe`), each retried when a signal
// interrupts it (EINTR) and failing with the call's `errno`. Written here rather than taken
// from swift-system so that a test target depending on the `SuspendSim` product compiles no
// package beyond Yams and swift-collections (docs/architecture.md, "The library product").
// The names follow swift-system's (`FileDescriptor`, `FilePath`, `Errno`), whose calls these
// replace one for one.

/// A failed call's `errno`, with the C library's text for it.
package struct Errno: Error, Hashable, Sendable, CustomStringConvertible {
    package let rawValue: Int32

    package init(rawValue: Int32) { self.rawValue = rawValue }

    /// The current `errno`.
    static var current: Errno { Errno(rawValue: errno) }

    /// ENOENT: no file or folder at the path.
    package static let noSuchFileOrDirectory = Errno(rawValue: ENOENT)
    /// EIO: the input or output failed.
    package static let ioError = Errno(rawValue: EIO)
    /// EINTR: a signal interrupted the call.
    package static let interrupted = Errno(rawValue: EINTR)

    /// `strerror`'s text ("No such file or directory").
    package var description: String { String(cString: strerror(rawValue)) }
}

/// Runs `call` until a signal no longer interrupts it; its result, or the `errno` it set.
private func retryingOnInterrupt<T: BinaryInteger>(_ call: () -> T) throws(Errno) -> T {
    while true {
        let result = call()
        if result >= 0 { return result }
        let error = Errno.current
        if error != .interrupted { throw error }
    }
}

/// What a path names (`stat`'s `st_mode` file type bits).
package enum FileType: Hashable, Sendable {
    case regular, directory, symbolicLink, fifo, socket, characterSpecial, blockSpecial, unknown

    init(mode: mode_t) {
        self = switch mode & S_IFMT {
        case S_IFREG: .regular
        case S_IFDIR: .directory
        case S_IFLNK: .symbolicLink
        case S_IFIFO: .fifo
        case S_IFSOCK: .socket
        case S_IFCHR: .characterSpecial
        case S_IFBLK: .blockSpecial
        default: .unknown
        }
    }
}

/// A path in the file system, as the C library takes it.
package struct FilePath: Hashable, Sendable {
    package let string: String

    package init(_ string: String) { self.string = string }

    /// What `stat` (or, not following a final symbolic link, `lstat`) says of the path.
    package struct Status: Sendable {
        /// What the path names.
        package let type: FileType
        /// Its size in bytes.
        package let size: Int64
    }

    /// The path's kind and size; a path with nothing at it throws `.noSuchFileOrDirectory`.
    package func stat(followTargetSymlink: Bool = true) throws(Errno) -> Status {
        var buffer = CStatus()
        _ = try retryingOnInterrupt {
            followTargetSymlink ? cStat(string, &buffer) : cLstat(string, &buffer)
        }
        return Status(type: FileType(mode: buffer.st_mode), size: Int64(buffer.st_size))
    }
}

private typealias CStatus = stat
private func cStat(_ path: String, _ buffer: inout CStatus) -> Int32 { stat(path, &buffer) }
private func cLstat(_ path: String, _ buffer: inout CStatus) -> Int32 { lstat(path, &buffer) }

/// An open file descriptor. Nothing closes it but `close()`.
package struct FileDescriptor: Hashable, Sendable {
    package let rawValue: Int32

    package init(rawValue: Int32) { self.rawValue = rawValue }

    /// The process's standard error.
    package static var standardError: FileDescriptor { FileDescriptor(rawValue: 2) }

    /// How a file is opened: for reading or for writing.
    package enum AccessMode: Sendable {
        case readOnly, writeOnly

        var flags: Int32 { self == .readOnly ? O_RDONLY : O_WRONLY }
    }

    /// `open`'s flags beside the access mode.
    package struct OpenOptions: OptionSet, Sendable {
        package let rawValue: Int32
        package init(rawValue: Int32) { self.rawValue = rawValue }

        /// O_CREAT: create the file when nothing is at the path.
        package static let create = OpenOptions(rawValue: O_CREAT)
        /// O_EXCL: with `create`, fail when something is at the path.
        package static let exclusiveCreate = OpenOptions(rawValue: O_EXCL)
        /// O_CLOEXEC: a child process does not inherit the descriptor.
        package static let closeOnExec = OpenOptions(rawValue: O_CLOEXEC)
    }

    /// The mode bits a created file gets (before the umask).
    package struct FilePermissions: OptionSet, Sendable {
        package let rawValue: UInt32
        package init(rawValue: UInt32) { self.rawValue = rawValue }

        package static let ownerReadWrite = FilePermissions(rawValue: 0o600)
        package static let groupRead = FilePermissions(rawValue: 0o040)
        package static let otherRead = FilePermissions(rawValue: 0o004)
    }

    /// Where `seek`'s offset counts from.
    package enum SeekOrigin: Sendable {
        case start
    }

    /// Opens `path`; `permissions` are the mode of a file that `options` creates.
    package static func open(
        _ path: FilePath, _ mode: AccessMode, options: OpenOptions = [], permissions: FilePermissions? = nil
    ) throws(Errno) -> FileDescriptor {
        let flags = mode.flags | options.rawValue
        let raw = try retryingOnInterrupt {
            permissions.map { cOpen(path.string, flags, mode_t($0.rawValue)) } ?? cOpen(path.string, flags, 0)
        }
        return FileDescriptor(rawValue: raw)
    }

    /// A pipe: bytes written to `writeEnd` are read from `readEnd`.
    package static func pipe() throws(Errno) -> (readEnd: FileDescriptor, writeEnd: FileDescriptor) {
        var ends: [Int32] = [-1, -1]
        _ = try retryingOnInterrupt { cPipe(&ends) }
        return (FileDescriptor(rawValue: ends[0]), FileDescriptor(rawValue: ends[1]))
    }

    /// Closes the descriptor (never retried: after EINTR the descriptor is gone on Linux).
    package func close() throws(Errno) {
        if cClose(rawValue) != 0 { throw Errno.current }
    }

    /// Reads up to `buffer.count` bytes at the file's offset; 0 at the end of the file.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        try retryingOnInterrupt { cRead(rawValue, buffer.baseAddress, buffer.count) }
    }

    /// Reads up to `buffer.count` bytes at `offset`, leaving the file's offset as it was.
    package func read(fromAbsoluteOffset offset: Int64, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        try retryingOnInterrupt { pread(rawValue, buffer.baseAddress, buffer.count, off_t(offset)) }
    }

    /// Moves the file's offset to `offset`; the new offset.
    @discardableResult
    package func seek(offset: Int64, from origin: SeekOrigin) throws(Errno) -> Int64 {
        Int64(try retryingOnInterrupt { lseek(rawValue, off_t(offset), SEEK_SET) })
    }

    /// Writes every byte of `bytes`, as many `write` calls as it takes; their count.
    @discardableResult
    package func writeAll<Bytes: Sequence>(_ bytes: Bytes) throws(Errno) -> Int where Bytes.Element == UInt8 {
        let written: Result<Int, Errno>? = bytes.withContiguousStorageIfAvailable { writeEvery(UnsafeRawBufferPointer($0)) }
        return try (written ?? Array(bytes).withUnsafeBytes { writeEvery($0) }).get()
    }

    /// Writes every byte of `buffer` in place (the CSV writers' rows): no copy.
    @discardableResult
    package func writeAll(_ buffer: UnsafeRawBufferPointer) throws(Errno) -> Int {
        try writeEvery(buffer).get()
    }

    private func writeEvery(_ buffer: UnsafeRawBufferPointer) -> Result<Int, Errno> {
        var done = 0
        while done < buffer.count {
            let count = cWrite(rawValue, buffer.baseAddress.map { $0 + done }, buffer.count - done)
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.current)
            }
            done += count
        }
        return .success(done)
    }
}

// The C calls under names of their own: inside `FileDescriptor`, `open`, `close`, `read`,
// `write` and `pipe` name its own members.
private func cOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
private func cClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
private func cRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(descriptor, buffer, count) }
private func cWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int { write(descriptor, buffer, count) }
private func cPipe(_ ends: inout [Int32]) -> Int32 { pipe(&ends) }

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SystemPackage

extension ReportWriter {
    /// A report could not be written: what was being done, to which path, and the operating
    /// system's error.
    ///
    /// ```
    /// Cannot create folder /tmp/file/Reports: Not a directory (errno 20)
    /// ```
    public struct Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        /// What was being done, as a verb phrase: "create folder", "write", "rename".
        public var operation: String
        /// The path it was done to.
        public var path: String
        /// The `errno` value the system call set.
        public var code: Int32
        /// The system's text for `code` (`strerror`).
        public var message: String

        /// An error for `operation` on `path` that failed with `code`.
        public init(_ operation: String, path: String, code: Int32) {
            self.operation = operation
            self.path = path
            self.code = code
            self.message = String(cString: strerror(code))
        }

        /// An error for `operation` on `path` from what a swift-system call threw (an `Errno`).
        init(_ operation: String, path: String, systemError: any Swift.Error) {
            self.init(operation, path: path, code: (systemError as? Errno)?.rawValue ?? Errno.ioError.rawValue)
        }

        /// An error for `operation` on `path` with the current `errno`.
        static func fromErrno(_ operation: String, path: String) -> ReportWriter.Error {
            ReportWriter.Error(operation, path: path, code: errno)
        }

        public var description: String {
            "Cannot \(operation) \(path): \(message) (errno \(code))"
        }
    }
}

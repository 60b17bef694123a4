#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension ReportWriter {
    /// A report could not be written: what was being done, to which path, and the operating
    /// system's error.
    ///
    /// ```
    /// Cannot create folder /tmp/file/Reports: Not a directory (errno 20)
    /// ```
    public struct Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        /// Why the report was not written: the machine-readable part of the error.
        public enum Kind: String, Sendable, Hashable, CaseIterable {
            /// A system call failed; `code` is its `errno`.
            case system
            /// A folder that suspendsim did not write stands at the path: it is never replaced
            /// (docs/decisions.md "Folder ownership"); `code` is `EEXIST`.
            case notOurs
            /// The scenario's events, streamed from a large JSON file as the run went, could
            /// not be read whole, so the run is incomplete and its report dropped; `code` is
            /// `EIO`. Loading the file again reads it the ordinary way.
            case unreadableEvents
        }

        /// Why, for a test or a tool; `system` unless said otherwise.
        public var kind: Kind = .system
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

        /// An error of `kind` for `operation` on `path`, with `code`.
        public init(kind: Kind, _ operation: String, path: String, code: Int32) {
            self.init(operation, path: path, code: code)
            self.kind = kind
        }

        /// What writing a report to `path` threw, as the public writers throw it: itself, a
        /// folder that is not ours (`notOurs`), streamed events that could not be read
        /// (`unreadableEvents`), or else an input/output error on `path`.
        package init(converting error: any Swift.Error, path: String) {
            switch error {
            case let error as ReportWriter.Error: self = error
            case let error as FolderOwnership.NotOurs: self.init(kind: .notOurs, "replace", path: error.path, code: EEXIST)
            case is EventStreamUnreadable: self.init(kind: .unreadableEvents, "write", path: path, code: EIO)
            default: self.init("write", path: path, code: EIO)
            }
        }

        /// An error for `operation` on `path` from what a file call threw (an `Errno`).
        init(_ operation: String, path: String, systemError: any Swift.Error) {
            self.init(operation, path: path, code: (systemError as? Errno)?.rawValue ?? Errno.ioError.rawValue)
        }

        /// An error for `operation` on `path` with the current `errno`.
        static func fromErrno(_ operation: String, path: String) -> ReportWriter.Error {
            ReportWriter.Error(operation, path: path, code: errno)
        }

        public var description: String {
            switch kind {
            case .system: "Cannot \(operation) \(path): \(message) (errno \(code))"
            case .notOurs: FolderOwnership.NotOurs(path: path).description
            case .unreadableEvents:
                "Cannot \(operation) \(path): the scenario's events, streamed from its file, could not be read whole; "
                    + "load the file again (errno \(code))"
            }
        }
    }
}

extension HTMLReport {
    /// Why `suspendsim report` could not write a page (SPEC 15).
    public enum Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// The folder holds neither a run's reports (SPEC 8) nor a batch's `summary.csv`.
        case notAReportFolder(path: String, reason: String)
        /// A folder with neither set of files: it names the first run folders below it and
        /// how many there are (SPEC 15, as `explain` does; `RunFoldersBelow`).
        case runFoldersBelow(path: String, first: [String], count: Int)
        /// A report file could not be read or does not have the columns the page needs.
        case unreadable(path: String, reason: String)

        public var description: String {
            switch self {
            case let .notAReportFolder(path, reason):
                "\(path) is not a report folder: \(reason). Give a run's folder (with "
                    + ReportFolder.runFiles.dropLast().joined(separator: ", ") + " and " + (ReportFolder.runFiles.last ?? "")
                    + ") or a batch's --out folder (with \(BatchReportFile.summary.fileName))."
            case let .runFoldersBelow(path, first, count):
                Self.notAReportFolder(path: path, reason: "it has no \(RunReportFile.survivors.fileName) and no \(BatchReportFile.summary.fileName)")
                    .description + " " + RunFoldersBelow.sentence(first: first, count: count)
            case let .unreadable(path, reason):
                "\(path): \(reason)"
            }
        }
    }
}

extension HTMLReport.Error {
    /// A report file the page could not read.
    init(_ unreadable: ReportCSV.Unreadable) {
        self = .unreadable(path: unreadable.path, reason: unreadable.reason)
    }

    /// What `body` returns, with a report file it could not read as the page's error.
    static func reading<Value>(_ body: () throws(ReportCSV.Unreadable) -> Value) throws(HTMLReport.Error) -> Value {
        do {
            return try body()
        } catch {
            throw HTMLReport.Error(error)
        }
    }
}

import SuspendSim

/// The lines of a finished batch folder (`BatchFolderFinish`) for `run`, `merge` and `report`:
/// the paths of SPEC 21's `groups.csv` and `paired.csv` and SPEC 25's `whatif.csv` on stdout,
/// a warning on stderr for each key the grouping pools (`GroupPooling`), and a failure's exit
/// status.
enum BatchFolderLines {
    /// Finishes `folder` with `finish` and prints what it wrote; `by`: `--by` as given, which
    /// the pooling warnings name.
    ///
    /// - Throws: for the comparison and the what-if, `CommandFailure.usage` for a key, baseline
    ///   or value the batch lacks (or a folder without `focus_runs.csv`), exit 2 for files that
    ///   cannot be compared, `CommandFailure.failed` for a file not written, each after the
    ///   lines of the files written before and the error on stderr; for the labels and the
    ///   focus apps, the writer's error as it is.
    static func finish(_ finish: BatchFolderFinish, folder: String, by: String?) throws {
        do {
            print(written: try finish.write(folder: folder), by: by)
        } catch {
            print(written: error.written, by: by)
            switch (error.step, error.error) {
            case (.labels, let cause), (.focusApps, let cause):
                throw cause
            case (_, let cause as ComparisonError):
                printError("error: \(cause.description)")
                if case .usage = cause { throw CommandFailure.usage }
                throw CommandFailure.invalidInput
            case (_, let cause):
                printError("error: \(cause)")
                throw CommandFailure.failed
            }
        }
    }

    /// `groups: PATH`, `paired: PATH` and their pooling warnings, then `whatif: PATH`.
    private static func print(written: BatchFolderFinish.Written, by: String?) {
        if let (keys, files) = written.comparison {
            for path in files.paths {
                Swift.print("\(path.hasSuffix(BatchReportFile.groups.fileName) ? "groups" : "paired"): \(path)")
            }
            for pooling in files.pooled {
                printWarning("\(by.map { "--by \($0)" } ?? "the grouping (\(keys.joined(separator: ",")))"): \(pooling)")
            }
        }
        if let path = written.whatIf { Swift.print("whatif: \(path)") }
    }
}

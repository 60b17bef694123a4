import Foundation

/// `focus.csv` (SPEC 19): the sweep chart's focus apps that `run` took from the scenarios
/// (`FocusColumn`: one column, `app`, a row each, as `<scenario>/<app>`). `run` writes it
/// beside `summary.csv` (`BatchFolderFinish`), `merge` copies it, and `report` reads it back
/// when given no `--app`.
package enum FocusAppsCSV {
    /// Writes `apps` as `folder`'s `focus.csv` and returns its path, or removes the file (an
    /// earlier batch's) when there are none and returns nil. The apps are written as they are,
    /// a line each.
    ///
    /// - Throws: `ReportWriter.Error` when the file cannot be written.
    static func write(_ apps: [String]?, in folder: String) throws -> String? {
        let path = BatchReportFile.focus.path(in: folder)
        guard let apps else {
            try? FileManager.default.removeItem(atPath: path)
            return nil
        }
        try AtomicTextFile.write(([BatchReportFile.focus.header()] + apps).joined(separator: "\n") + "\n", to: path)
        return path
    }

    /// The focus apps in `folder`'s `focus.csv`, or nil without the file or without a row.
    package static func read(folder: String) -> [String]? {
        guard let text = try? String(contentsOfFile: BatchReportFile.focus.path(in: folder), encoding: .utf8) else { return nil }
        let apps = text.split(separator: "\n").dropFirst().map(String.init)
        return apps.isEmpty ? nil : apps
    }
}

import Foundation

/// `focus.csv` (SPEC 19): the sweep chart's focus apps that `run` took from the scenarios
/// (`FocusColumn`: one column, `app`, a row each, as `<scenario>/<app>`). `run` writes it
/// beside `summary.csv` (`BatchFolderFinish`), `merge` copies it, and `report` reads it back
/// when given no `--app`.
package enum FocusAppsCSV {
    /// `apps` as `focus.csv`: the header, then an app a row, quoted as any CSV field is
    /// (`CSVFormatting.appendField`), since an app id may hold a comma or a quote (SPEC 35
    /// refuses only control characters and formula starts).
    static func text(_ apps: [String]) -> String {
        var bytes = Array(BatchReportFile.focus.header().utf8)
        for app in apps {
            bytes.append(CSVFormatting.lineFeed)
            CSVFormatting.appendField(app, to: &bytes)
        }
        bytes.append(CSVFormatting.lineFeed)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes `apps` as `folder`'s `focus.csv` and returns its path, or removes the file (an
    /// earlier batch's) when there are none and returns nil.
    ///
    /// - Throws: `ReportWriter.Error` when the file cannot be written.
    static func write(_ apps: [String]?, in folder: String) throws -> String? {
        let path = BatchReportFile.focus.path(in: folder)
        guard let apps else {
            try? FileManager.default.removeItem(atPath: path)
            return nil
        }
        try AtomicTextFile.write(text(apps), to: path)
        return path
    }

    /// The focus apps in `folder`'s `focus.csv`, read as CSV (`ReportCSV`), in file order; nil
    /// without the file or without a row. The page's reader is `HTMLReport.focusApps(folder:)`.
    ///
    /// - Throws: `ReportCSV.Unreadable` when the file is there but cannot be read or has no
    ///   `app` column.
    static func read(folder: String) throws(ReportCSV.Unreadable) -> [String]? {
        let path = BatchReportFile.focus.path(in: folder)
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let file = try ReportCSV(path: path, required: FocusColumn.allCases)
        let app = file.column(FocusColumn.app)!
        let apps = try file.rows().map { $0[app] }
        return apps.isEmpty ? nil : apps
    }
}

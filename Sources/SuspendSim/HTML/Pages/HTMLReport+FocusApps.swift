extension HTMLReport {
    /// The apps a batch page and its figures draw against a sweep when `report` is given no
    /// `--app` (SPEC 19): `folder`'s `focus.csv` (`FocusAppsCSV`), nil without the file.
    ///
    /// - Throws: `HTMLReport.Error` for a `focus.csv` that cannot be read or has no `app` column.
    package static func focusApps(folder: String) throws(HTMLReport.Error) -> [String]? {
        try HTMLReport.Error.reading { () throws(ReportCSV.Unreadable) in try FocusAppsCSV.read(folder: folder) }
    }
}

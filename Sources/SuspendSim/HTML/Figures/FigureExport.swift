import Foundation

/// A figure's printed width (`report --figure-width`): one column of a paper, 3.5 in, or two,
/// 7 in.
package enum FigureWidth: String, CaseIterable, Sendable {
    case oneColumn = "3.5"
    case twoColumns = "7"

    /// The width in PostScript points (72 to the inch): the PDF's page width.
    package var points: Int { self == .oneColumn ? 252 : 504 }

    /// The smallest text a figure prints, in points: journals ask for 6 to 8 pt at the
    /// printed size; 7 is their middle.
    static let smallestPrintedText = 7.0
    /// The smallest font size the charts set, in their units (`.tm`, `.lbl`: 11 px).
    static let smallestChartText = 11.0

    /// The widest a chart may be laid out for this width, in its units, so that its smallest
    /// text (`smallestChartText`), scaled to `points`, prints at `smallestPrintedText` or more:
    /// 396 units for one column, 792 for two.
    var layoutWidth: Double { (Double(points) * Self.smallestChartText / Self.smallestPrintedText).rounded(.down) }

    /// The width a chart laid out `page` wide on the page takes in this figure: the page's
    /// when it is narrow enough, else `layoutWidth`, the chart growing taller, not its text smaller.
    func layoutWidth(page: Double) -> Double { min(page, layoutWidth) }
}

/// `suspendsim report DIR --figures OUT` (SPEC 15): every chart of the page that `report`
/// writes for DIR, each as its own files in OUT, named after the chart's title on the page
/// (`FigureNames`):
/// - `<name>.svg`: the chart, `width` wide (`FigureDocument`);
/// - `<name>.csv`: exactly what it draws, a row per marker or bar, the series in `label`
///   (`Figure`), for re-plotting (`scripts/plot.py`);
/// - `<name>.pdf`: the SVG converted by `rsvg-convert` (`PDFConverter`), with embedded fonts and
///   no date, so the same reports give the same bytes; none where the converter is missing.
///
/// The page is the folder's own: a batch folder's page (`BatchPage`), not its run pages.
///
/// ```swift
/// let outcome = try FigureExport.write(folder: "Reports", into: "paper/figures", width: .twoColumns)
/// if !outcome.pdfs { print(FigureExport.missingConverterHint) }
/// ```
package enum FigureExport {
    /// What was written.
    package struct Outcome: Sendable {
        /// The figures' names, in page order (each with `.svg`, `.csv` and, with `pdfs`, `.pdf`).
        package var names: [String]
        /// Whether the PDFs were written (false: no converter).
        package var pdfs: Bool
    }

    /// What `report --figures` says on stderr when it wrote no PDF for want of the converter.
    package static let missingConverterHint = PDFConverter.hint

    /// Writes the figures of `folder`'s page into `output` (created when missing, and marked
    /// as the tool's; an existing one must be: `FolderOwnership`).
    ///
    /// - Parameter focusApps: as `HTMLReport.write` takes them, so that the figures are the page's charts.
    /// - Parameter seriesCap: the most lines of a comparison figure (`--figure-series N`, the
    ///   rest named in a note); nil: every line, in small multiples where there are many.
    /// - Throws: `HTMLReport.Error` when the folder is not a report folder or a report cannot be
    ///   read; `ReportWriter.Error` when a file cannot be written or the converter fails.
    package static func write(folder path: String, into output: String, width: FigureWidth, focusApps: [String]? = nil,
                             labels: [SweepValueLabel] = [], seriesCap: Int? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Outcome {
        var folder = path
        while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
        let figures = try figures(folder: folder, width: width, focusApps: focusApps, labels: labels, seriesCap: seriesCap)
        let names = FigureNames.names(figures.map(\.title))
        try FolderOwnership.check([output])
        do {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        } catch {
            throw ReportWriter.Error("create folder", path: output, code: EIO)
        }
        try FolderOwnership.mark(output, name: String(output.split(separator: "/").last ?? ""))
        let converter = PDFConverter.find(environment: environment)
        for (figure, name) in zip(figures, names) {
            let base = output + "/" + name
            try AtomicTextFile.write(FigureDocument(figure: figure, width: width).text(), to: base + ".svg")
            try AtomicTextFile.write(figure.csv(), to: base + ".csv")
            try converter?.convert(svg: base + ".svg", to: base + ".pdf")
        }
        return Outcome(names: names, pdfs: converter != nil)
    }

    /// The charts of `folder`'s page as figures, in page order, named with the page's labels
    /// (`labels` over the folder's `labels.csv`, SPEC 15 "Labels").
    ///   Each chart is laid out for `width` (`FigureWidth.layoutWidth(page:)`).
    static func figures(folder: String, width: FigureWidth, focusApps: [String]?, labels given: [SweepValueLabel],
                        seriesCap: Int? = nil) throws -> [Figure] {
        switch try ReportFolder.kind(of: folder) {
        case .run:
            let reports = try HTMLReport.Error.reading { () throws(ReportCSV.Unreadable) in try RunReports(folder: folder) }
            return RunPage(reports: reports, context: HTMLReport.standaloneContext(folder: folder, policy: reports.policy)).figures(width: width)
        case .batch:
            var reports = try HTMLReport.Error.reading { () throws(ReportCSV.Unreadable) in try BatchReports(folder: folder) }
            var comparison = try HTMLReport.Error.reading { () throws(ReportCSV.Unreadable) in try ComparisonReports(folder: folder) }
            let labels = try HTMLReport.pageLabels(folder: folder, reports: reports, comparison: comparison, given: given)
            reports.labels = labels
            comparison?.labels = labels
            let observed = try HTMLReport.Error.reading { () throws(ReportCSV.Unreadable) in try ObservedReports(folder: folder) }
            let whatIf = try HTMLReport.Error.reading { () throws(ReportCSV.Unreadable) in try WhatIfAnswer(folder: folder, labels: labels) }
            var page = BatchPage(reports: reports, observed: observed, name: "", runFolders: [:], ramByScenario: [:], files: [],
                                 focusApps: focusApps, comparison: comparison, whatIf: whatIf)
            page.seriesCap = seriesCap
            page.sensitivity = try HTMLReport.Error.reading { () throws(ReportCSV.Unreadable) in try SensitivitySection(folder: folder) }
            return page.figures(width: width)
        }
    }
}

import Foundation
/// The batch page's comparison (SPEC 21), for a folder with `groups.csv`: a chart per metric of
/// `ComparisonChart.metrics` (three panels, or with more lines than a chart tells apart, the
/// small multiples of each, `ComparisonChart.panels`), drawn side by side with one legend,
/// links to the same charts as `figures/<metric>.svg`, and `paired.csv` as a table.
extension BatchPage {
    /// The figures' folder, relative to the batch folder.
    static let figuresFolder = "figures"

    /// The figure of `chart`, relative to the batch folder: `figures/<metric>.svg`.
    static func figurePath(_ chart: ComparisonChart) -> String {
        figuresFolder + "/" + chart.metric.column.rawValue + ".svg"
    }
    /// At most this many rows of `paired.csv` in the table; the rest are counted.
    static let pairedRows = 300

    /// The comparison's charts, per metric: its chart, or its small multiples; at most `cap`
    /// lines each when the user set a cap (`--figure-series`).
    static func comparisonCharts(_ comparison: ComparisonReports, cap: Int? = nil) -> [[ComparisonChart]] {
        ComparisonChart.metrics.map { ComparisonChart.panels(metric: $0, reports: comparison, cap: cap) }
    }

    /// The panels the comparison draws: a chart per metric, or each one's small multiples.
    static func comparisonPanels(_ comparison: ComparisonReports?) -> Int {
        guard let comparison else { return 0 }
        return ComparisonChart.metrics.count * max(1, ComparisonChart.layout(comparison).panelValues.count)
    }

    /// Writes `folder/figures/<metric>.svg` for each chart, each whole or not at all, into a
    /// `figures/` that is the tool's (`FolderOwnership`: marked, made so when new).
    ///
    /// - Throws: `FolderOwnership.NotOurs` for a `figures/` of somebody else's;
    ///   `ReportWriter.Error` when the folder or a file cannot be written.
    static func writeFigures(_ comparison: ComparisonReports, into folder: String) throws {
        let figures = folder + "/" + figuresFolder
        try FolderOwnership.check([figures])
        do {
            try FileManager.default.createDirectory(atPath: figures, withIntermediateDirectories: true)
        } catch {
            throw ReportWriter.Error("create folder", path: figures, code: EIO)
        }
        try FolderOwnership.mark(figures, name: figuresFolder)
        for charts in comparisonCharts(comparison) {
            try AtomicTextFile.write(ComparisonFigure.document(charts, columns: 1), to: folder + "/" + figurePath(charts[0]))
        }
    }

    /// The comparison section.
    func comparisonSection(_ comparison: ComparisonReports, id: String) -> HTMLNode {
        let metrics = Self.comparisonCharts(comparison)
        let charts = metrics.flatMap { $0 }
        let layout = ComparisonChart.layout(comparison)
        let lineKeys = (layout.hasPolicy ? [ComparisonChart.policyKey] : []) + layout.otherKeys.filter { $0 != layout.panelKey }
        let lineText = (lineKeys.isEmpty ? "one line" : "one line per " + lineKeys.joined(separator: " × "))
            + (layout.panelKey.map { ", a panel per \($0)" } ?? "")
        let xText = layout.key == ComparisonChart.policyKey ? "the policies on the x axis" : "against \(layout.key)"
        var nodes: [HTMLNode] = [
            .h2("Comparison"),
            .p(class: "meta", .text("\(BatchReportFile.groups.fileName): \(comparison.groups.count) group\(comparison.groups.count == 1 ? "" : "s") by "
                + comparison.keys.joined(separator: ", ") + " · \(xText), \(lineText)")),
        ]
        let svgs = charts.enumerated().map { index, chart in HTMLNode.raw(chart.render(id: "\(id)-\(index + 1)")) }
        let lines = ComparisonFigure.legendLines(metrics.first ?? [])
        let styled = lines.contains { $0.style.dash != .solid }
        let legend = lines.map { line -> HTMLNode in
            .group([.raw(SeriesMarker.legendIcon(line.style, withLine: styled)), .text(line.label)])
        }
        let figureLinks: HTMLNode = .group([.prose("figures: "), .group(metrics.compactMap(\.first).enumerated().map { index, chart in
            let file = Self.figurePath(chart)
            return .group([index > 0 ? .prose(" · ") : .empty, .a(href: file, .prose(file))])
        })])
        nodes.append(.figure(.div(class: "multiples", .group(svgs)), .figcaption(HTMLPage.legend(
            legend + (layout.shared.isEmpty ? [] : [.text("every line: " + layout.shared.joined(separator: ", "))])
                + [.prose("error bar: 95 % Student's interval of the mean (none for a group of one run)"), figureLinks]))))
        nodes.append(pairedTable(comparison))
        return .section(id: id, .group(nodes))
    }

    /// `paired.csv` as a table: its key cells, then `pairs`, `mean_diff [ci_low, ci_high]` and
    /// `wilcoxon_p`, and where the file has them (SPEC 21), `wilcoxon_method`, `p_holm` and
    /// `ratio [ratio_ci_low, ratio_ci_high]` (`PairedStatistics`).
    private func pairedTable(_ comparison: ComparisonReports) -> HTMLNode {
        let header = comparison.pairedHeader
        let column = { (column: PairedColumn) in header.firstIndex(of: column.rawValue) }
        guard let pairs = column(.pairs), let mean = column(.meanDiff), let low = column(.ciLow), let high = column(.ciHigh),
              let p = column(.wilcoxonP) else {
            return .p(class: "note", .prose("No \(BatchReportFile.paired.fileName): it is written when the keys hold policy and the batch has "
                + "two policies or more."))
        }
        let statistics = PairedStatistics(header: header)
        let rows = comparison.paired.map { row -> [String] in
            let difference = row[mean].isEmpty ? "" : row[low].isEmpty ? row[mean] : "\(row[mean]) [\(row[low]), \(row[high])]"
            // The baseline is a policy too: both take the policy's label (SPEC 15 "Labels").
            let keyCells = row[..<pairs].enumerated().map { index, cell in
                header[index] == PairedColumn.baseline.rawValue ? comparison.labels.policy(cell) : comparison.labels.tick(header[index], cell)
            }
            return keyCells + [row[pairs], difference, row[p]] + (statistics?.cells(row) ?? [])
        }
        let baseline = column(.baseline).flatMap { comparison.paired.first?[$0] }.map(comparison.labels.policy) ?? ""
        let file = BatchReportFile.paired.fileName
        let meanHeading = "\(PairedColumn.meanDiff.rawValue) [\(PairedColumn.ciLow.rawValue), \(PairedColumn.ciHigh.rawValue)]"
        return .group([
            .h3(.text("Paired differences" + (baseline.isEmpty ? "" : " against \(baseline)"))),
            .p(class: "note", .text("\(file): runs paired by scenario, seed, replicate and sweep values; \(PairedColumn.meanDiff.rawValue) is "
                + "the policy's value minus the baseline's with its 95 % Student's interval; \(PairedColumn.wilcoxonP.rawValue) is the "
                + "two-sided signed-rank p-value" + (statistics == nil ? "." : PairedStatistics.note))),
            HTMLPage.foldedTable(header: Array(header[..<pairs]) + [PairedColumn.pairs.rawValue, meanHeading, PairedColumn.wilcoxonP.rawValue]
                + (statistics == nil ? [] : PairedStatistics.headings), rows: rows, file: file, most: Self.pairedRows),
        ])
    }
}

import Foundation

/// `labels.csv` (SPEC 15 "Labels"): the scenarios' `labels:` blocks, in order, a row each
/// (`LabelsColumn`: key, value, label). `run` writes it beside `summary.csv`
/// (`BatchFolderFinish`), `merge` copies it, and the batch's page reads it back
/// (`HTMLReport.pageLabels`), later labels of one key and value winning.
enum LabelsCSV {
    /// `labels`' rows as `labels.csv`, or nil when there are none.
    static func text(_ labels: [SweepValueLabel]) -> String? {
        guard !labels.isEmpty else { return nil }
        var bytes = Array(BatchReportFile.labels.header().utf8)
        for label in labels {
            bytes.append(CSVFormatting.lineFeed)
            for (index, field) in [label.key, label.value, label.text].enumerated() {
                if index > 0 { bytes.append(CSVFormatting.comma) }
                CSVFormatting.appendField(field, to: &bytes)
            }
        }
        bytes.append(CSVFormatting.lineFeed)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes `labels` as `folder`'s `labels.csv` and returns its path, or removes the file
    /// (an earlier batch's) when there are none and returns nil.
    ///
    /// - Throws: `ReportWriter.Error` when the file cannot be written.
    static func write(_ labels: [SweepValueLabel], in folder: String) throws -> String? {
        let path = BatchReportFile.labels.path(in: folder)
        guard let text = text(labels) else {
            try? FileManager.default.removeItem(atPath: path)
            return nil
        }
        try AtomicTextFile.write(text, to: path)
        return path
    }

    /// The labels of `folder`'s `labels.csv`, in file order; none without the file.
    ///
    /// - Throws: `ReportCSV.Unreadable` when the file is there but cannot be read.
    static func read(folder: String) throws(ReportCSV.Unreadable) -> [SweepValueLabel] {
        let path = BatchReportFile.labels.path(in: folder)
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        let file = try ReportCSV(path: path, required: LabelsColumn.allCases)
        let key = file.column(LabelsColumn.key)!, value = file.column(LabelsColumn.value)!, text = file.column(LabelsColumn.label)!
        return try file.rows().map { SweepValueLabel(key: $0[key], value: $0[value], text: $0[text]) }
    }
}

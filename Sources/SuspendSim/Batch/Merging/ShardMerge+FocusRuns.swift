extension ShardMerge {
    /// Merges the shards' `focus_runs.csv` (SPEC 27), or another table of lines per run that
    /// starts with the same run columns (`table`: `kills.csv`, SPEC 41), for `target`
    /// (written, not yet in place), in the merged
    /// `summary.csv`'s run order (`summaryPath`), each line copied byte for byte: a run's
    /// lines are found by its `scenario`, `policy`, `seed`, `replicate` and sweep values.
    ///
    /// - Throws: `MergeError` when the shards' headers differ or a line has no run.
    /// - Memory: every shard's lines, O(runs × what-if apps).
    static func mergeFocusRuns(
        _ folders: [String], summaryPath: String, into target: String, table: BatchReportFile = .focusRuns
    ) throws -> AtomicCSVStream {
        var header: ArraySlice<UInt8>?
        var lines: [[ArraySlice<UInt8>]: [ArraySlice<UInt8>]] = [:]
        let summary = try CSVRecordReader(path: summaryPath)
        guard let summaryHeader = try summary.next() else { throw MergeError("\(summaryPath) is empty") }
        let summaryFields = CSVRecordReader.fields(summaryHeader)
        let sweep = summaryFields.count - (SummaryTable.lastMetricIndex(summaryFields.map(CSVRecordReader.text)).map { $0 + 1 } ?? 0)
        let identity = FocusRunsColumn.allCases.map { field in summaryFields.firstIndex { CSVRecordReader.text($0) == field.rawValue } ?? 0 }
            + Array((summaryFields.count - sweep)..<summaryFields.count)
        for folder in folders {
            let path = table.path(in: folder)
            let reader = try CSVRecordReader(path: path)
            let first = try reader.next()
            guard let first, header == nil || header == first else {
                throw MergeError("the shards' \(table.fileName) files do not have the same header")
            }
            header = first
            while let record = try reader.next() {
                let key = Array(CSVRecordReader.fields(record).prefix(FocusRunsColumn.allCases.count + sweep))
                lines[key, default: []].append(record)
            }
        }
        let file = try AtomicCSVStream(path: target, header: String(decoding: header ?? [], as: UTF8.self))
        while let record = try summary.next() {
            let fields = CSVRecordReader.fields(record)
            for line in lines.removeValue(forKey: identity.map { fields[$0] }) ?? [] { file.appendRow(bytes: line) }
        }
        guard lines.isEmpty else {
            file.discard()
            throw MergeError("\(table.fileName): \(lines.count) run(s) of the shards are not in \(summaryPath)")
        }
        try file.finishWriting()
        return file
    }
}

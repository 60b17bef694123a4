extension ShardMerge {
    /// Merges the shards' `sensitivity_runs.csv` (SPEC 39: "`merge` concatenates the shards'
    /// rows in the batch's order") for `target` (written, not yet in place): the batch's own
    /// runs first, then each variant's, each run's lines copied byte for byte, runs in the
    /// merged `summary.csv`'s order (`summaryPath`).
    ///
    /// Variants come in the order the shards list them (every shard lists its variants in the
    /// batch's order, keys in order, `low` before `high`); two variants no shard holds both of
    /// keep SPEC 36's order of their keys, `low` before `high`.
    ///
    /// - Throws: `MergeError` when the shards' headers differ, a run is not in `summary.csv`,
    ///   or a line is not a `sensitivity_runs.csv` line.
    /// - Memory: every shard's lines, O(variant runs × what-if apps).
    static func mergeSensitivityRuns(_ folders: [String], summaryPath: String, into target: String) throws -> AtomicCSVStream {
        do {
            return try mergeSensitivityLines(folders, summaryPath: summaryPath, into: target)
        } catch let error as CSVReadError {
            throw MergeError(error.description)
        } catch let error as ComparisonError {
            throw MergeError(error.description)
        }
    }

    private static func mergeSensitivityLines(_ folders: [String], summaryPath: String, into target: String) throws -> AtomicCSVStream {
        let name = SensitivityFile.runs.rawValue
        let summary = try SummaryTable(path: summaryPath)
        let sweep = summary.sweepColumns
        let identity = FocusRunsColumn.names.compactMap { summary.header.firstIndex(of: $0) }
            + sweep.compactMap { summary.header.firstIndex(of: $0) }
        var order: [[String]: Int] = [:]
        for (index, row) in summary.rows.enumerated() { order[identity.map { row[$0] }] = index }
        var header: ArraySlice<UInt8>?
        var runs: [Variant: [(position: Int, lines: [ArraySlice<UInt8>])]] = [:]
        var sequences: [[Variant]] = []
        for folder in folders {
            let reader = try CSVRecordReader(path: SensitivityFile.runs.path(in: folder))
            let first = try reader.next()
            guard let first, header == nil || header == first else { throw MergeError("the shards' \(name) files do not have the same header") }
            header = first
            let columns = CSVRecordReader.fields(first).map(CSVRecordReader.text)
            guard let app = columns.firstIndex(of: "app") else { throw MergeError("\(folder)/\(name) has no app column") }
            var sequence: [Variant] = []
            var lines: [ArraySlice<UInt8>] = []
            while let record = try reader.next() {
                lines.append(record)
                let fields = CSVRecordReader.fields(record).map(CSVRecordReader.text)
                guard fields.count == columns.count else { throw MergeError("\(folder)/\(name): a line of \(fields.count) fields, the header has \(columns.count)") }
                guard fields[app].isEmpty else { continue }
                let variant = Variant(scenario: fields[3], key: fields[0], end: fields[1])
                let runIdentity = Array(fields[3..<7]) + Array(fields[7..<app])
                guard let position = order[runIdentity] else {
                    throw MergeError("\(folder)/\(name): the run \(runIdentity.filter { !$0.isEmpty }.joined(separator: ", ")) is not in \(summaryPath)")
                }
                if sequence.last != variant { sequence.append(variant) }
                runs[variant, default: []].append((position, lines))
                lines = []
            }
            sequences.append(sequence)
        }
        let file = try AtomicCSVStream(path: target, header: String(decoding: header ?? [], as: UTF8.self))
        for variant in Self.variantOrder(sequences, scenarios: order) {
            for run in (runs[variant] ?? []).sorted(by: { $0.position < $1.position }) {
                for line in run.lines { file.appendRow(bytes: line) }
            }
        }
        try file.finishWriting()
        return file
    }

    /// A block of `sensitivity_runs.csv`: a scenario's own runs (empty `key`) or a variant's.
    struct Variant: Hashable {
        var scenario: String
        var key: String
        var end: String
    }

    /// The blocks of every shard in the batch's order: the own runs of every scenario first,
    /// then each scenario's variants, each shard's `sequences` kept, ties in SPEC 36's order.
    static func variantOrder(_ sequences: [[Variant]], scenarios order: [[String]: Int]) -> [Variant] {
        var firstRun: [String: Int] = [:]
        for (identity, position) in order { firstRun[identity[0]] = min(firstRun[identity[0]] ?? .max, position) }
        let rows = AssumptionTable.shipped.rows
        func rank(_ variant: Variant) -> (Int, Int, Int, Int) {
            let own = variant.key.isEmpty ? 0 : 1
            let key = variant.key == SensitivityRequest.limitShareKey ? -1 : rows.firstIndex { $0.key == variant.key } ?? rows.count
            return (own, firstRun[variant.scenario] ?? .max, key, variant.end == "high" ? 1 : 0)
        }
        var before: [Variant: Set<Variant>] = [:]
        var all: Set<Variant> = []
        for sequence in sequences {
            for (index, variant) in sequence.enumerated() {
                all.insert(variant)
                if index > 0 { before[variant, default: []].insert(sequence[index - 1]) }
            }
        }
        var done: [Variant] = []
        var placed: Set<Variant> = []
        while placed.count < all.count {
            let ready = all.filter { !placed.contains($0) && (before[$0] ?? []).isSubset(of: placed) }
            // A cycle cannot happen between shards of one batch; take the lowest rank to end.
            let next = (ready.isEmpty ? all.subtracting(placed) : ready).min { rank($0) < rank($1) }
            guard let next else { break }
            done.append(next)
            placed.insert(next)
        }
        return done
    }
}

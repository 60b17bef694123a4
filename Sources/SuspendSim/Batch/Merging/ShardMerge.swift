import Foundation

/// `suspendsim merge`: puts the output folders of the N shards of a batch back together,
/// into exactly the bytes a single run of the batch writes.
///
/// - `summary.csv`: unit u's row is row ⌊u / N⌋ of shard `u mod N + 1`'s (shards are
///   round-robin, see `BatchShard`), copied byte for byte.
/// - `survival.csv`: every shard lists every group and app, with its own counts; the merge
///   adds the `runs` and `survived` counts and computes the rate and Wilson interval again
///   from the sums, as a single run does from its own.
/// - `exits.csv` (SPEC 17) and `observed.csv` (SPEC 18): likewise, from the shards' exact
///   totals (and sums of squares).
/// - `kills.csv` (SPEC 41, with `--kills`), like `focus_runs.csv`.
/// - `focus_runs.csv` (SPEC 27): each run's lines, in the merged `summary.csv`'s order
///   (`mergeFocusRuns`); the manifests' what-if is the merge's, for `whatif.csv`.
/// - Report folders (`--details`, single-run scenarios): copied; no file may be in two
///   shards.
/// - `sensitivity_runs.csv` (SPEC 39): runs in the batch's order (`mergeSensitivityRuns`);
///   `merge` then computes `sensitivity.csv` and `sensitivity_whatif.csv` from it.
/// - `assumptions.csv` (SPEC 36): every shard writes the whole batch's; copied from the first.
///
/// The shards must all come from one batch (`shard.csv`'s fingerprint: same files, same
/// options) and one assumption table (its `assumptions_sha256`), each K from 1 to N exactly once.
package enum ShardMerge {
    /// What a merge put together.
    package struct Summary: Sendable, Hashable {
        /// How many shards were merged.
        package var shards: Int
        /// The batch's number of runs.
        package var units: Int
        /// The batch's what-if (SPEC 25) when its shards wrote `focus_runs.csv`.
        package var whatIf: WhatIf?
    }

    /// Merges the shard folders `folders` into `out`.
    ///
    /// - Throws: `MergeError` for shards that do not belong together or are incomplete;
    ///   `ReportWriter.Error` when a file cannot be written (the batch-wide files are then left as
    ///   they were).
    package static func merge(_ folders: [String], into out: String) throws -> Summary {
        let target = canonical(out)
        if let clash = folders.first(where: { canonical($0) == target }) {
            throw MergeError("--out \(out) is one of the shards (\(clash)); merge into another folder")
        }
        let shards = try manifests(folders)
        let first = shards[0].manifest
        // A report folder of a shard replaces only a folder the tool wrote (`FolderOwnership`):
        // checked for every shard before anything is copied.
        for shard in shards {
            let names = try FileManager.default.contentsOfDirectory(atPath: shard.folder).sorted()
            try FolderOwnership.check(names.filter { !$0.hasPrefix(".") && !batchFiles.contains($0) && isReportFolder(shard.folder + "/" + $0) }
                .map { out + "/" + $0 })
        }
        // Every table is built and checked before anything is put in place (SPEC 35): a
        // shard's bad table leaves the folder as it was. Then the run folders, each whole or
        // absent; then the batch files, as `run` does.
        var tables: [AtomicCSVStream] = []
        do {
            let summary = try mergeSummary(shards, units: first.units, into: BatchReportFile.summary.path(in: out))
            tables.append(summary)
            if first.survival {
                tables.append(try mergeSurvival(shards, into: BatchReportFile.survival.path(in: out)))
                tables.append(try mergeExits(shards, into: BatchReportFile.exits.path(in: out)))
                if FileManager.default.fileExists(atPath: BatchReportFile.observed.path(in: shards[0].folder)) {
                    tables.append(try mergeObserved(shards, into: BatchReportFile.observed.path(in: out)))
                }
                if FileManager.default.fileExists(atPath: BatchReportFile.kills.path(in: shards[0].folder)) {
                    tables.append(try mergeFocusRuns(shards.map(\.folder), summaryPath: summary.partialPath,
                                                     into: BatchReportFile.kills.path(in: out), table: .kills))
                }
            }
            if FileManager.default.fileExists(atPath: BatchReportFile.focusRuns.path(in: shards[0].folder)) {
                tables.append(try mergeFocusRuns(shards.map(\.folder), summaryPath: summary.partialPath,
                                                 into: BatchReportFile.focusRuns.path(in: out)))
            }
            if FileManager.default.fileExists(atPath: SensitivityFile.runs.path(in: shards[0].folder)) {
                tables.append(try mergeSensitivityRuns(shards.map(\.folder), summaryPath: summary.partialPath,
                                                       into: SensitivityFile.runs.path(in: out)))
            }
            var copied: Set<String> = []
            for shard in shards {
                try copyReports(from: shard.folder, to: out, copied: &copied)
            }
        } catch {
            for table in tables { table.discard() }
            throw error
        }
        for (index, table) in tables.enumerated() {
            do {
                try table.commit()
            } catch {
                for later in tables[(index + 1)...] { later.discard() }
                throw error
            }
        }
        for file in [BatchReportFile.focus, .labels, .assumptions] {
            let path = file.path(in: shards[0].folder)
            if FileManager.default.fileExists(atPath: path) {
                try AtomicTextFile.write(try String(contentsOfFile: path, encoding: .utf8), to: file.path(in: out))
            }
        }
        return Summary(shards: shards.count, units: first.units, whatIf: first.whatIf)
    }

    /// `path` made absolute, with symbolic links resolved, to compare folders.
    private static func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// The folders' manifests, checked, in shard order.
    private static func manifests(_ folders: [String]) throws(MergeError) -> [(folder: String, manifest: ShardManifest)] {
        guard !folders.isEmpty else { throw MergeError("no shard folders given") }
        var shards: [(folder: String, manifest: ShardManifest)] = []
        for folder in folders {
            shards.append((folder, try ShardManifest.read(folder: folder)))
        }
        let first = shards[0].manifest
        for (folder, manifest) in shards.dropFirst() {
            guard manifest.batch == first.batch, manifest.shard.count == first.shard.count,
                  manifest.units == first.units, manifest.survival == first.survival, manifest.whatIf == first.whatIf
            else {
                throw MergeError("\(folder) is a shard of another batch than \(shards[0].folder) (different files, options or shard count)")
            }
            guard manifest.inputs == first.inputs else {
                throw MergeError("\(folder) and \(shards[0].folder) read different input files (a scenario, an included list or a trace "
                    + "changed between the shards: \(ShardColumn.inputsSHA256.rawValue) differs); run every shard against the same files")
            }
            // SPEC 36: the shards' defaults must come from one assumption table.
            guard manifest.assumptionsSHA256 == first.assumptionsSHA256 else {
                throw MergeError("\(folder)/\(BatchReportFile.shard.rawValue): assumptions_sha256 \(manifest.assumptionsSHA256) differs "
                    + "from \(shards[0].folder)'s \(first.assumptionsSHA256): the shards ran with different assumption tables")
            }
        }
        shards.sort { $0.manifest.shard.index < $1.manifest.shard.index }
        let indices = shards.map(\.manifest.shard.index)
        let expected = Array(1...first.shard.count)
        guard indices == expected else {
            let missing = expected.filter { !indices.contains($0) }.map { "\($0)/\(first.shard.count)" }
            let repeated = Set(indices.filter { index in indices.filter { $0 == index }.count > 1 })
                .sorted().map { "\($0)/\(first.shard.count)" }
            var problems: [String] = []
            if !missing.isEmpty { problems.append("missing shard \(missing.joined(separator: ", "))") }
            if !repeated.isEmpty { problems.append("shard \(repeated.joined(separator: ", ")) given twice") }
            throw MergeError("incomplete batch: " + problems.joined(separator: "; "))
        }
        return shards
    }

    /// Interleaves the shards' summary rows back into unit order.
    private static func mergeSummary(_ shards: [(folder: String, manifest: ShardManifest)], units: Int, into target: String) throws -> AtomicCSVStream {
        let readers = try shards.map { shard throws(MergeError) in try openShardFile(BatchReportFile.summary.path(in: shard.folder)) }
        let headers = try readers.map { reader throws(MergeError) in try nextRecord(reader).map(Array.init) ?? [] }
        guard let header = headers.first, !header.isEmpty, headers.allSatisfy({ $0 == header }) else {
            throw MergeError("the shards' \(BatchReportFile.summary.fileName) files do not have the same header")
        }
        let file = try AtomicCSVStream(path: target, header: String(decoding: header, as: UTF8.self))
        for unit in 0..<units {
            let reader = readers[unit % readers.count]
            guard let record = try nextRecord(reader) else {
                file.discard()
                throw MergeError("\(reader.path) has fewer rows than its shard of \(units) units")
            }
            file.appendRow(bytes: record)
        }
        for reader in readers where try nextRecord(reader) != nil {
            file.discard()
            throw MergeError("\(reader.path) has more rows than its shard of \(units) units")
        }
        try file.finishWriting()
        return file
    }

    /// Adds the shards' survival counts, row by row: each shard's file holds exact totals
    /// (`SurvivalColumn.shardName`), and the merged file the rates, intervals and means of a
    /// single run's.
    private static func mergeSurvival(_ shards: [(folder: String, manifest: ShardManifest)], into target: String) throws -> AtomicCSVStream {
        // Each total is read by its column's shard name and put back in its field of the counts;
        // survival.csv holds no exit counts or launch wait: exits.csv's merge adds those.
        let counted = SurvivalColumn.allCases.compactMap { column in column.total.map { (column: column, field: $0) } }
        return try mergeTotals(
            shards, file: .survival, runs: SurvivalColumn.runs.shardName, totals: counted.map(\.column), named: \.shardName, into: target
        ) { runs, totals, row throws(MergeError) in
            var counts = SurvivalTally.Counts.zero
            for (column, field) in counted { counts[keyPath: field] = totals[column] ?? 0 }
            guard counts.fate.survived <= runs, counts.fate.neverKilled <= runs, counts.fate.survived <= counts.fate.launched, counts.fate.launched <= runs else {
                throw MergeError("\(BatchReportFile.survival.fileName) row \(row): more survivals than runs")
            }
            return counts
        } appendRow: { fields, runs, counts, bytes in
            SurvivalCSV.appendRow(BatchRowPrefix(fields: fields), runs: runs, counts: counts, to: &bytes)
        }
    }

    /// Adds the shards' exit counts and launch waits, row by row, as `mergeSurvival` does
    /// (SPEC 17's batch `exits.csv`).
    private static func mergeExits(_ shards: [(folder: String, manifest: ShardManifest)], into target: String) throws -> AtomicCSVStream {
        let counted = BatchExitColumn.allCases.filter(\.isTotal)
        return try mergeTotals(
            shards, file: .exits, runs: BatchExitColumn.runs.shardName, totals: counted, named: \.shardName, into: target
        ) { _, totals, _ throws(MergeError) in
            // exits.csv holds only the exit counts and the launch wait: survival.csv's merge adds the rest.
            var counts = SurvivalTally.Counts.zero
            for column in counted {
                let total = totals[column] ?? 0
                switch column {
                case .exit(let category): counts.exits[category] = total
                case .meanLaunchWait: counts.launches.waitMs = Int64(total)
                case .scenario, .policy, .app, .runs: break
                }
            }
            return counts
        } appendRow: { fields, runs, counts, bytes in
            BatchExitsCSV.appendRow(BatchRowPrefix(fields: fields), runs: runs, counts: counts, to: &bytes)
        }
    }

    /// Adds the shards' sums of each observed counter and of its squares, row by row (SPEC 18's
    /// `observed.csv`), and writes the means and intervals of a single run's.
    private static func mergeObserved(_ shards: [(folder: String, manifest: ShardManifest)], into target: String) throws -> AtomicCSVStream {
        let counted: [ObservedShardColumn] = [.total, .totalSquares]
        return try mergeTotals(
            shards, file: .observed, runs: ObservedShardColumn.runs.rawValue, totals: counted, named: \.rawValue, into: target
        ) { runs, totals, _ throws(MergeError) in
            ObservedCSV.Sums(runs: runs, total: totals[.total] ?? 0, squares: totals[.totalSquares] ?? 0)
        } appendRow: { fields, _, sums, bytes in
            ObservedCSV.appendRow(BatchRowPrefix(fields: fields), field: .init(observed: fields[3], low: fields[4], high: fields[5]),
                                  sums: sums, to: &bytes)
        }
    }

    /// Adds up a batch file whose shards hold exact totals: every shard lists the same rows
    /// (`BatchRowPrefix`'s cells first, the sweep columns after the file's `shardColumns`); the
    /// `runs` and `totals` columns (found by their shard file's name, `named`) are added,
    /// `counts` turns a row's sums, by column, into tally counts (and may refuse them), and
    /// `appendRow` writes the merged row's fixed fields (the file's `columns`), before the
    /// sweep fields are copied.
    private static func mergeTotals<Column: Hashable, Merged>(
        _ shards: [(folder: String, manifest: ShardManifest)], file: BatchReportFile, runs runsName: String, totals: [Column],
        named shardName: (Column) -> String, into target: String,
        counts: (_ runs: Int, _ totals: [Column: Int], _ row: Int) throws(MergeError) -> Merged,
        appendRow: (_ fields: [ArraySlice<UInt8>], _ runs: Int, _ counts: Merged, _ bytes: inout CSVRowWriter) -> Void
    ) throws -> AtomicCSVStream {
        let name = file.fileName
        let shardHeader = file.header(shard: true)
        let fixed = file.shardColumns.count
        let (header, tables) = try readShardTables(shards, file: file, shardHeader: shardHeader)
        // The sweep columns' names, as the shards spelled them (quoted where they needed it).
        let sweepHeader = String(decoding: header.dropFirst(shardHeader.utf8.count), as: UTF8.self)
        // The counts are read by column name, not position.
        let names = CSVRecordReader.fields(header[...]).map { String(decoding: $0, as: UTF8.self) }
        let runsColumn = names.firstIndex(of: runsName) ?? -1
        let totalColumns = totals.map { names.firstIndex(of: shardName($0)) ?? -1 }
        let output = try AtomicCSVStream(path: target, header: file.header() + sweepHeader)
        /// The whole number in a field, or nil.
        func number(_ fields: [ArraySlice<UInt8>], _ column: Int) -> Int? {
            fields.indices.contains(column) ? Int(String(decoding: fields[column], as: UTF8.self)) : nil
        }
        for row in tables[0].indices {
            let fields = tables[0][row]
            var runs = 0
            var sums = [Int](repeating: 0, count: totals.count)
            for table in tables {
                let other = table[row]
                guard other.count == fields.count, fields.count >= fixed,
                      Array(other[..<BatchRowPrefix.count]) == Array(fields[..<BatchRowPrefix.count]), Array(other[fixed...]) == Array(fields[fixed...]),
                      let shardRuns = number(other, runsColumn)
                else {
                    output.discard()
                    throw MergeError("the shards' \(name) files differ at row \(row + 2)")
                }
                runs += shardRuns
                for (index, column) in totalColumns.enumerated() {
                    guard let total = number(other, column) else {
                        output.discard()
                        throw MergeError("the shards' \(name) files differ at row \(row + 2)")
                    }
                    sums[index] += total
                }
            }
            let merged: Merged
            do {
                merged = try counts(runs, Dictionary(uniqueKeysWithValues: zip(totals, sums)), row + 2)
            } catch {
                output.discard()
                throw error
            }
            output.appendRow { bytes in
                appendRow(fields, runs, merged, &bytes)
                for field in fields[fixed...] {
                    bytes.append(CSVFormatting.comma)
                    bytes.append(contentsOf: field)
                }
            }
        }
        try output.finishWriting()
        return output
    }

    /// Every shard's `file`, split into fields: the shards' common header and their rows.
    private static func readShardTables(
        _ shards: [(folder: String, manifest: ShardManifest)], file: BatchReportFile, shardHeader: String
    ) throws(MergeError) -> (header: [UInt8], tables: [[[ArraySlice<UInt8>]]]) {
        let name = file.fileName
        var tables: [[[ArraySlice<UInt8>]]] = []
        var header: [UInt8]?
        for shard in shards {
            let reader = try openShardFile(file.path(in: shard.folder))
            let thisHeader = try nextRecord(reader).map(Array.init) ?? []
            if header == nil { header = thisHeader }
            guard thisHeader == header, thisHeader.starts(with: Array(shardHeader.utf8)) else {
                throw MergeError("the shards' \(name) files do not have the same header, or not a shard's")
            }
            var rows: [[ArraySlice<UInt8>]] = []
            while let record = try nextRecord(reader) {
                rows.append(CSVRecordReader.fields(Array(record)[...]))
            }
            tables.append(rows)
        }
        guard let header, tables.allSatisfy({ $0.count == tables[0].count }) else {
            throw MergeError("the shards' \(name) files do not have the same rows")
        }
        return (header, tables)
    }

    /// Opens a shard's batch-wide file; a missing or unreadable one is a shard problem.
    private static func openShardFile(_ path: String) throws(MergeError) -> CSVRecordReader {
        do {
            return try CSVRecordReader(path: path)
        } catch {
            throw MergeError(error.description)
        }
    }

    /// The next record of a shard's file.
    private static func nextRecord(_ reader: CSVRecordReader) throws(MergeError) -> ArraySlice<UInt8>? {
        do {
            return try reader.next()
        } catch {
            throw MergeError(error.description)
        }
    }

    /// The files at the top of a shard's folder that are not report folders: its set of
    /// batch-wide files (`OutputSet`).
    private static let batchFiles = OutputSet.names


    /// Copies a shard's report folders into `out` (`ShardMerge+Copy.swift`).
    private static func copyReports(from folder: String, to out: String, copied: inout Set<String>) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        for name in names where !name.hasPrefix(".") && !batchFiles.contains(name) {
            try copyTree(folder + "/" + name, to: out + "/" + name, copied: &copied)
        }
    }
}

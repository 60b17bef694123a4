import Foundation

/// `suspendsim merge`: puts the output folders of the N shards of a batch back together,
/// into exactly the bytes a single run of the batch writes.
///
/// - `summary.csv`: unit u's row is row ⌊u / N⌋ of shard `u mod N + 1`'s (shards are
///   round-robin, see `BatchShard`), copied byte for byte.
/// - `survival.csv`: every shard lists every group and app, with its own counts; the merge
///   adds the `runs` and `survived` counts and computes the rate and Wilson interval again
///   from the sums, as a single run does from its own.
/// - Report folders (`--details`, single-run scenarios): copied; no file may be in two
///   shards.
///
/// The shards must all come from one batch (`shard.csv`'s fingerprint: same files, same
/// options), each K from 1 to N exactly once.
package enum ShardMerge {
    /// What a merge put together.
    public struct Summary: Sendable, Hashable {
        /// How many shards were merged.
        public var shards: Int
        /// The batch's number of runs.
        public var units: Int
    }

    /// Merges the shard folders `folders` into `out`.
    ///
    /// - Throws: `MergeError` for shards that do not belong together or are incomplete;
    ///   `ReportWriter.Error` when a file cannot be written (the batch-wide files are then left as
    ///   they were).
    public static func merge(_ folders: [String], into out: String) throws -> Summary {
        let target = canonical(out)
        if let clash = folders.first(where: { canonical($0) == target }) {
            throw MergeError("--out \(out) is one of the shards (\(clash)); merge into another folder")
        }
        let shards = try manifests(folders)
        let first = shards[0].manifest
        try mergeSummary(shards, units: first.units, into: out + "/summary.csv")
        if first.survival {
            try mergeSurvival(shards, into: out + "/survival.csv")
        }
        var copied: Set<String> = []
        for shard in shards {
            try copyReports(from: shard.folder, to: out, copied: &copied)
        }
        return Summary(shards: shards.count, units: first.units)
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
                  manifest.units == first.units, manifest.survival == first.survival
            else {
                throw MergeError("\(folder) is a shard of another batch than \(shards[0].folder) (different files, options or shard count)")
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
    private static func mergeSummary(_ shards: [(folder: String, manifest: ShardManifest)], units: Int, into target: String) throws {
        let readers = try shards.map { shard throws(MergeError) in try openShardFile(shard.folder + "/summary.csv") }
        let headers = try readers.map { reader throws(MergeError) in try nextRecord(reader).map(Array.init) ?? [] }
        guard let header = headers.first, !header.isEmpty, headers.allSatisfy({ $0 == header }) else {
            throw MergeError("the shards' summary.csv files do not have the same header")
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
        try file.commit()
    }

    /// Adds the shards' survival counts, row by row: each shard's file holds exact totals
    /// (`SurvivalColumn.shardName`), and the merged file the rates, intervals and means of a
    /// single run's.
    private static func mergeSurvival(_ shards: [(folder: String, manifest: ShardManifest)], into target: String) throws {
        var tables: [[[ArraySlice<UInt8>]]] = []
        var header: [UInt8]?
        for shard in shards {
            let reader = try openShardFile(shard.folder + "/survival.csv")
            let shardHeader = try nextRecord(reader).map(Array.init) ?? []
            if header == nil { header = shardHeader }
            guard shardHeader == header, shardHeader.starts(with: Array(SurvivalColumn.shardHeader(followedBy: []).utf8)) else {
                throw MergeError("the shards' survival.csv files do not have the same header, or not a shard's")
            }
            var rows: [[ArraySlice<UInt8>]] = []
            while let record = try nextRecord(reader) {
                rows.append(CSVRecordReader.fields(Array(record)[...]))
            }
            tables.append(rows)
        }
        guard let header, tables.allSatisfy({ $0.count == tables[0].count }) else {
            throw MergeError("the shards' survival.csv files do not have the same rows")
        }
        let fixed = SurvivalColumn.allCases.count
        // The sweep columns' names, as the shards spelled them (quoted where they needed it).
        let sweepHeader = String(decoding: header.dropFirst(SurvivalColumn.shardHeader(followedBy: []).utf8.count), as: UTF8.self)
        // The counts are read by column name, not position.
        let names = CSVRecordReader.fields(header[...]).map { String(decoding: $0, as: UTF8.self) }
        let column = { (name: SurvivalColumn) -> Int in names.firstIndex(of: name.shardName) ?? -1 }
        let (runsColumn, survivedColumn, neverKilledColumn) = (column(.runs), column(.survived), column(.neverKilled))
        let (pressureColumn, coldColumn, warmColumn) =
            (column(.meanPressureKills), column(.meanColdLaunches), column(.meanWarmLaunches))
        let file = try AtomicCSVStream(
            path: target, header: SurvivalColumn.header + sweepHeader)
        /// The whole number in a field, or nil.
        func number(_ field: ArraySlice<UInt8>) -> Int? { Int(String(decoding: field, as: UTF8.self)) }
        for row in tables[0].indices {
            let fields = tables[0][row]
            var runs = 0
            var counts = SurvivalTally.Counts()
            for table in tables {
                let other = table[row]
                guard other.count == fields.count, fields.count >= fixed,
                      Array(other[0..<3]) == Array(fields[0..<3]), Array(other[fixed...]) == Array(fields[fixed...]),
                      let shardRuns = number(other[runsColumn]), let survived = number(other[survivedColumn]),
                      let neverKilled = number(other[neverKilledColumn]), let pressureKills = number(other[pressureColumn]),
                      let cold = number(other[coldColumn]), let warm = number(other[warmColumn])
                else {
                    file.discard()
                    throw MergeError("the shards' survival.csv files differ at row \(row + 2)")
                }
                runs += shardRuns
                counts += SurvivalTally.Counts(survived: survived, neverKilled: neverKilled, pressureKills: pressureKills,
                                               coldLaunches: cold, warmLaunches: warm)
            }
            guard counts.survived <= runs, counts.neverKilled <= runs else {
                file.discard()
                throw MergeError("survival.csv row \(row + 2): more survivals than runs")
            }
            file.appendRow { bytes in
                SurvivalCSV.appendRow(scenario: fields[0], policy: fields[1], app: fields[2], runs: runs,
                                      counts: counts, to: &bytes)
                for field in fields[fixed...] {
                    bytes.append(CSVFormatting.comma)
                    bytes.append(contentsOf: field)
                }
            }
        }
        try file.commit()
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

    /// The files of a shard's folder that are not batch-wide.
    private static let batchFiles: Set<String> = ["summary.csv", "survival.csv", ShardManifest.fileName]

    /// Copies a shard's report folders into `out`, merging folders. A file copied from
    /// another shard is an error; one left in `out` by an earlier run is replaced.
    private static func copyReports(from folder: String, to out: String, copied: inout Set<String>) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        for name in names where !name.hasPrefix(".") && !batchFiles.contains(name) {
            try copyTree(folder + "/" + name, to: out + "/" + name, copied: &copied)
        }
    }

    private static func copyTree(_ source: String, to target: String, copied: inout Set<String>) throws {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: source, isDirectory: &isFolder) else { return }
        if isFolder.boolValue {
            try ReportFileSystem.makeFolders(target)
            for name in try manager.contentsOfDirectory(atPath: source).sorted() where !name.hasPrefix(".") {
                try copyTree(source + "/" + name, to: target + "/" + name, copied: &copied)
            }
            return
        }
        guard copied.insert(target).inserted else {
            throw MergeError("\(target) is in more than one shard (again from \(source))")
        }
        if try ReportFileSystem.kind(of: target) != nil { ReportFileSystem.removeTree(target) }
        try manager.copyItem(atPath: source, toPath: target)
    }
}

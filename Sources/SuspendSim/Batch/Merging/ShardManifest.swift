import Foundation

/// `shard.csv`, which a `--shard K/N` run writes beside its `summary.csv` so that
/// `suspendsim merge` can check its shards belong together and put their rows back in order:
/// `ShardColumn`'s `batch,shard,shards,units,survival,whatif_key,whatif_baseline` (the plan's
/// fingerprint in hex, K, N, the whole batch's number of units, whether the batch writes
/// `survival.csv`, and its what-if's KEY and baseline (SPEC 25), empty without one, so that
/// `merge` writes `whatif.csv` as `run` would have), `inputs_sha256`: the SHA-256 of the
/// list of every input file's SHA-256 (`inputsDigest(_:)`), so that shards run against two
/// versions of a scenario, an included list or a trace are not merged (SPEC 35), and
/// `assumptions_sha256`, the SHA-256 of the assumption table the shard ran with (SPEC 36: shards
/// whose tables differ do not merge).
package struct ShardManifest: Sendable, Hashable {

    /// The batch's fingerprint (`BatchPlan.fingerprint`).
    package var batch: UInt64
    /// Which shard.
    package var shard: BatchShard
    /// The whole batch's number of units.
    package var units: Int
    /// Whether the batch has a `survival.csv`.
    package var survival: Bool
    /// The batch's what-if (SPEC 25), whose `focus_runs.csv` the shard wrote.
    package var whatIf: WhatIf?
    /// The content hash of the files the shard read (`inputsDigest(_:)`).
    package var inputs: String
    /// The SHA-256 of the assumption table the shard ran with (`AssumptionTable.shippedSHA256`).
    package var assumptionsSHA256: String

    /// A manifest of `shard` of the batch `batch` of `units` units.
    package init(
        batch: UInt64, shard: BatchShard, units: Int, survival: Bool, whatIf: WhatIf? = nil, inputs: String,
        assumptionsSHA256: String
    ) {
        self.inputs = inputs
        self.assumptionsSHA256 = assumptionsSHA256
        self.batch = batch
        self.shard = shard
        self.units = units
        self.survival = survival
        self.whatIf = whatIf
    }

    /// Writes `shard.csv` into `folder`, atomically.
    func write(toFolder folder: String) throws {
        try AtomicCSVFile.write([self], header: ShardColumn.header, toPath: BatchReportFile.shard.path(in: folder)) { manifest, bytes in
            ShardColumn.appendRow(to: &bytes) { column, bytes in
                switch column {
                case .batch:
                    let hex = String(manifest.batch, radix: 16)
                    CSVFormatting.appendField(String(repeating: "0", count: 16 - hex.count) + hex, to: &bytes)
                case .shard: CSVFormatting.appendInteger(manifest.shard.index, to: &bytes)
                case .shards: CSVFormatting.appendInteger(manifest.shard.count, to: &bytes)
                case .units: CSVFormatting.appendInteger(manifest.units, to: &bytes)
                case .survival: CSVFormatting.appendBool(manifest.survival, to: &bytes)
                case .whatIfKey: if let whatIf = manifest.whatIf { CSVFormatting.appendField(whatIf.key, to: &bytes) }
                case .whatIfBaseline: if let whatIf = manifest.whatIf { CSVFormatting.appendField(whatIf.baseline, to: &bytes) }
                case .inputsSHA256: CSVFormatting.appendField(manifest.inputs, to: &bytes)
                case .assumptionsSHA256: CSVFormatting.appendField(manifest.assumptionsSHA256, to: &bytes)
                }
            }
        }
    }

    /// Reads `folder`'s `shard.csv`.
    ///
    /// - Throws: `MergeError` when it is missing or not a manifest.
    static func read(folder: String) throws(MergeError) -> ShardManifest {
        let path = BatchReportFile.shard.path(in: folder)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw MergeError("\(path): no such file; is \(folder) the output of a run with --shard?")
        }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        let fields = lines.count == 2 && lines[0] == ShardColumn.header
            ? lines[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init) : []
        guard fields.count == ShardColumn.allCases.count, let batch = UInt64(fields[0], radix: 16), let index = Int(fields[1]),
              let count = Int(fields[2]), let shard = BatchShard(index: index, count: count),
              let units = Int(fields[3]), units >= 0, let survival = Bool(fields[4])
        else {
            throw MergeError("\(path): not a shard manifest (expected the header \(ShardColumn.header) and one row)")
        }
        let whatIf = fields[5].isEmpty ? nil : WhatIf(key: fields[5], baseline: fields[6])
        return ShardManifest(batch: batch, shard: shard, units: units, survival: survival, whatIf: whatIf,
                             inputs: fields[7], assumptionsSHA256: fields[8])
    }

    /// The SHA-256 of the lines `<SHA-256 of the file's bytes>\n`, one per file of `files` in
    /// order (a file that cannot be read counts as `unreadable`).
    static func inputsDigest(_ files: [String]) -> String {
        let lines = files.map { file in
            (FileManager.default.contents(atPath: file).map { InputDigest.sha256($0) } ?? "unreadable") + "\n"
        }
        return InputDigest.sha256(Array(lines.joined().utf8))
    }
}

/// Why shards could not be merged.
package struct MergeError: Error, Sendable, CustomStringConvertible {
    /// What is wrong, for people.
    package var description: String
    init(_ description: String) { self.description = description }
}

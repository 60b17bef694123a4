/// A finished batch's `summary.csv`, read back for SPEC 21's comparisons: its header, its rows
/// as text, and which columns are the sweep's (those after `kills_per_use_hour`).
struct SummaryTable {
    var path: String
    var header: [String]
    var rows: [[String]]

    /// Reads `path`.
    ///
    /// - Throws: `ComparisonError.invalid` when it cannot be read or is not a `summary.csv` of
    ///   this version (no `kills_per_hour` column, a row of another width).
    init(path: String) throws(ComparisonError) {
        let records: [[String]]
        do {
            records = try CSVRecordReader(path: path).textRecords()
        } catch {
            throw .invalid(error.description)
        }
        guard let header = records.first, header.contains(SummaryColumn.killsPerHour.rawValue) else {
            throw .invalid("\(path) is not a \(BatchReportFile.summary.fileName) with \(SummaryColumn.killsPerHour.rawValue) (SPEC 21); run the batch again")
        }
        for (index, row) in records.dropFirst().enumerated() where row.count != header.count {
            throw .invalid("\(path):\(index + 2): \(row.count) fields, the header has \(header.count)")
        }
        self.init(path: path, header: header, rows: Array(records.dropFirst()))
    }

    init(path: String, header: [String], rows: [[String]]) {
        self.path = path
        self.header = header
        self.rows = rows
    }

    /// The sweep columns: every column after `frozen_mb_written` (a folder written before it
    /// existed: after `kills_per_use_hour`, or before that after `kills_per_hour`), in file order.
    var sweepColumns: [String] {
        guard let last = Self.lastMetricIndex(header) else { return [] }
        return Array(header[(last + 1)...])
    }

    /// The index of the last column before the sweep's in a `summary.csv` header:
    /// `SummaryColumn.lastMetric`, else `kills_per_use_hour`, else `kills_per_hour` (SPEC 21's
    /// first boundary); nil when it has none.
    static func lastMetricIndex(_ header: [String]) -> Int? {
        header.firstIndex(of: SummaryColumn.lastMetric.rawValue) ?? header.firstIndex(of: SummaryColumn.killsPerUseHour.rawValue)
            ?? header.firstIndex(of: SummaryColumn.killsPerHour.rawValue)
    }

    /// The seed of the comparison files' bootstrap (`RatioBootstrap`): the `seed` of the first
    /// run that has one, which `run` derived from the batch's seed (`BatchSeed`); 0 when no
    /// run has a seed. The folder records no `--seed`, but its runs' seeds come from it, so
    /// `run`, `report` and `merge` read the same value from the same `summary.csv`.
    var bootstrapSeed: UInt64 {
        guard let column = column(.seed) else { return 0 }
        return rows.lazy.compactMap { UInt64($0[column]) }.first ?? 0
    }

    /// The keys a comparison may group by (SPEC 21): `scenario`, `policy` and the sweep columns.
    var groupingKeys: [String] { [SummaryColumn.scenario, .policy].map(\.rawValue) + sweepColumns }

    /// The column index of `name`.
    func column(_ name: String) -> Int? { header.firstIndex(of: name) }

    /// The column index of `column`.
    func column(_ column: SummaryColumn) -> Int? { self.column(column.rawValue) }

    /// The distinct values of `column`, in order of first appearance.
    func distinctValues(of column: String) -> [String] {
        guard let index = self.column(column) else { return [] }
        var seen: Set<String> = []
        return rows.compactMap { seen.insert($0[index]).inserted ? $0[index] : nil }
    }

    /// The distinct values of `column`, in order of first appearance.
    func distinctValues(of column: SummaryColumn) -> [String] { distinctValues(of: column.rawValue) }
}

/// Why SPEC 21's comparison files cannot be written.
package enum ComparisonError: Error, Sendable, CustomStringConvertible {
    /// A command-line mistake (exit 64): an unknown or repeated key, an unknown baseline.
    case usage(String)
    /// Bad input (exit 2): a summary that cannot be read, two runs of one policy with the same
    /// identity.
    case invalid(String)

    package var description: String {
        switch self {
        case .usage(let message), .invalid(let message): message
        }
    }
}

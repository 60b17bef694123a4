import Foundation
@testable import SuspendSim

/// `summary.csv`'s rows as text, keyed by run: the tests that hold every path to one answer
/// compare rows written by different commands cell by cell.
struct SummaryRows: Equatable, CustomStringConvertible {
    /// `SummaryColumn`'s columns, before any sweep column: the cells every path writes.
    static let columns = SummaryColumn.names

    /// Each run's cells in `columns`' order, by `key(_:)`.
    var rows: [String: [String]]

    /// The rows of `folder/summary.csv`.
    init(folder: URL) throws {
        try self.init(csv: String(contentsOf: folder.appendingPathComponent("summary.csv"), encoding: .utf8))
    }

    /// The rows of a `summary.csv` text. A run is named by its scenario, policy, seed,
    /// replicate and sweep cells other than `policy` (which the `policy` column already
    /// holds) and empty ones (a batch of several files has the union of their sweep columns),
    /// so that a run made with `--set policy=...` and the same run made alone, or
    /// under `--policy all`, have one key.
    init(csv: String) throws {
        let lines = csv.split(separator: "\n", omittingEmptySubsequences: true).map(Self.cells)
        guard let header = lines.first, Array(header.prefix(Self.columns.count)) == Self.columns else {
            throw Unreadable(description: "not a summary.csv: \(csv.prefix(200))")
        }
        var rows: [String: [String]] = [:]
        for line in lines.dropFirst() {
            guard line.count == header.count else { throw Unreadable(description: "a row of \(line.count) cells: \(line)") }
            let base = Array(line.prefix(Self.columns.count))
            let sweep = zip(header, line).dropFirst(Self.columns.count).filter { $0.0 != "policy" && !$0.1.isEmpty }.map { "\($0.0)=\($0.1)" }
            let key = Self.key(base, sweep: sweep)
            guard rows[key] == nil else { throw Unreadable(description: "two rows for run \(key)") }
            rows[key] = base
        }
        self.rows = rows
    }

    /// Rows from `SummaryRow` values (the Swift API's), formatted as `summary.csv` formats them.
    init(_ summaryRows: [SummaryRow]) throws {
        var text = SummaryColumn.header + "\n"
        for row in summaryRows {
            var bytes: [UInt8] = []
            SummaryCSV.append(row, to: &bytes)
            text += String(decoding: bytes, as: UTF8.self) + "\n"
        }
        try self.init(csv: text)
    }

    /// A run's key: scenario, policy, seed and replicate, then its sweep cells.
    static func key(_ base: [String], sweep: [String]) -> String {
        (base.prefix(4) + sweep.sorted()).joined(separator: "|")
    }

    /// The cells of one line; summary.csv quotes no field in these tests' scenarios, which the
    /// caller's column count check would catch.
    private static func cells(_ line: Substring) -> [String] {
        line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }

    var description: String {
        rows.keys.sorted().map { "\($0): \(rows[$0]!.joined(separator: ","))" }.joined(separator: "\n")
    }

    struct Unreadable: Error, CustomStringConvertible {
        var description: String
    }
}

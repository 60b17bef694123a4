#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `Reports/comparison.csv`, written by `suspendsim run --policy all`: one row per scenario
/// and built-in policy, in the order the scenarios were given, then policy order, with
/// `ComparisonColumn`'s columns. Numbers follow SPEC 8 as in `summary.csv`.
package enum ComparisonCSV {
    /// Writes `rows` to the file at `path` atomically (a temporary file renamed over it).
    package static func write(_ rows: [SummaryRow], toPath path: String) throws {
        try AtomicCSVFile.write(rows, header: ComparisonColumn.header, toPath: path) { row, bytes in
            ComparisonColumn.appendRow(to: &bytes) { column, bytes in
                SummaryCSV.appendField(column.summaryColumn, of: row, to: &bytes)
            }
        }
    }
}

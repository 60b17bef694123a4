#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `Reports/comparison.csv`, written by `suspendsim run --policy all`: one row per scenario
/// and built-in policy, in the order the scenarios were given, then policy order, with
/// `ComparisonColumn`'s columns. Numbers follow SPEC 8 as in `summary.csv`.
package enum ComparisonCSV {
    /// Writes `rows` to `url` atomically (a temporary file renamed over it).
    public static func write(_ rows: [SummaryRow], to url: URL) throws {
        try AtomicCSVFile.write(rows, header: ComparisonColumn.header, toPath: url.path) { row, bytes in
            ComparisonColumn.appendRow(to: &bytes) { column, bytes in
                SummaryCSV.appendField(column.summaryColumn, of: row, to: &bytes)
            }
        }
    }
}

/// `comparison.csv`'s columns: some of `summary.csv`'s, in another order, written as there.
enum ComparisonColumn: String, CSVColumns {
    case scenario, policy
    case pressureKills = "pressure_kills"
    case stateLosses = "state_losses"
    case coldLaunches = "cold_launches"
    case warmLaunches = "warm_launches"
    case hotLaunchRatio = "hot_launch_ratio"
    case minFree = "min_free_mb"

    /// The same column of `summary.csv` (each has one: `ReportColumnsTests` checks).
    var summaryColumn: SummaryColumn { SummaryColumn(rawValue: rawValue)! }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `Reports/comparison.csv`, written by `suspendsim run --policy all`: one row per scenario
/// and built-in policy, in the order the scenarios were given, then policy order:
/// `scenario,policy,pressure_kills,state_losses,cold_launches,warm_launches,hot_launch_ratio,min_free_mb`.
/// Numbers follow SPEC 8 as in `summary.csv`.
package enum ComparisonCSV {
    static let header = "scenario,policy,pressure_kills,state_losses,cold_launches,warm_launches,hot_launch_ratio,min_free_mb"

    /// Writes `rows` to `url` atomically (a temporary file renamed over it).
    public static func write(_ rows: [SummaryRow], to url: URL) throws {
        try AtomicCSVFile.write(rows, header: header, toPath: url.path) { row, bytes in
            CSVFormatting.appendField(row.scenario, to: &bytes)
            bytes.append(CSVFormatting.comma)
            CSVFormatting.appendField(row.policy, to: &bytes)
            for count in [row.pressureKills, row.stateLosses, row.coldLaunches, row.warmLaunches] {
                bytes.append(CSVFormatting.comma)
                CSVFormatting.appendInteger(count, to: &bytes)
            }
            bytes.append(CSVFormatting.comma)
            let launches = row.coldLaunches + row.warmLaunches
            if launches > 0 { CSVFormatting.appendRatio(row.warmLaunches, of: launches, to: &bytes) }
            bytes.append(CSVFormatting.comma)
            CSVFormatting.appendMB(row.minFreeKiB, to: &bytes)
        }
    }
}

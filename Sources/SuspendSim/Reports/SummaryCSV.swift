#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `Reports/summary.csv` (SPEC 8): one row per run of a batch,
/// `scenario,policy,seed,replicate,apps,events,cold_launches,warm_launches,hot_launch_ratio,pressure_kills,state_losses,min_free_mb`.
///
/// - `seed` and `replicate` are empty when nil.
/// - `hot_launch_ratio` is warm / (cold + warm) as a Double, printed as C's
///   `printf("%.3f")` prints it (SPEC 8); empty when there was no launch.
/// - `min_free_mb` is `SimulationResult.minFreeKiB` in MB.
package enum SummaryCSV {
    static let header =
        "scenario,policy,seed,replicate,apps,events,cold_launches,warm_launches,hot_launch_ratio,pressure_kills,state_losses,min_free_mb"

    /// Writes `rows`, in the order given, to `url`: into a temporary file next to it, then
    /// renamed over it, so readers see the old file or the new one, never half of one.
    /// Creates missing parent folders.
    ///
    /// - Throws: `ReportError` naming the path and the system's error; the temporary file
    ///   is removed.
    /// - Complexity: O(rows)
    public static func write(_ rows: [SummaryRow], to url: URL) throws {
        try write(rows, toPath: url.path)
    }

    static func write(_ rows: [SummaryRow], toPath target: String) throws {
        try AtomicCSVFile.write(rows, header: header, toPath: target, row: append)
    }

    /// Appends one row's fields (without the line end).
    static func append(_ row: SummaryRow, to bytes: inout CSVRowWriter) {
        CSVFormatting.appendField(row.scenario, to: &bytes)
        bytes.append(CSVFormatting.comma)
        CSVFormatting.appendField(row.policy, to: &bytes)
        bytes.append(CSVFormatting.comma)
        if let seed = row.seed { CSVFormatting.appendUnsigned(seed, to: &bytes) }
        bytes.append(CSVFormatting.comma)
        if let replicate = row.replicate { CSVFormatting.appendInteger(replicate, to: &bytes) }
        for count in [row.apps, row.events, row.coldLaunches, row.warmLaunches] {
            bytes.append(CSVFormatting.comma)
            CSVFormatting.appendInteger(count, to: &bytes)
        }
        bytes.append(CSVFormatting.comma)
        let launches = row.coldLaunches + row.warmLaunches
        if launches > 0 {
            CSVFormatting.appendRatio(row.warmLaunches, of: launches, to: &bytes)
        }
        for count in [row.pressureKills, row.stateLosses] {
            bytes.append(CSVFormatting.comma)
            CSVFormatting.appendInteger(count, to: &bytes)
        }
        bytes.append(CSVFormatting.comma)
        CSVFormatting.appendMB(row.minFreeKiB, to: &bytes)
    }
}

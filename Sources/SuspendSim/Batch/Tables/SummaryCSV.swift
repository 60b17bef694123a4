#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `Reports/summary.csv` (SPEC 8): one row per run of a batch, `SummaryColumn`'s columns
/// (then a batch's sweep columns).
///
/// - `seed` and `replicate` are empty when nil.
/// - `hot_launch_ratio` is warm / (cold + warm) as a Double, printed as C's
///   `printf("%.3f")` prints it (SPEC 8); empty when there was no launch.
/// - `min_free_mb` is `SimulationResult.minFreeKiB` in MB.
/// - `launch_wait_s` is the apps' launch waits added up (SPEC 17).
/// - `duration_s` is the run's length and `kills_per_hour` its pressure kills per hour (SPEC 21).
/// - `launch_wait_p50_s` and `launch_wait_p95_s` are nearest-rank percentiles of the run's
///   launches' waits (`LaunchWaits`), empty without a launch; `kills_per_use_hour` is its
///   pressure kills per hour that an app was frontmost, empty when none was.
/// - `freezes`, `thaws` and `frozen_mb_written` are the freezer's acts and what it wrote
///   (SPEC 37). The sweep columns are the columns after them (`SummaryColumn.lastMetric`).
package enum SummaryCSV {

    /// Writes `rows`, in the order given, to the file at `target`: into a temporary file next
    /// to it, then renamed over it, so readers see the old file or the new one, never half of
    /// one. Creates missing parent folders.
    ///
    /// - Throws: `ReportWriter.Error` naming the path and the system's error; the temporary file
    ///   is removed.
    /// - Complexity: O(rows)
    package static func write(_ rows: [SummaryRow], toPath target: String) throws {
        try AtomicCSVFile.write(rows, header: SummaryColumn.header, toPath: target, row: append)
    }

    /// Appends one row's fields (without the line end).
    static func append(_ row: SummaryRow, to bytes: inout some CSVByteSink) {
        SummaryColumn.appendRow(to: &bytes) { column, bytes in appendField(column, of: row, to: &bytes) }
    }

    /// Appends `row`'s field in `column` (`comparison.csv` takes some of the same fields).
    static func appendField(_ column: SummaryColumn, of row: SummaryRow, to bytes: inout some CSVByteSink) {
        switch column {
        case .scenario: CSVFormatting.appendField(row.run.scenario, to: &bytes)
        case .policy: CSVFormatting.appendField(row.run.policy, to: &bytes)
        case .seed: if let seed = row.run.seed { CSVFormatting.appendUnsigned(seed, to: &bytes) }
        case .replicate: if let replicate = row.run.replicate { CSVFormatting.appendInteger(replicate, to: &bytes) }
        case .apps: CSVFormatting.appendInteger(row.extent.apps, to: &bytes)
        case .events: CSVFormatting.appendInteger(row.extent.events, to: &bytes)
        case .coldLaunches: CSVFormatting.appendInteger(row.launches.cold, to: &bytes)
        case .warmLaunches: CSVFormatting.appendInteger(row.launches.warm, to: &bytes)
        case .hotLaunchRatio: row.appendHotLaunchRatio(to: &bytes)
        case .pressureKills: CSVFormatting.appendInteger(row.memory.pressureKills, to: &bytes)
        case .stateLosses: CSVFormatting.appendInteger(row.memory.stateLosses, to: &bytes)
        case .minFree: CSVFormatting.appendMB(row.memory.minFreeKiB, to: &bytes)
        case .launchWait: CSVFormatting.appendSeconds(row.launches.waitMs, to: &bytes)
        case .duration: CSVFormatting.appendSeconds(row.extent.durationMs, to: &bytes)
        case .killsPerHour: row.appendKillsPerHour(to: &bytes)
        case .launchWaitP50: if let wait = row.launches.waitP50Ms { CSVFormatting.appendSeconds(wait, to: &bytes) }
        case .launchWaitP95: if let wait = row.launches.waitP95Ms { CSVFormatting.appendSeconds(wait, to: &bytes) }
        case .killsPerUseHour: row.appendKillsPerUseHour(to: &bytes)
        case .freezes: CSVFormatting.appendInteger(row.memory.freezes, to: &bytes)
        case .thaws: CSVFormatting.appendInteger(row.memory.thaws, to: &bytes)
        case .frozenMBWritten: CSVFormatting.appendMB(row.memory.frozenWrittenKiB, to: &bytes)
        }
    }
}

extension SummaryRow {
    /// Appends `kills_per_hour` (SPEC 21): `pressure_kills × 3600000 / duration in ms`, in
    /// double precision in that order, as C's `printf("%.3f")` prints it; nothing when the run
    /// lasted 0 ms.
    func appendKillsPerHour(to bytes: inout some CSVByteSink) {
        guard extent.durationMs > .zero else { return }
        CSVFormatting.appendFixed3(Double(memory.pressureKills) * 3_600_000 / Double(extent.durationMs.count), to: &bytes)
    }

    /// Appends `kills_per_use_hour`: `pressure_kills × 3600000 / frontmost ms`, in double
    /// precision in that order, as `kills_per_hour` is; nothing when no app was frontmost.
    func appendKillsPerUseHour(to bytes: inout some CSVByteSink) {
        guard extent.foregroundMs > .zero else { return }
        CSVFormatting.appendFixed3(Double(memory.pressureKills) * 3_600_000 / Double(extent.foregroundMs.count), to: &bytes)
    }

    /// Appends `hot_launch_ratio` (SPEC 8): warm / (cold + warm) as C's `printf("%.3f")`
    /// prints the Double; nothing when there was no launch.
    func appendHotLaunchRatio(to bytes: inout some CSVByteSink) {
        let total = launches.cold + launches.warm
        if total > 0 { CSVFormatting.appendRatio(launches.warm, of: total, to: &bytes) }
    }
}

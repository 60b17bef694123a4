/// A metric's name in words for a chart's title and axis (SPEC 15 "Labels, styles, legends":
/// words, never column names): the columns of `whatif.csv`'s `metric` (SPEC 25: an app's exit
/// counts, launches, launch wait and kill) and of SPEC 21's run metrics.
///
/// | column | words |
/// |---|---|
/// | an exit category (`background_memory_pressure`) | "background memory pressure exits" |
/// | `cold_launches`, `warm_launches` | "cold launches", "warm launches" |
/// | `launch_wait_s` | "launch wait (s)" |
/// | `killed` | "runs with a kill" |
/// | `pressure_kills`, `kills_per_hour`, `hot_launch_ratio`, `state_losses`, `min_free_mb` | "pressure kills", "kills per hour", "hot-launch ratio", "state losses", "lowest free memory (MB)" |
///
/// A column the table does not know is written with spaces for its underscores.
enum MetricWords {
    static func text(_ column: String) -> String {
        if let words = table[column] { return words }
        if KillReason.ExitCategory(rawValue: column) != nil { return column.replacingOccurrences(of: "_", with: " ") + " exits" }
        return column.replacingOccurrences(of: "_", with: " ")
    }

    private static let table: [String: String] = [
        WhatIfAppMetric.coldLaunches.rawValue: "cold launches",
        WhatIfAppMetric.warmLaunches.rawValue: "warm launches",
        WhatIfAppMetric.launchWait.rawValue: "launch wait (s)",
        WhatIfAppMetric.killed.rawValue: "runs with a kill",
        SummaryColumn.pressureKills.rawValue: "pressure kills",
        SummaryColumn.killsPerHour.rawValue: "kills per hour",
        SummaryColumn.hotLaunchRatio.rawValue: "hot-launch ratio",
        SummaryColumn.stateLosses.rawValue: "state losses",
        SummaryColumn.minFree.rawValue: "lowest free memory (MB)",
    ]
}

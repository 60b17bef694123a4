// The columns of the files in a batch's output folder (SPEC 8, 14, 17, 18, 21), each declared
// once, beside `BatchReportFile`, whose cases hand them out: the writers (`SummaryCSV`,
// `SurvivalCSV`, `BatchExitsCSV`, `ObservedCSV`, `ComparisonCSV`, `GroupsTable`,
// `PairedTable`, `ShardManifest`), `merge` and the readers (the page, `explain`) name a column
// by its case, never by a string; `docs/reports.md` and `docs/batch-runs.md` describe them.

/// `summary.csv`'s columns (SPEC 8, 17, 21), before any sweep columns.
enum SummaryColumn: String, CSVColumns {
    case scenario, policy, seed, replicate, apps, events
    case coldLaunches = "cold_launches"
    case warmLaunches = "warm_launches"
    case hotLaunchRatio = "hot_launch_ratio"
    case pressureKills = "pressure_kills"
    case stateLosses = "state_losses"
    case minFree = "min_free_mb"
    case launchWait = "launch_wait_s"
    case duration = "duration_s"
    case killsPerHour = "kills_per_hour"
    case launchWaitP50 = "launch_wait_p50_s"
    case launchWaitP95 = "launch_wait_p95_s"
    case killsPerUseHour = "kills_per_use_hour"
    // SPEC 37: the freezer's acts, which are not metrics of SPEC 21 or 25.
    case freezes, thaws
    case frozenMBWritten = "frozen_mb_written"

    /// The last column before the sweep columns (SPEC 21's boundary, moved from
    /// `kills_per_hour` by the launch percentiles and `kills_per_use_hour`, then by SPEC 37's
    /// freezer columns): the last case, so that a column added at the end moves it too.
    static let lastMetric = allCases[allCases.count - 1]

    /// The metrics SPEC 21 compares (`groups.csv`, `paired.csv`), in its order.
    static let compared: [SummaryColumn] = [.pressureKills, .killsPerHour, .hotLaunchRatio, .launchWait, .stateLosses, .minFree]
}

/// `survival.csv`'s columns (SPEC 14, and SPEC 19's `launched` and the survival rate among the
/// runs that launched the app, then the task grants per run of SPEC 28, then SPEC 41's kills by
/// mechanism and the freezer's acts), before any sweep columns. A shard's file names the means `total_...`
/// (`shardName`): it holds totals, which `merge` adds up (`total`, beside `SurvivalTally`).
enum SurvivalColumn: String, CSVColumns {
    case scenario, policy, app, runs, survived
    case survivalRate = "survival_rate"
    case ciLow = "ci_low"
    case ciHigh = "ci_high"
    case neverKilled = "never_killed"
    case neverKilledRate = "never_killed_rate"
    case neverKilledCILow = "never_killed_ci_low"
    case neverKilledCIHigh = "never_killed_ci_high"
    case meanPressureKills = "mean_pressure_kills"
    case meanColdLaunches = "mean_cold_launches"
    case meanWarmLaunches = "mean_warm_launches"
    case launched
    case launchedSurvivalRate = "launched_survival_rate"
    case launchedCILow = "launched_ci_low"
    case launchedCIHigh = "launched_ci_high"
    /// Refresh and processing task grants per run (SPEC 28's `survivors.csv` columns, as means).
    case refreshRunsMean = "refresh_runs_mean"
    case processingRunsMean = "processing_runs_mean"
    /// Student's 95 % interval of the pressure kills per run (SPEC 41, computed as SPEC 21's).
    case pressureKillsCILow = "pressure_kills_ci_low"
    case pressureKillsCIHigh = "pressure_kills_ci_high"
    /// The app's `evictions.csv` rows per run with each trigger (SPEC 41); `limit` counts the
    /// per-process-limit kills, which are not pressure kills.
    case reaperKillsMean = "reaper_kills_mean"
    case idleKillsMean = "idle_kills_mean"
    case criticalKillsMean = "critical_kills_mean"
    case minfreeKillsMean = "minfree_kills_mean"
    case pageshortageKillsMean = "pageshortage_kills_mean"
    case limitKillsMean = "limit_kills_mean"
    /// The freezer's freezes (a refreeze counts) and thaws of the app per run (SPEC 37, 41).
    case freezesMean = "freezes_mean"
    case thawsMean = "thaws_mean"

    /// The column's name in a shard's file: `total_...` for the means, and for the pressure
    /// kills' lower bound the sum of their squares per run, from which `merge` computes the
    /// interval (the upper bound's column holds the shard's own, as the Wilson bounds do).
    var shardName: String {
        switch self {
        case .meanPressureKills: "total_pressure_kills"
        case .meanColdLaunches: "total_cold_launches"
        case .meanWarmLaunches: "total_warm_launches"
        case .refreshRunsMean: "total_refresh_runs"
        case .processingRunsMean: "total_processing_runs"
        case .pressureKillsCILow: "total_pressure_kill_squares"
        case .reaperKillsMean: "total_reaper_kills"
        case .idleKillsMean: "total_idle_kills"
        case .criticalKillsMean: "total_critical_kills"
        case .minfreeKillsMean: "total_minfree_kills"
        case .pageshortageKillsMean: "total_pageshortage_kills"
        case .limitKillsMean: "total_limit_kills"
        case .freezesMean: "total_freezes"
        case .thawsMean: "total_thaws"
        case .scenario, .policy, .app, .runs, .survived, .survivalRate, .ciLow, .ciHigh, .neverKilled, .neverKilledRate,
             .neverKilledCILow, .neverKilledCIHigh, .launched, .launchedSurvivalRate, .launchedCILow, .launchedCIHigh,
             .pressureKillsCIHigh:
            rawValue
        }
    }
}

/// A batch's `exits.csv` columns (SPEC 17), before any sweep columns: the run file's exit
/// columns as means per run, then `mean_launch_wait_s`. A shard's file names the totals
/// `total_...` (`shardName`).
enum BatchExitColumn: CSVColumns, Hashable {
    case scenario, policy, app, runs
    case exit(KillReason.ExitCategory)
    case meanLaunchWait

    static let allCases: [BatchExitColumn] =
        [.scenario, .policy, .app, .runs] + KillReason.ExitCategory.allCases.map { .exit($0) } + [.meanLaunchWait]

    init?(rawValue: String) {
        guard let column = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = column
    }

    var rawValue: String {
        switch self {
        case .scenario: "scenario"
        case .policy: "policy"
        case .app: "app"
        case .runs: "runs"
        case .exit(let category): category.rawValue
        case .meanLaunchWait: "mean_launch_wait_s"
        }
    }

    /// The column's name in a shard's file: `total_...` for the means (the launch wait in ms).
    var shardName: String {
        switch self {
        case .scenario, .policy, .app, .runs: rawValue
        case .exit(let category): "total_" + category.rawValue
        case .meanLaunchWait: "total_launch_wait_ms"
        }
    }

    /// Whether a shard's file holds a total in this column, which `merge` adds up (`runs` is
    /// added apart).
    var isTotal: Bool {
        switch self {
        case .scenario, .policy, .app, .runs: false
        case .exit, .meanLaunchWait: true
        }
    }
}

/// `observed.csv`'s columns (SPEC 18, 26), before any sweep columns.
enum ObservedColumn: String, CSVColumns {
    case scenario, policy, counter, observed
    /// The field's own 95 % interval (Garwood's, SPEC 26); empty for the seconds.
    case observedCILow = "observed_ci_low"
    case observedCIHigh = "observed_ci_high"
    case simulatedMean = "simulated_mean"
    case ciLow = "ci_low"
    case ciHigh = "ci_high"
    case runs
}

/// The columns of a shard's `observed.csv`: the exact sums (`total`, `total_squares`) in place
/// of the mean and its interval, which `merge` computes from the sums added up. The field's
/// interval is the same in every shard, and `merge` copies it.
enum ObservedShardColumn: String, CSVColumns {
    case scenario, policy, counter, observed
    case observedCILow = "observed_ci_low"
    case observedCIHigh = "observed_ci_high"
    case total
    case totalSquares = "total_squares"
    case runs

    /// The single run's column of the same name, whose cell this one holds; the sums
    /// (`total`, `total_squares`) have none (`ReportColumnsTests` checks).
    var singleRunColumn: ObservedColumn! { ObservedColumn(rawValue: rawValue) }
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

/// `groups.csv`'s columns (SPEC 21), after the KEYS: `runs`, then for each compared metric of
/// `summary.csv` its mean and the mean's interval, `M_mean,M_ci_low,M_ci_high`.
enum GroupsColumn: CSVColumns, Hashable {
    case runs
    case mean(SummaryColumn)
    case ciLow(SummaryColumn)
    case ciHigh(SummaryColumn)

    static let allCases: [GroupsColumn] = [.runs] + SummaryColumn.compared.flatMap { [.mean($0), .ciLow($0), .ciHigh($0)] }

    init?(rawValue: String) {
        guard let column = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = column
    }

    var rawValue: String {
        switch self {
        case .runs: "runs"
        case .mean(let metric): metric.rawValue + "_mean"
        case .ciLow(let metric): metric.rawValue + "_ci_low"
        case .ciHigh(let metric): metric.rawValue + "_ci_high"
        }
    }
}

/// `paired.csv`'s columns (SPEC 21), after the KEYS other than `policy`: then the paired
/// statistics (`PairedStatistic`).
enum PairedColumn: CSVColumns, Hashable, PairedStatisticColumns {
    case policy, baseline, metric, pairs
    case statistic(PairedStatistic)

    static let allCases: [PairedColumn] = [.policy, .baseline, .metric, .pairs] + PairedStatistic.allCases.map { .statistic($0) }

    init?(rawValue: String) {
        guard let column = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = column
    }

    var rawValue: String {
        switch self {
        case .policy: "policy"
        case .baseline: "baseline"
        case .metric: "metric"
        case .pairs: "pairs"
        case .statistic(let statistic): statistic.rawValue
        }
    }
}

/// `focus.csv`'s one column: the focus apps `run` took from the scenarios (SPEC 19), a row each.
enum FocusColumn: String, CSVColumns {
    case app
}

/// `labels.csv`'s columns: a swept value's label (SPEC 15 "Labels"), a row each, in the order
/// of the scenarios and of their `labels:` blocks.
enum LabelsColumn: String, CSVColumns {
    case key, value, label
}

/// A run's identity, the columns before the sweep columns of the per-run tables:
/// `focus_runs.csv` (SPEC 27; `app` and `WhatIfAppMetric`'s columns follow the sweep columns)
/// and `kills.csv` (SPEC 41; `KillsColumn`'s follow).
enum FocusRunsColumn: String, CSVColumns {
    case scenario, policy, seed, replicate
}

/// The per-run metrics of a what-if app (SPEC 25), in order: every exit column of SPEC 17,
/// then `cold_launches`, `warm_launches`, `launch_wait_s` and `killed` (1 when the app had a
/// pressure or other kill).
enum WhatIfAppMetric: CSVColumns, Hashable {
    case exit(KillReason.ExitCategory)
    case coldLaunches, warmLaunches, launchWait, killed

    static let allCases: [WhatIfAppMetric] =
        KillReason.ExitCategory.allCases.map { .exit($0) } + [.coldLaunches, .warmLaunches, .launchWait, .killed]

    init?(rawValue: String) {
        guard let metric = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = metric
    }

    var rawValue: String {
        switch self {
        case .exit(let category): category.rawValue
        case .coldLaunches: "cold_launches"
        case .warmLaunches: "warm_launches"
        case .launchWait: "launch_wait_s"
        case .killed: "killed"
        }
    }
}

/// `whatif.csv`'s columns (SPEC 25), after `scenario,policy` and the sweep columns other than
/// KEY and `trace.user`: then the means at the baseline and at the value, and the paired
/// statistics as in `paired.csv` (`PairedStatistic`).
enum WhatIfColumn: CSVColumns, Hashable, PairedStatisticColumns {
    case key, value, baseline, app, metric, pairs, baselineMean, mean
    case statistic(PairedStatistic)

    static let allCases: [WhatIfColumn] =
        [.key, .value, .baseline, .app, .metric, .pairs, .baselineMean, .mean] + PairedStatistic.allCases.map { .statistic($0) }

    init?(rawValue: String) {
        guard let column = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = column
    }

    var rawValue: String {
        switch self {
        case .key: "key"
        case .value: "value"
        case .baseline: "baseline"
        case .app: "app"
        case .metric: "metric"
        case .pairs: "pairs"
        case .baselineMean: "baseline_mean"
        case .mean: "mean"
        case .statistic(let statistic): statistic.rawValue
        }
    }
}

/// `shard.csv`'s columns (`ShardManifest`).
enum ShardColumn: String, CSVColumns {
    case batch, shard, shards, units, survival
    case whatIfKey = "whatif_key"
    case whatIfBaseline = "whatif_baseline"
    case inputsSHA256 = "inputs_sha256"
    /// The SHA-256 of the assumption table the shard ran with (SPEC 36).
    case assumptionsSHA256 = "assumptions_sha256"
}

/// A batch root's `assumptions.csv` (SPEC 36): `scenario,policy`, the batch's sweep columns
/// but `trace.user`, then a run folder's `assumptions.csv` columns (`AssumptionColumn`).
enum BatchAssumptionColumn: String, CSVColumns {
    case scenario, policy, key, value, unit, origin, source, low, high
}

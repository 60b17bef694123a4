/// The files of a batch's output folder (SPEC 8, 14, 17, 18, 21, 24), each a case that knows its
/// name and its columns: a writer, a reader, `merge`, the page and `explain` ask for
/// `.summary`, never for `"summary.csv"`. The columns are declared in `BatchReportColumns.swift`
/// (`SummaryColumn`, `SurvivalColumn`, ...); a run's own folder has `RunReportFile`'s files.
package enum BatchReportFile: String, CaseIterable, Sendable {
    /// A row per run (SPEC 8, 21).
    case summary = "summary.csv"
    /// Per app, its survival and never-killed rates (SPEC 14, 19).
    case survival = "survival.csv"
    /// Per app, its MetricKit exits and launch wait (SPEC 17).
    case exits = "exits.csv"
    /// The field's counters against the simulated ones (SPEC 18).
    case observed = "observed.csv"
    /// `--policy all`'s comparison of policies (SPEC 8).
    case comparison = "comparison.csv"
    /// The groups of `--by` (SPEC 21).
    case groups = "groups.csv"
    /// The paired comparisons of `--by` (SPEC 21).
    case paired = "paired.csv"
    /// The sweep chart's focus apps that `run` took from the scenarios (SPEC 19).
    case focus = "focus.csv"
    /// Each run's values of the what-if apps (SPEC 27), which `whatif.csv` is computed from.
    case focusRuns = "focus_runs.csv"
    /// The paired what-ifs between sweep points (SPEC 25).
    case whatif = "whatif.csv"
    /// A shard's manifest (`ShardManifest`).
    case shard = "shard.csv"
    /// The scenarios' labels of swept values that `run` took from their `labels:` (SPEC 15).
    case labels = "labels.csv"
    /// What each point of the batch assumed (SPEC 36): the defaults its runs took.
    case assumptions = "assumptions.csv"
    /// Every batch run's terminations with the victim's last steps before them (SPEC 41),
    /// which `explain DIR --app ID` reads.
    case kills = "kills.csv"

    /// The file's name.
    package var fileName: String { rawValue }

    /// Its path in `folder`.
    package func path(in folder: String) -> String { folder + "/" + rawValue }

    /// The file's columns, in file order: in `summary.csv`, `survival.csv`, `exits.csv` and
    /// `observed.csv` the batch's sweep columns follow them, in `groups.csv` and `paired.csv`
    /// they follow the comparison's keys; in `focus_runs.csv` the sweep columns, then `app` and
    /// `WhatIfAppMetric`'s columns follow them, in `whatif.csv` they follow `scenario,policy`
    /// and the other sweep columns (`WhatIfTable`), in `assumptions.csv` they follow
    /// `scenario,policy` too (without `trace.user`, `BatchAssumptionsCSV`).
    package var columns: [String] {
        switch self {
        case .summary: SummaryColumn.names
        case .survival: SurvivalColumn.names
        case .exits: BatchExitColumn.names
        case .observed: ObservedColumn.names
        case .comparison: ComparisonColumn.names
        case .groups: GroupsColumn.names
        case .paired: PairedColumn.names
        case .focus: FocusColumn.names
        case .focusRuns: FocusRunsColumn.names
        case .whatif: WhatIfColumn.names
        case .shard: ShardColumn.names
        case .labels: LabelsColumn.names
        case .assumptions: BatchAssumptionColumn.names
        case .kills: FocusRunsColumn.names
        }
    }

    /// The columns of the file a shard writes (`--shard`), which `merge` reads back: exact
    /// totals where `columns` has means (`survival.csv`, `exits.csv`, `observed.csv`); else
    /// `columns`.
    var shardColumns: [String] {
        switch self {
        case .survival: SurvivalColumn.allCases.map(\.shardName)
        case .exits: BatchExitColumn.allCases.map(\.shardName)
        case .observed: ObservedShardColumn.names
        case .summary, .comparison, .groups, .paired, .focus, .focusRuns, .whatif, .shard, .labels, .assumptions, .kills: columns
        }
    }

    /// The header row: `columns` (a shard's `shardColumns`), then `extra` (the batch's sweep
    /// columns), each quoted where it needs it. `groups.csv` and `paired.csv` put the
    /// comparison's keys before `columns` (`GroupsTable`, `PairedTable`).
    package func header(followedBy extra: [String] = [], shard: Bool = false) -> String {
        var bytes = Array((shard ? shardColumns : columns).joined(separator: ",").utf8)
        for column in extra {
            bytes.append(CSVFormatting.comma)
            CSVFormatting.appendField(column, to: &bytes)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

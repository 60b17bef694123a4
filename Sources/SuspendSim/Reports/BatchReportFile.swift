/// The files of a batch's output folder (SPEC 8, 14, 17, 18, 21, 24), each a case that knows its
/// name: a writer, a reader, `merge`, the page and `explain` ask for `.summary`, never for
/// `"summary.csv"`. The columns of each are declared with its writer (`SummaryColumn`,
/// `SurvivalColumn`, `BatchExitColumn`, `ObservedCSV`, `ComparisonColumn`, and the comparison
/// tables'); a run's own folder has `RunReportFile`'s files.
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
    /// A shard's manifest (`ShardManifest`).
    case shard = "shard.csv"

    /// The file's name.
    package var fileName: String { rawValue }

    /// Its path in `folder`.
    package func path(in folder: String) -> String { folder + "/" + rawValue }
}

/// SPEC 39's files at the top of `--out` (and `sensitivity_runs.csv` in each shard), by name:
/// what `merge` and `report` read and write, beside the batch's other tables.
package enum SensitivityFile: String, CaseIterable, Sendable {
    case runs = "sensitivity_runs.csv"
    case table = "sensitivity.csv"
    case whatIf = "sensitivity_whatif.csv"

    /// Its path in `folder`.
    package func path(in folder: String) -> String { folder + "/" + rawValue }

    /// The columns that name a variant, first in `sensitivity_runs.csv` and
    /// `sensitivity_whatif.csv`.
    static let runsPrefix = ["assumption", "end", "assumption_value"]
}

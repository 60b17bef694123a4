/// Why a batch unit wrote no rows (SPEC 35): its scenario file, the message, and what the
/// command's exit status takes from it. One value, so that a unit that ran has none of it.
struct UnitFailure: Sendable {
    /// The scenario file.
    var path: String
    /// What went wrong, as the command prints it.
    var message: String
    /// The `errno`, when the system gave one (`ReportWriter.Error`).
    var code: Int32? = nil
    /// Whether it is a mistake in the scenario file found only while running (a large JSON
    /// file's streamed events), not a report that could not be written.
    var isInvalidInput = false
}

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

extension UnitFailure {
    /// `error` as the failure of a unit of the scenario file at `path`, with the system's
    /// `errno` when the error is a report that could not be written.
    init(_ path: String, _ error: any Error) {
        self.init(path: path, message: "\(error)", code: (error as? ReportWriter.Error)?.code)
    }
}

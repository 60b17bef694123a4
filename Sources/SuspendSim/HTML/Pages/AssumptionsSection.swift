extension AssumptionReports {
    /// The column names of the section's table.
    static let header = ["key", "value", "unit", "origin", "low", "high", "source"]

    /// "What this answer assumes" (SPEC 36): the defaults the answer hinges on, with their
    /// sources; `batch` says that values are ranges across the batch's points.
    func node(batch: Bool) -> HTMLNode {
        let note = rows.isEmpty
            ? "No default of this answer is estimated or uncertain by more than a quarter; every one is in assumptions.csv."
            : "The defaults this answer took that are estimated, or whose sources allow more than a quarter either way"
                + (batch ? " (values across the batch's points)" : "") + "; every default is in assumptions.csv."
        return .section(id: "assumptions", .h2("What this answer assumes"), .p(class: "note", .text(note)),
                        rows.isEmpty ? .empty : HTMLPage.table(header: Self.header, rows: rows.map {
                            [$0.key, $0.value, $0.unit, $0.origin, $0.low, $0.high, $0.source]
                        }))
    }
}

/// At most `limit` panels for each batch scenario of a page (SPEC 19): a panel is a small
/// chart (a focus app's or a counter's sweep chart, pressure kills or the hot-launch ratio
/// against the sweep) or one sweep point's panel of the survival chart. Panels are granted in
/// order of use: the focus apps' and the calibration charts first, then the per-point charts
/// against the sweep, then the survival panels; the page says how many were left out and that
/// the CSVs have them.
struct PanelBudget {
    /// The most panels one scenario draws.
    static let limit = 24

    /// Panels still to grant.
    private(set) var remaining = limit
    /// Panels asked for and refused.
    private(set) var leftOut = 0

    /// Grants up to `wanted` panels; returns how many.
    mutating func take(_ wanted: Int) -> Int {
        let granted = min(max(wanted, 0), remaining)
        remaining -= granted
        leftOut += max(wanted, 0) - granted
        return granted
    }
}

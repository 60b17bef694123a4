/// A row of the assumption table as one run took it (SPEC 36, "What a run assumed"): its
/// value and range resolved for the run's device (`20% of ram_mb` becomes this phone's MB)
/// and written in the unit's format. The columns of a run folder's `assumptions.csv`.
package struct AssumedRow: Sendable, Hashable {
    package var key: String
    package var value: String
    package var unit: AssumptionUnit
    package var origin: AssumptionOrigin
    package var source: String
    package var low: String
    package var high: String

    package init(key: String, value: String, unit: AssumptionUnit, origin: AssumptionOrigin, source: String, low: String, high: String) {
        self.key = key
        self.value = value
        self.unit = unit
        self.origin = origin
        self.source = source
        self.low = low
        self.high = high
    }

    /// The columns of a run folder's `assumptions.csv`, in order.
    package static let columns = ["key", "value", "unit", "origin", "source", "low", "high"]

    /// The row's cells, in `columns`' order.
    package var cells: [String] { [key, value, unit.rawValue, origin.rawValue, source, low, high] }
}

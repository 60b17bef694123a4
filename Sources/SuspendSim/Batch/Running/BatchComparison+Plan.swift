extension BatchComparison {
    /// SPEC 21's default grouping, from the plan: the keys `defaultKeys(summaryPath:)` reads
    /// from the batch's `summary.csv`, known before anything runs, so that `run` does not read
    /// its own summary back to choose them. Nil unless `summary.csv`'s `trace.user` column
    /// takes more than one value: a batch scenario sweeping it gives each of its users, and
    /// every other scenario an empty cell.
    package static func defaultKeys(plan: BatchPlan) -> [String]? {
        defaultKeys(sweepColumns: plan.columns, severalScenarios: hasSeveralScenarios(plan), traceUserCount: traceUserCells(plan).count)
    }

    /// Every key, as `allKeys(summaryPath:)` reads them from the batch's `summary.csv`:
    /// `scenario` when there are several, `policy`, then every sweep column.
    package static func allKeys(plan: BatchPlan) -> [String] {
        allKeys(sweepColumns: plan.columns, severalScenarios: hasSeveralScenarios(plan))
    }

    /// Whether `summary.csv`'s `scenario` column takes several values: each entry's name.
    private static func hasSeveralScenarios(_ plan: BatchPlan) -> Bool {
        Set(plan.entries.map(\.name)).count > 1
    }

    /// The cells of `summary.csv`'s `trace.user` column: a point's value comes from the axis
    /// that sets it (`PointList`), and is empty for a scenario that has no such axis.
    private static func traceUserCells(_ plan: BatchPlan) -> Set<String> {
        var cells = Set<String>()
        for entry in plan.entries {
            cells.formUnion(entry.axes.first { $0.key == .trace(.user) }?.values ?? [""])
        }
        return cells
    }
}

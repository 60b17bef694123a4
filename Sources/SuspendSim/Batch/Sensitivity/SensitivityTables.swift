/// `sensitivity.csv` and `sensitivity_whatif.csv` (SPEC 39), computed one variant at a time
/// from runs, whichever way the runs came: `run` hands each variant over as soon as it ends
/// (`SensitivityRunner`), `merge` and `report` read them back from `sensitivity_runs.csv`
/// (`SensitivityRunsFile`). Both go through this one type, so the files are the same bytes.
///
/// A table point is a policy and a combination of the sweep columns but `trace.user` (SPEC
/// 25's grouping, users pooled); table points come in the order of the batch's own runs, which
/// is `summary.csv`'s.
struct SensitivityTables {
    /// One scenario's batch runs that the variants are compared with.
    struct Scenario: Sendable {
        var name: String
        /// The what-if apps (SPEC 27), in order.
        var apps: [String]
        /// The batch's own first `R` runs, in `summary.csv`'s order.
        var own: [SensitivityRun]
        /// A single run (SPEC 39): `pairs` 1 with the interval and p-value empty.
        var single: Bool
    }

    private let columns: [String]
    private let whatIf: WhatIf?
    /// The index of `trace.user` among `columns`, left out of a table point.
    private let userColumn: Int?
    private(set) var output = SensitivityRunner.Output()
    /// The current scenario, its table points in order and the rows found at each.
    private var current: Scenario?
    private var points: [[String]] = []
    private var byPoint: [[[String]]] = []
    private var tableRows: [[String]] = []
    private var whatIfRows: [[String]] = []

    /// Tables for a batch with the sweep `columns` and the what-if `whatIf` (nil: none, and no
    /// `sensitivity_whatif.csv`).
    init(columns: [String], whatIf: WhatIf?) {
        self.columns = columns
        self.whatIf = whatIf
        output.columns = columns
        userColumn = columns.firstIndex(of: TraceKey.user.path)
    }

    /// Starts `scenario`: the variants added next are its own.
    mutating func begin(_ scenario: Scenario) {
        finishScenario()
        current = scenario
        output.scenarios.append(scenario)
        points = []
        for run in scenario.own where !points.contains(tablePoint(run)) { points.append(tablePoint(run)) }
        byPoint = Array(repeating: [], count: points.count)
        // whatif.csv was checked against the whole batch; a scenario that does not sweep its
        // key has no rows of it.
        if let whatIf, let records = try? SensitivityComparison.whatIfRecords(
            scenario.own, scenario: scenario.name, apps: scenario.apps, columns: columns, whatIf: whatIf)
        {
            output.ownWhatIf[scenario.name] = records
        }
    }

    /// Adds the variant `key` at `end` (`low` or `high`) of the current scenario: its `runs`
    /// (each with its `assumption_value`), in `summary.csv`'s order.
    mutating func add(key: String, end: String, runs: [SensitivityRun]) throws(ComparisonError) {
        guard let scenario = current, let first = runs.first else { return }
        for (index, point) in points.enumerated() {
            let variantRuns = runs.filter { tablePoint($0) == point }
            guard let value = variantRuns.first?.assumptionValue else { continue }
            let rows = try SensitivityComparison.rows(base: scenario.own.filter { tablePoint($0) == point }, variant: variantRuns,
                                                      scenario: scenario.name, apps: scenario.apps, columns: columns)
            let others = rows.first.map { $0.count - 9 } ?? 0
            // A single run (SPEC 39): `pairs` 1, its interval and p-value empty.
            byPoint[index] += rows.map { row in
                Array(row.prefix(others)) + [key, end, value] + Array(row.suffix(9).dropLast(scenario.single ? 1 : 0))
                    + (scenario.single ? [""] : [])
            }
        }
        if let whatIf, let ownWhatIf = output.ownWhatIf[scenario.name] {
            whatIfRows += try SensitivityWhatIf.rows(own: scenario.own, variant: runs, ownRecords: ownWhatIf, scenario: scenario.name,
                                                     apps: scenario.apps, columns: columns, whatIf: whatIf,
                                                     variant: [key, end, first.assumptionValue])
        }
    }

    /// The files' rows, header first (`output.table`, and `output.whatIf` with a what-if).
    mutating func finish() -> SensitivityRunner.Output {
        finishScenario()
        let others = columns.filter { $0 != TraceKey.user.path }
        output.table = [["scenario", "policy"] + others + SensitivityFile.runsPrefix
            + ["app", "metric", "pairs", "baseline_mean", "mean", "mean_diff", "ci_low", "ci_high", "wilcoxon_p"]] + tableRows
        if whatIf != nil, let header = output.ownWhatIf.values.first?.first {
            output.whatIf = [SensitivityFile.runsPrefix + header + ["same_sign"]] + whatIfRows
        }
        return output
    }

    /// Writes `output`'s files into `out`: `sensitivity.csv`, and `sensitivity_whatif.csv` when
    /// the batch has a what-if (else none stands there).
    static func write(_ output: SensitivityRunner.Output, into out: String) throws {
        try AtomicTextFile.write(CSVText.lines(output.table), to: SensitivityFile.table.path(in: out))
        if !output.whatIf.isEmpty {
            try AtomicTextFile.write(CSVText.lines(output.whatIf), to: SensitivityFile.whatIf.path(in: out))
        }
    }

    private mutating func finishScenario() {
        tableRows += byPoint.joined()
        byPoint = []
        current = nil
    }

    /// A run's table point: its policy and sweep values but `trace.user`'s.
    private func tablePoint(_ run: SensitivityRun) -> [String] {
        var values = run.columnValues
        if let userColumn, userColumn < values.count { values.remove(at: userColumn) }
        return [run.identity[1]] + values
    }
}

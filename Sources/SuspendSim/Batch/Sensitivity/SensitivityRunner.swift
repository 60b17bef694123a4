@_spi(Generators) import SuspendSimCore

/// Runs SPEC 39's variants after the batch and writes `sensitivity_runs.csv`,
/// `sensitivity.csv` and, with a what-if, `sensitivity_whatif.csv`.
///
/// A variant (one key at one end) runs on `jobs` threads, at the points where it runs, on
/// the first `R` replicates with the batch's seeds; as soon as it ends its rows go to
/// `sensitivity_runs.csv` and its statistics are computed, and its runs are dropped: memory is
/// the batch's own first `R` runs plus one variant's, whatever the number of keys.
package enum SensitivityRunner {
    /// What the files hold, for the verdict (`SensitivityVerdict`).
    package struct Output: Sendable {
        /// `sensitivity.csv`'s rows, header first.
        package var table: [[String]] = []
        /// `sensitivity_whatif.csv`'s rows, header first; empty without a what-if.
        package var whatIf: [[String]] = []
        /// The what-if's own rows over the batch's first `R` runs (`whatif.csv`'s columns), by
        /// scenario, header first: what `same_sign` compares with.
        package var ownWhatIf: [String: [[String]]] = [:]
        /// The variant runs made.
        package var runs = 0
    }

    /// A variant that could not run at a point (a value the point does not accept).
    package struct Failure: Error, Sendable, CustomStringConvertible {
        package var description: String
    }

    /// Runs `plan`'s variants of `batch` and writes the files into `out`; `base` are the
    /// batch's own runs (`BatchRunner.Output.sensitivityRuns`); `whatIf` is the batch's.
    package static func run(
        _ batch: BatchPlan, _ plan: SensitivityPlan, base: [SensitivityRun], out: String, jobs: Int, whatIf: WhatIf?,
        progress: @escaping @Sendable () -> Void = {}
    ) throws -> Output {
        let runsFile = try AtomicCSVStream(path: SensitivityFile.runs.path(in: out),
                                           header: BatchAssumptionsCSV.csvLine(SensitivityRun.header(sweepColumns: batch.columns)))
        var output = Output()
        var tableRows: [[[String]]] = []  // by (entry, table point), in order
        var whatIfRows: [[String]] = []
        do {
            for run in base {
                guard let entry = plan.entries.first(where: { $0.entry == run.entry }) else { continue }
                append(run.rows(variant: ["", "", ""], apps: entry.apps), to: runsFile)
            }
            for entry in plan.entries {
                let scenario = batch.entries[entry.entry]
                let own = base.filter { $0.entry == entry.entry }
                let tablePoints = scenario.tablePointCount
                var byPoint = [[[String]]](repeating: [], count: tablePoints)
                // whatif.csv was checked against the whole batch; a scenario that does not sweep
                // its key has no rows of it.
                let ownWhatIf = whatIf.flatMap { whatIf in
                    try? SensitivityComparison.whatIfRecords(own, scenario: scenario.name, apps: entry.apps, columns: batch.columns, whatIf: whatIf)
                }
                if let ownWhatIf { output.ownWhatIf[scenario.name] = ownWhatIf }
                for (variant, ends) in entry.ends.enumerated() where ends.contains(where: { $0 != nil }) {
                    let key = entry.keys[variant / 2], end = variant % 2 == 0 ? "low" : "high"
                    let runs = try runVariant(batch, entry: entry, ends: ends, jobs: jobs, progress: progress)
                    output.runs += runs.count
                    for run in runs {
                        append(run.rows(variant: [key, end, ends[run.point]?.value ?? ""], apps: entry.apps), to: runsFile)
                    }
                    for tablePoint in 0..<tablePoints {
                        let inPoint = { (run: SensitivityRun) in (scenario.pooling?.tablePoint(of: run.point) ?? run.point) == tablePoint }
                        let variantRuns = runs.filter(inPoint)
                        guard let first = variantRuns.first, let value = ends[first.point]?.value else { continue }
                        let rows = try SensitivityComparison.rows(base: own.filter(inPoint), variant: variantRuns, scenario: scenario.name,
                                                                  apps: entry.apps, columns: batch.columns)
                        let others = rows.first.map { $0.count - 9 } ?? 0
                        // A single run (SPEC 39): `pairs` 1, its interval and p-value empty.
                        let single = scenario.kind == .single
                        byPoint[tablePoint] += rows.map { Array($0.prefix(others)) + [key, end, value] + Array($0.suffix(9).dropLast(single ? 1 : 0))
                            + (single ? [""] : []) }
                    }
                    if let whatIf, let ownWhatIf {
                        whatIfRows += try SensitivityWhatIf.rows(own: own, variant: runs, ownRecords: ownWhatIf, scenario: scenario.name,
                                                                 apps: entry.apps, columns: batch.columns, whatIf: whatIf,
                                                                 variant: [key, end, ends.compactMap { $0?.value }.first ?? ""])
                    }
                }
                tableRows += byPoint
            }
            try runsFile.commit()
        } catch {
            runsFile.discard()
            throw error
        }
        let others = batch.columns.filter { $0 != TraceKey.user.path }
        output.table = [["scenario", "policy"] + others + SensitivityFile.runsPrefix
            + ["app", "metric", "pairs", "baseline_mean", "mean", "mean_diff", "ci_low", "ci_high", "wilcoxon_p"]] + tableRows.joined()
        try AtomicTextFile.write(CSVText.lines(output.table), to: SensitivityFile.table.path(in: out))
        if whatIf != nil, let header = output.ownWhatIf.values.first?.first {
            output.whatIf = [SensitivityFile.runsPrefix + header + ["same_sign"]] + whatIfRows
            try AtomicTextFile.write(CSVText.lines(output.whatIf), to: SensitivityFile.whatIf.path(in: out))
        }
        return output
    }

    /// Appends `rows` to `file`.
    private static func append(_ rows: [[String]], to file: AtomicCSVStream) {
        for row in rows { file.appendRow(bytes: Array(BatchAssumptionsCSV.csvLine(row).utf8)) }
    }

    /// The runs of one variant: at each point where `ends` says it runs, the first `R`
    /// replicates, with the batch's seeds, in `summary.csv`'s order.
    private static func runVariant(
        _ batch: BatchPlan, entry plan: SensitivityPlan.Entry, ends: [SensitivityPlan.PointEnd?], jobs: Int,
        progress: @escaping @Sendable () -> Void
    ) throws -> [SensitivityRun] {
        let entry = batch.entries[plan.entry]
        let units = ends.indices.filter { ends[$0] != nil }.flatMap { point in (0..<plan.replicates).map { (point, $0) } }
        let results = parallelMap(count: units.count, jobs: jobs) { index -> Result<SensitivityRun, Failure> in
            defer { progress() }
            let (point, replicate) = units[index]
            guard let end = ends[point] else { preconditionFailure("a unit of a point the variant does not run") }
            var scenario: Scenario
            do {
                scenario = try entry.points.scenario(of: point, adding: end.settings)
            } catch {
                return .failure(Failure(description: "\(error)"))
            }
            var seed: UInt64?
            if entry.isRandomized {
                seed = BatchSeed.seed(base: batch.seed, scenario: entry.name, replicate: replicate)
                scenario.seed = seed
            }
            let outcome = Simulation.runKeepingNoRecords(scenario, policy: scenario.policy)
            let row = SummaryRow(result: outcome, seed: seed, replicate: entry.isRandomized ? replicate : nil)
            return .success(SensitivityRun(row, outcomes: outcome.apps, apps: plan.apps, entry: plan.entry, point: point,
                                           columnValues: entry.points[point].columnValues))
        }
        return try results.map { try $0.get() }
    }
}

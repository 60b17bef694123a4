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
        /// The scenarios compared, in the batch's order, and the batch's sweep columns.
        var scenarios: [SensitivityTables.Scenario] = []
        var columns: [String] = []
    }

    /// A variant that could not run at a point (a value the point does not accept).
    package struct Failure: Error, Sendable, CustomStringConvertible {
        package var description: String
    }

    /// Runs `plan`'s variants of `batch` and writes the files into `out`; `base` are the
    /// batch's own runs (`BatchRunner.Output.sensitivityRuns`); `whatIf` is the batch's.
    ///
    /// A shard (`shard`, not the whole batch) runs the variants of its own runs only, the
    /// (point, replicate) pairs of `base`, and writes only `sensitivity_runs.csv`: `merge`
    /// computes the other files from the shards' rows (SPEC 39).
    package static func run(
        _ batch: BatchPlan, _ plan: SensitivityPlan, base: [SensitivityRun], out: String, jobs: Int, whatIf: WhatIf?,
        shard: BatchShard = .whole, progress: @escaping @Sendable () -> Void = {}
    ) throws -> Output {
        let runsFile = try AtomicCSVStream(path: SensitivityFile.runs.path(in: out),
                                           header: BatchAssumptionsCSV.csvLine(SensitivityRun.header(sweepColumns: batch.columns)))
        var tables = SensitivityTables(columns: batch.columns, whatIf: whatIf)
        var variantRuns = 0
        do {
            for run in base {
                guard let entry = plan.entries.first(where: { $0.entry == run.entry }) else { continue }
                append(run.rows(variant: ["", "", ""], apps: entry.apps), to: runsFile)
            }
            for entry in plan.entries {
                let scenario = batch.entries[entry.entry]
                let own = base.filter { $0.entry == entry.entry }
                tables.begin(SensitivityTables.Scenario(name: scenario.name, apps: entry.apps, own: own, single: scenario.kind == .single))
                let mine = Set(own.map { Unit(point: $0.point, replicate: $0.replicate) })
                for (variant, ends) in entry.ends.enumerated() where ends.contains(where: { $0 != nil }) {
                    let key = entry.keys[variant / 2], end = variant % 2 == 0 ? "low" : "high"
                    let runs = try runVariant(batch, entry: entry, ends: ends, units: mine, jobs: jobs, progress: progress)
                    variantRuns += runs.count
                    for run in runs {
                        append(run.rows(variant: [key, end, run.assumptionValue], apps: entry.apps), to: runsFile)
                    }
                    if shard.count == 1 { try tables.add(key: key, end: end, runs: runs) }
                }
            }
            try runsFile.commit()
        } catch {
            runsFile.discard()
            throw error
        }
        var output = tables.finish()
        output.runs = variantRuns
        if shard.count == 1 { try SensitivityTables.write(output, into: out) }
        return output
    }

    /// A point and replicate of a scenario: a unit of the batch, and of each variant.
    struct Unit: Hashable {
        var point: Int
        var replicate: Int
    }

    /// Appends `rows` to `file`.
    private static func append(_ rows: [[String]], to file: AtomicCSVStream) {
        for row in rows { file.appendRow(bytes: Array(BatchAssumptionsCSV.csvLine(row).utf8)) }
    }

    /// The runs of one variant: at each point where `ends` says it runs, the first `R`
    /// replicates, with the batch's seeds, in `summary.csv`'s order.
    ///
    /// A point's scenario is read once for all its replicates (they differ only in the seed),
    /// as the batch reads its own points: reading the file again per run cost more than the
    /// runs (docs/performance.md). Points are read `pointsAtOnce(jobs)` at a time, so that a
    /// batch of one run per point (trace users) keeps every worker busy and holds only those
    /// scenarios.
    private static func runVariant(
        _ batch: BatchPlan, entry plan: SensitivityPlan.Entry, ends: [SensitivityPlan.PointEnd?], units mine: Set<Unit>, jobs: Int,
        progress: @escaping @Sendable () -> Void
    ) throws -> [SensitivityRun] {
        let entry = batch.entries[plan.entry]
        let points = ends.indices.filter { point in
            ends[point] != nil && (0..<plan.replicates).contains { mine.contains(Unit(point: point, replicate: $0)) }
        }
        var runs: [SensitivityRun] = []
        let step = pointsAtOnce(jobs)
        for start in stride(from: 0, to: points.count, by: step) {
            let chunk = Array(points[start..<min(start + step, points.count)])
            let read = parallelMap(count: chunk.count, jobs: jobs) { index -> Result<Scenario, Failure> in
                guard let end = ends[chunk[index]] else { preconditionFailure("a point the variant does not run") }
                do {
                    return .success(try entry.points.scenario(of: chunk[index], adding: end.settings))
                } catch {
                    return .failure(Failure(description: "\(error)"))
                }
            }
            let scenarios = try read.map { try $0.get() }
            let units = chunk.indices.flatMap { index in
                (0..<plan.replicates).filter { mine.contains(Unit(point: chunk[index], replicate: $0)) }.map { (index, $0) }
            }
            let results = parallelMap(count: units.count, jobs: jobs) { index -> SensitivityRun in
                defer { progress() }
                let (slot, replicate) = units[index]
                let point = chunk[slot]
                var scenario = scenarios[slot]
                var seed: UInt64?
                if entry.isRandomized {
                    seed = BatchSeed.seed(base: batch.seed, scenario: entry.name, replicate: replicate)
                    scenario.seed = seed
                }
                let outcome = Simulation.runKeepingNoRecords(scenario, policy: scenario.policy)
                let row = SummaryRow(result: outcome, seed: seed, replicate: entry.isRandomized ? replicate : nil)
                var run = SensitivityRun(row, outcomes: outcome.apps, apps: plan.apps, entry: plan.entry, point: point,
                                         replicate: replicate, columnValues: entry.points[point].columnValues)
                run.assumptionValue = ends[point]?.value ?? ""
                return run
            }
            runs += results
        }
        return runs
    }

    /// How many points' scenarios a variant reads before running them: the batch's reorder
    /// window, max(4 × jobs, 16) (docs/batch-runs.md "Every core").
    static func pointsAtOnce(_ jobs: Int) -> Int { max(4 * jobs, 16) }
}

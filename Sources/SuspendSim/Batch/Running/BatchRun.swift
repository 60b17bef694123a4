#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Replicates of a scenario, at each point of an optional sweep, run to answer "how often does
/// this app survive?" with `survival.csv`'s numbers (SPEC 14, 19): per app, its survival,
/// never-killed and launched-survival rates, each with a Wilson 95 % interval.
///
/// ```swift
/// let result = try Batch(scenario, replicates: 200, seed: 0).run()
/// let mail = try result.rates(of: "com.example.mail")
/// #expect(mail.neverKilled.low >= 0.8)
/// ```
///
/// Runs are seeded as `suspendsim run --seed S --replicates N` seeds them (docs/batch-runs.md):
/// replicate k of every point gets `BatchSeed.seed(base: S, scenario: name, replicate: k)`,
/// `name` being the scenario's before any sweep change, so every point sees the same days.
/// For the same scenario, seed and replicates the rates are those of `survival.csv`. A
/// scenario without randomness (no `workload:`) runs once per point, as the command line
/// runs it (SPEC 20): its replicates would all be the same run.
///
/// The result does not depend on how many threads ran it: each run's counts are integers,
/// added up in any order. Runs keep no records (`Simulation.runKeepingNoRecords`), so memory
/// stays O(points × apps) whatever the number of replicates.
public struct Batch: Sendable {
    /// The scenario as given, with `policy` in place when one was given.
    public let scenario: Scenario
    /// The seed the runs' seeds are derived from (`--seed`).
    public let seed: UInt64
    /// Replicates asked for per point (`--replicates`), at least 1.
    public let replicates: Int
    /// The sweep's points in order: each label with its scenario (a single unlabelled point
    /// without a sweep).
    let points: [(label: String, scenario: Scenario)]

    /// Runs made per point: `replicates` for a scenario with a workload, 1 without one.
    public var runsPerPoint: Int { scenario.isRandomized ? replicates : 1 }

    /// A batch of `replicates` runs of `scenario` per point, seeded from `seed`, under `policy`
    /// (nil: the scenario's own; any `EvictionPolicy`, built-in or your own).
    ///
    /// `sweep` lists the points, each a unique label and the change that makes its scenario
    /// from `scenario` (with `policy` in place, so a point may set its own policy):
    ///
    /// ```swift
    /// let batch = try Batch(scenario, replicates: 100, sweep: [
    ///     ("120", { $0.apps[editor].suspendedKiB = .mb(120) }),
    ///     ("60", { $0.apps[editor].suspendedKiB = .mb(60) }),
    /// ])
    /// ```
    ///
    /// The changes run here, once each. Without a sweep the batch has one point, `scenario`.
    ///
    /// - Throws: `Batch.ArgumentError` when `replicates` is below 1 or a label is given twice.
    /// - Complexity: O(points), plus the changes' own cost.
    public init(
        _ scenario: Scenario, replicates: Int = 1, seed: UInt64 = 0, policy: (any EvictionPolicy)? = nil,
        sweep: [(label: String, change: (inout Scenario) -> Void)] = []
    ) throws(Batch.ArgumentError) {
        guard replicates >= 1 else { throw Batch.ArgumentError(kind: .replicates, value: String(replicates)) }
        var base = scenario
        if let policy { base.policy = policy }
        self.scenario = base
        self.seed = seed
        self.replicates = replicates
        guard !sweep.isEmpty else {
            points = [("", base)]
            return
        }
        var seen = Set<String>()
        if let twice = sweep.map(\.label).first(where: { !seen.insert($0).inserted }) {
            throw Batch.ArgumentError(kind: .duplicateLabel, value: twice)
        }
        points = sweep.map { point in
            var changed = base
            point.change(&changed)
            return (point.label, changed)
        }
    }

    /// Runs every replicate of every point on up to `jobs` threads (default: every core) and
    /// returns the apps' rates. The same batch gives the same result at any `jobs`.
    ///
    /// - Throws: `Batch.ArgumentError` when `jobs` is below 1.
    /// - Complexity: points × `runsPerPoint` runs, spread over `jobs` threads.
    public func run(jobs: Int = ProcessInfo.processInfo.activeProcessorCount) throws(Batch.ArgumentError) -> Batch.Result {
        guard jobs >= 1 else { throw Batch.ArgumentError(kind: .jobs, value: String(jobs)) }
        return run(jobs: jobs, stopped: { false })!
    }

    /// Every run on up to `jobs` threads, each chunk asking `stopped` before each run; nil when
    /// it said yes (the runs made are dropped).
    func run(jobs: Int, stopped: @Sendable () -> Bool) -> Batch.Result? {
        let runs = runsPerPoint
        let units = points.count * runs
        let empty = SurvivalTally(appCounts: points.map { $0.scenario.apps.count })
        // A few chunks per thread, so that a slow chunk does not hold the others up; each
        // chunk counts its runs in a tally of its own.
        let chunks = min(units, jobs * 4)
        let chunkResults = parallelMap(count: chunks, jobs: jobs) { chunk -> (SurvivalTally, [SummaryRow])? in
            var tally = empty
            var rows: [SummaryRow] = []
            for unit in (chunk * units / chunks)..<((chunk + 1) * units / chunks) {
                if stopped() { return nil }
                let point = unit / runs
                let (outcomes, row) = runUnit(point: point, replicate: unit % runs)
                tally.record(group: point, apps: outcomes)
                rows.append(row)
            }
            return (tally, rows)
        }
        var total = empty
        var summary: [SummaryRow] = []
        for chunk in chunkResults {
            guard let (tally, rows) = chunk else { return nil }
            total.add(tally)
            summary += rows
        }
        return Batch.Result(
            points: points.map(\.label), apps: points.map { $0.scenario.apps.map(\.id) }, runsPerPoint: runs, tally: total,
            summary: summary)
    }

    /// Replicate `replicate` of point `point`: its apps' counts, as `BatchRunner` makes them,
    /// and its `summary.csv` row.
    private func runUnit(point: Int, replicate: Int) -> ([SurvivalTally.Counts], SummaryRow) {
        var scenario = points[point].scenario
        var seed: UInt64?
        if self.scenario.isRandomized {
            seed = BatchSeed.seed(base: self.seed, scenario: self.scenario.name, replicate: replicate)
            scenario.seed = seed
        }
        let result = Simulation.runKeepingNoRecords(scenario, policy: scenario.policy)
        var row = SummaryRow(result: result, seed: seed, replicate: seed == nil ? nil : replicate)
        row.run.scenario = self.scenario.name
        return (result.apps.map(SurvivalTally.Counts.init), row)
    }
}

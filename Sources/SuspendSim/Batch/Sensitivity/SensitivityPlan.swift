/// What SPEC 39's sensitivity runs for a batch, decided before anything runs: for each
/// scenario that asks for it (its file's `sensitivity:`, or `run --sensitivity` /
/// `--sensitivity-keys` for every file), its keys in SPEC 36's order, and for each key's low
/// and high end the points where that variant runs (the key used there and its end not the
/// point's value), with the `--set` settings that make the variant there.
///
/// Design (docs/decisions.md, "How far the answer moves"): a variant is the batch's own
/// point read again with one more `--set KEY=END` (`BatchPlan.PointList.scenario(of:adding:)`),
/// so every default that derives from the key derives again, exactly as a batch that sweeps
/// the key would run it; its runs take the batch's seeds (`BatchSeed`, which do not depend on
/// the point) on the first `R` replicates, so each pairs with the batch's own run (SPEC 25).
package struct SensitivityPlan: Sendable {
    /// One variant at one point: the end's value as `assumptions.csv` writes it, and the
    /// settings added to the point's own.
    struct PointEnd: Sendable {
        var value: String
        var settings: [SweepSetting]
    }

    /// One scenario's sensitivity.
    package struct Entry: Sendable {
        /// The entry of the batch plan.
        package let entry: Int
        /// The keys, in SPEC 36's order.
        package let keys: [String]
        /// `R`: the replicates each variant runs of each point.
        package let replicates: Int
        /// The what-if apps (SPEC 27) whose metrics the files compare.
        package let apps: [String]
        /// By variant (key `k`'s low end at `2k`, its high end at `2k + 1`), by point: what the
        /// variant runs there, or nil where it does not run.
        let ends: [[PointEnd?]]
        /// For a batch that pools its trace users (SPEC 24): its `UserPooling.stride` and
        /// number of users, and how many of them are compared (SPEC 39: the first `R` users of
        /// each table point); nil for any other batch.
        let users: (stride: Int, count: Int, compared: Int)?

        /// Whether the runs of `point` are among those compared: every point's, or in a pooled
        /// trace batch, the first `R` users' points'.
        func samples(point: Int) -> Bool {
            guard let users else { return true }
            return (point / users.stride) % users.count < users.compared
        }

        /// The variants that run at some point.
        package var variantCount: Int { ends.filter { $0.contains { $0 != nil } }.count }
    }

    /// The scenarios that ask for a sensitivity, in the batch's order.
    package let entries: [Entry]
    /// The entries (of the batch plan) that ask for one and get none: a single scenario under
    /// `--policy all`, whose runs are one per built-in policy rather than points of a batch,
    /// has no variants (docs/decisions.md); the command says so.
    package let unplanned: [Int]

    /// The plan for `batch`: `requests` by entry (nil: none asked); `fromCommandLine` when
    /// they came from `run --sensitivity-keys` or `--sensitivity` (a bad key is then a usage
    /// error); `apps` is `run --app`.
    ///
    /// - Throws: `ScenarioLoader.Error` with a located diagnostic per bad key (SPEC 39: a key
    ///   used at no point, `apps.typical-day` without the include, a key the file sweeps).
    package init(_ batch: BatchPlan, requests: [SensitivityRequest?], fromCommandLine: Bool, apps given: [String] = [])
        throws(ScenarioLoader.Error)
    {
        var entries: [Entry] = [], unplanned: [Int] = []
        var diagnostics: [ScenarioLoader.Diagnostic] = []
        for (index, (entry, request)) in zip(batch.entries, requests).enumerated() {
            guard let request else { continue }
            guard entry.kind != .singleEveryPolicy else {
                unplanned.append(index)
                continue
            }
            let points = (0..<entry.points.count).map { point in
                SensitivityCandidate.all(entry.points[point].scenario, policyName: entry.points[point].scenario.policyName)
            }
            let keys: [String]
            if let listed = request.keys {
                let problems = listed.compactMap { Self.problem($0, entry: entry, points: points) }
                for (key, message) in problems {
                    var diagnostic = ScenarioLoader.Diagnostic(
                        file: entry.path, line: key.place?.line, column: key.place?.column,
                        field: fromCommandLine ? "--sensitivity-keys" : ScenarioKey.sensitivity.rawValue, message: message)
                    diagnostic.isFromCommandLine = fromCommandLine
                    if fromCommandLine { diagnostic.kind = .argument }
                    diagnostics.append(diagnostic)
                }
                keys = listed.map(\.name)
            } else {
                var seen: [String: Int] = [:]
                for candidate in points.joined() where candidate.low != candidate.high { seen[candidate.key] = candidate.order }
                keys = seen.sorted { $0.value < $1.value }.map(\.key)
            }
            let users = entry.pooling.map { (stride: $0.stride, count: $0.users, compared: min(request.replicates, $0.users)) }
            let ends = keys.flatMap { key in
                [false, true].map { isHigh in
                    points.enumerated().map { point, candidates -> PointEnd? in
                        guard users.map({ (point / $0.stride) % $0.count < $0.compared }) ?? true,
                              let candidate = candidates.first(where: { $0.key == key }), candidate.end(high: isHigh) != candidate.value
                        else { return nil }
                        let end = candidate.end(high: isHigh)
                        return PointEnd(value: end, settings: candidate.settings(end: end))
                    }
                }
            }
            entries.append(Entry(entry: index, keys: keys, replicates: min(request.replicates, entry.replicates),
                                 apps: batch.whatIfApps(of: entry, given: given), ends: ends, users: users))
        }
        guard diagnostics.isEmpty else { throw ScenarioLoader.Error(diagnostics: diagnostics) }
        self.entries = entries
        self.unplanned = unplanned
    }

    /// What is wrong with a listed key for `entry` (SPEC 39), if anything.
    private static func problem(_ key: SensitivityRequest.Key, entry: BatchPlan.Entry, points: [[SensitivityCandidate]])
        -> (SensitivityRequest.Key, String)?
    {
        let name = key.name
        if let axis = entry.axes.first(where: { $0.values.count > 1 && Self.sweeps($0.key, name) }) {
            return (key, "\(name) is swept (\(axis.key.path) over \(axis.values.count) values); a swept key is the sweep's, not an assumption's")
        }
        if !SensitivityCandidate.isSettable(name), name != SensitivityRequest.limitShareKey {
            return (key, "\(name) cannot be set with --set (SPEC 14), so no variant can move it")
        }
        if name == TypicalDay.factorKey, !(entry.points.first?.scenario.given.includesTypicalDayApps ?? false) {
            return (key, "\(name) scales the footprints of include: typical-day, which the scenario's apps: do not include (SPEC 38)")
        }
        if !points.contains(where: { $0.contains { $0.key == name } }),
           entry.points.contains(where: { point in
               SensitivityCandidate.lacksBlock(name, point.scenario) && AssumptionTable.shipped
                   .usedRows(point.scenario, policyName: point.scenario.policyName).contains { $0.key == name }
           }) {
            return (key, "\(name) is the default of workload.allocations, a block the scenario does not have and --set "
                + "cannot add (SPEC 32), so no variant can move it")
        }
        if !points.contains(where: { $0.contains { $0.key == name } }) {
            return (key, "\(name) is used at no point of the batch (the file, --set or the sweep sets it, or its feature is off); "
                + "see `suspendsim assumptions \(entry.path)`")
        }
        return nil
    }

    /// Whether the axis of `sweepKey` sets the assumption `name` (an app key for any app).
    private static func sweeps(_ sweepKey: SweepKey, _ name: String) -> Bool {
        if case .app(_, let key) = sweepKey { return AssumptionTable.appPrefix + key.rawValue == name }
        return sweepKey.path == name
    }

    /// The batch's own run `row` (with its apps' `outcomes`) of `entry`, `point` and `replicate`
    /// (at sweep values `columnValues`) as SPEC 39 compares it, when it is one of the runs compared (the first `R` replicates,
    /// the first `R` users of a pooled trace batch); else none.
    func compared(_ row: SummaryRow, outcomes: [AppOutcome], entry index: Int, point: Int, replicate: Int, columnValues: [String?])
        -> [SensitivityRun]
    {
        guard let entry = entries.first(where: { $0.entry == index }), replicate < entry.replicates, entry.samples(point: point) else {
            return []
        }
        return [SensitivityRun(row, outcomes: outcomes, apps: entry.apps, entry: index, point: point, replicate: replicate, columnValues: columnValues)]
    }

    /// The variant runs that the batch's own compared runs `base` lead to: the whole batch's,
    /// or a shard's (which runs the variants of its own runs).
    package func variantRunCount(base: [SensitivityRun]) -> Int {
        entries.reduce(0) { total, entry in
            let own = base.filter { $0.entry == entry.entry }
            return total + entry.ends.reduce(0) { sum, ends in sum + own.filter { ends[$0.point] != nil }.count }
        }
    }

    /// The runs of `entry` in all, the batch's own included (the verdict's first line).
    package func runCount(_ entry: Entry, batch: BatchPlan) -> Int {
        let variantRuns = entry.ends.joined().filter { $0 != nil }.count * entry.replicates
        return batch.entries[entry.entry].unitCount + variantRuns
    }
}

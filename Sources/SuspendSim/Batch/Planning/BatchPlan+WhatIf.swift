extension BatchPlan {
    /// The keys the batch's batch scenarios sweep, in order of first appearance, each with its
    /// values in sweep order (over several scenarios, each value once): what a what-if's KEY
    /// and baseline are checked against (SPEC 25, 27).
    package var sweptKeys: [(key: String, values: [String])] {
        var keys: [(key: String, values: [String])] = []
        var seen: [Set<String>] = []
        for entry in entries where entry.kind == .batch {
            for axis in entry.axes {
                guard let index = keys.firstIndex(where: { $0.key == axis.key.path }) else {
                    keys.append((axis.key.path, axis.values))
                    seen.append(Set(axis.values))
                    continue
                }
                for value in axis.values where seen[index].insert(value).inserted { keys[index].values.append(value) }
            }
        }
        return keys
    }

    /// Each entry's what-if apps (SPEC 27), in entry order (empty for an entry that is not a
    /// batch): `given` (`--app`) when not empty; else the `observed:` app, then the apps named
    /// in `expect:`, each once; else every app of the scenario (`apps:` order, then trace apps
    /// as SPEC 13 appends them, over several users in SPEC 24's order).
    package func whatIfApps(given: [String]) -> [[String]] {
        entries.map { entry in entry.kind == .batch ? whatIfApps(of: entry, given: given) : [] }
    }

    /// `entry`'s what-if apps, as `whatIfApps(given:)` says, whatever its kind (a single run's
    /// sensitivity, SPEC 39, takes them too).
    func whatIfApps(of entry: Entry, given: [String]) -> [String] {
        guard let scenario = entry.points.first?.scenario else { return [] }
        guard given.isEmpty else { return given }
        var named: [String] = []
        if let observed = scenario.observed { named.append(scenario.apps[observed.app].id) }
        if let expected = scenario.expectation {
            for expectation in [expected] + expected.byPolicy.keys.sorted().compactMap({ expected.byPolicy[$0] }) {
                named += (expectation.evictions ?? []) + (expectation.survivors ?? []) + (expectation.survives ?? [])
                named += (expectation.neverKilled ?? []) + (expectation.killed ?? []) + expectation.rates.map(\.app)
            }
        }
        var apps: [String] = []
        for app in named where !apps.contains(app) { apps.append(app) }
        guard apps.isEmpty else { return apps }
        let pointApps = entry.pooling?.apps ?? [scenario.apps.map(\.id)]
        for app in pointApps.joined() where !apps.contains(app) { apps.append(app) }
        return apps
    }

    /// `whatIfApps` (by entry) by scenario name, as `focus_runs.csv`'s lines group them: a
    /// scenario's apps are its first batch entry's.
    func whatIfAppsByScenario(_ whatIfApps: [[String]]) -> [String: [String]] {
        var byScenario: [String: [String]] = [:]
        for (entry, apps) in zip(entries, whatIfApps) where entry.kind == .batch && byScenario[entry.name] == nil {
            byScenario[entry.name] = apps
        }
        return byScenario
    }
}

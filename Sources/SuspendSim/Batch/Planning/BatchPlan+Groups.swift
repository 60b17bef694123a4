extension BatchPlan {
    /// One app of one survival group (a scenario's table point under one policy: a sweep point,
    /// or a point of the other sweep keys when the scenario's trace users are pooled, SPEC 24):
    /// a row of `survival.csv`, of a batch's `exits.csv`, and of the tallies behind them.
    struct GroupedApp {
        var entry: Entry
        /// The table point's first point (its first user's when users are pooled).
        var point: Point
        /// The table point's value of each of the plan's `tableColumns`.
        var columnValues: [String?]
        /// The group's number in the tallies.
        var group: Int
        /// The policy's name.
        var policy: String
        /// The app's place in the group, and its id.
        var appIndex: Int
        var appID: String
        /// The place of the group's observed app (SPEC 18); nil without `observed:`.
        var observedApp: AppIndex?
    }

    /// Writes a batch file with a row per app of every group (`survival.csv`, `exits.csv`),
    /// atomically: `appendFields` appends the row's fixed fields, then the table point's sweep
    /// fields follow.
    ///
    /// - Throws: `ReportWriter.Error`; the file is then left as it was.
    /// - Complexity: O(groups × apps)
    func writeGroupedApps(header: String, toPath target: String, _ appendFields: (GroupedApp, inout CSVRowWriter) -> Void) throws {
        let file = try AtomicCSVStream(path: target, header: header)
        forEachGroupedApp { row in
            file.appendRow { bytes in
                appendFields(row, &bytes)
                SurvivalCSV.appendColumns(row.columnValues, to: &bytes)
            }
        }
        try file.commit()
    }

    /// Calls `body` for every app of every group, in the order of the batch files' rows:
    /// scenarios in the order given, table points in grid order, policies in built-in order
    /// (`--policy all`), apps in scenario order (for pooled users, SPEC 24's order).
    ///
    /// - Complexity: O(groups × apps)
    func forEachGroupedApp(_ body: (GroupedApp) throws -> Void) rethrows {
        let userColumn = poolsUsers ? sweepKeys.firstIndex(of: .trace(.user)) : nil
        for (entryIndex, entry) in entries.enumerated() {
            for tablePoint in 0..<entry.tablePointCount {
                let pointIndex = entry.pooling?.firstPoint(of: tablePoint) ?? tablePoint
                let point = entry.points[pointIndex]
                var values = point.columnValues
                if let userColumn { values.remove(at: userColumn) }
                let apps = entry.pooling?.apps[tablePoint] ?? point.scenario.apps.map(\.id)
                let observed = entry.pooling.map { $0.observedApps[tablePoint] } ?? point.scenario.observed?.app
                for policyIndex in 0..<entry.groupsPerPoint {
                    let group = self.group(entry: entryIndex, point: pointIndex, policyIndex: policyIndex)
                    let policy = entry.kind == .singleEveryPolicy ? BuiltInPolicies.names[policyIndex] : point.scenario.policyName
                    for (appIndex, app) in apps.enumerated() {
                        try body(GroupedApp(entry: entry, point: point, columnValues: values, group: group, policy: policy,
                                            appIndex: appIndex, appID: app, observedApp: observed))
                    }
                }
            }
        }
    }

    /// Each group's number of apps and observed app (SPEC 18), in group order: the shape of the
    /// batch's `SurvivalTally`.
    ///
    /// - Complexity: O(groups)
    func tallyShape() -> (appCounts: [Int], observedApps: [AppIndex?]) {
        var appCounts: [Int] = []
        var observedApps: [AppIndex?] = []
        for entry in entries {
            for tablePoint in 0..<entry.tablePointCount {
                let apps: Int
                let observed: AppIndex?
                if let pooling = entry.pooling {
                    apps = pooling.apps[tablePoint].count
                    observed = pooling.observedApps[tablePoint]
                } else {
                    apps = entry.points[tablePoint].scenario.apps.count
                    observed = entry.points[tablePoint].scenario.observed?.app
                }
                appCounts += Array(repeating: apps, count: entry.groupsPerPoint)
                observedApps += Array(repeating: observed, count: entry.groupsPerPoint)
            }
        }
        return (appCounts, observedApps)
    }

    /// One run's counts of `point` of `entry` for the tallies, in its group's app order: the
    /// run's own apps' counts, or, when the scenario's users are pooled, placed among its table
    /// point's apps (SPEC 24, `UserPooling.counts(of:point:)`).
    func groupCounts(of outcomes: [AppOutcome], entry: Int, point: Int) -> [SurvivalTally.Counts] {
        guard let pooling = entries[entry].pooling else { return outcomes.map(SurvivalTally.Counts.init) }
        return pooling.counts(of: outcomes, point: point)
    }
}

extension BatchPlan {
    /// One app of one survival group (a scenario's sweep point under one policy): a row of
    /// `survival.csv`, of a batch's `exits.csv`, and of the tallies behind them.
    struct GroupedApp {
        var entry: Entry
        var point: Point
        /// The group's number in the tallies.
        var group: Int
        /// The policy's name.
        var policy: String
        /// The app's place in the scenario, and its profile.
        var appIndex: Int
        var app: AppProfile
    }

    /// Writes a batch file with a row per app of every group (`survival.csv`, `exits.csv`),
    /// atomically: `appendFields` appends the row's fixed fields, then the point's sweep
    /// fields follow.
    ///
    /// - Throws: `ReportWriter.Error`; the file is then left as it was.
    /// - Complexity: O(groups × apps)
    func writeGroupedApps(header: String, toPath target: String, _ appendFields: (GroupedApp, inout CSVRowWriter) -> Void) throws {
        let file = try AtomicCSVStream(path: target, header: header)
        forEachGroupedApp { row in
            file.appendRow { bytes in
                appendFields(row, &bytes)
                SurvivalCSV.appendColumns(row.point.columnValues, to: &bytes)
            }
        }
        try file.commit()
    }

    /// Calls `body` for every app of every group, in the order of the batch files' rows:
    /// scenarios in the order given, points in grid order, policies in built-in order
    /// (`--policy all`), apps in scenario order.
    ///
    /// - Complexity: O(groups × apps)
    func forEachGroupedApp(_ body: (GroupedApp) throws -> Void) rethrows {
        for (entryIndex, entry) in entries.enumerated() {
            for (pointIndex, point) in entry.points.enumerated() {
                for policyIndex in 0..<entry.groupsPerPoint {
                    let group = self.group(entry: entryIndex, point: pointIndex, policyIndex: policyIndex)
                    let policy = entry.kind == .singleEveryPolicy ? BuiltInPolicies.names[policyIndex] : point.scenario.policyName
                    for (appIndex, app) in point.scenario.apps.enumerated() {
                        try body(GroupedApp(entry: entry, point: point, group: group, policy: policy, appIndex: appIndex, app: app))
                    }
                }
            }
        }
    }
}

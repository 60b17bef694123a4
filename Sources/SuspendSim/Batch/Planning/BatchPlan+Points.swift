extension BatchPlan {
    /// Whether a batch of scenarios of these kinds and axes sweeps `trace.user` over more than
    /// one user: more than one distinct user among its batch scenarios' `trace.user` axes, the
    /// distinct values of `summary.csv`'s `trace.user` column (SPEC 21, 24).
    static func poolsUsers(_ drafts: [(kind: Kind, axes: [SweepAxis])]) -> Bool {
        var users = Set<String>()
        for draft in drafts where draft.kind == .batch {
            for axis in draft.axes where axis.key == .trace(.user) { users.formUnion(axis.values) }
        }
        return users.count > 1
    }

    /// Every point of the grid of `axes` for `template`, each read and checked with the `fixed`
    /// settings and its own; `columns` are the plan's sweep columns. With `pooling`, a scenario
    /// that sweeps several trace users gets its `UserPooling` (SPEC 24), and the plan keeps one
    /// scenario per table point (its first user's), not one per point.
    ///
    /// - Returns: the points, in grid order; or, when some point is bad, the problems of every
    ///   bad point (and the points then mean nothing).
    /// - Complexity: O(points × file size), the pooling O(points × apps) time; memory O(points
    ///   kept × a scenario without its events), O(table points × apps) for the pooling.
    static func points(
        of template: ScenarioTemplate, axes: [SweepAxis], fixed: [SweepSetting], columns: [SweepKey], pooling: Bool
    ) -> (points: PointList, diagnostics: [ScenarioLoader.Diagnostic]) {
        let count = PointList.count(axes)
        let traced = template.tracePath != nil
        var pools = pooling && traced ? UserPooling(axes: axes, points: count) : nil
        var scenarios: [Scenario] = []
        var diagnostics: [ScenarioLoader.Diagnostic] = []
        var seen: Set<ScenarioLoader.Diagnostic> = []
        for index in 0..<count {
            do {
                var scenario = try template.scenario(at: fixed + PointList.settings(of: index, axes: axes))
                // Once a point is bad, the plan is not made: the scenarios kept no longer match the grid.
                guard diagnostics.isEmpty else { continue }
                // A trace's events are made again for each run, from the trace's index.
                if traced { scenario.events = [] }
                pools?.add(scenario, point: index)
                // A pooled scenario's points share their table point's first scenario.
                if pools.map({ $0.firstPoint(of: $0.tablePoint(of: index)) == index }) ?? true { scenarios.append(scenario) }
            } catch {
                for diagnostic in error.diagnostics where seen.insert(diagnostic).inserted { diagnostics.append(diagnostic) }
            }
        }
        let points = PointList(axes: axes, fixed: fixed, columns: columns, template: traced ? template : nil, scenarios: scenarios,
                               pooling: pools, source: template)
        return (points, diagnostics)
    }
}

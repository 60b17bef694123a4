/// How the runs of a batch scenario that sweeps several trace users share the rows of the
/// per-app tables (SPEC 24): `survival.csv`, `exits.csv` and `observed.csv` pool the users as
/// they pool replicates, one row per scenario, policy, app and point of the other sweep keys.
///
/// A *table point* is a point of the scenario's grid without its `trace.user` axis, in grid
/// order. With `stride` the number of grid points from one user to the next at the same values
/// of the other keys (the product of the sizes of the axes after `trace.user`), grid point p
/// belongs to table point ⌊p / (stride × users)⌋ × stride + p mod stride.
///
/// A table point's apps are those of `apps:`, then the trace's apps in the order SPEC 13
/// appends them, user after user in sweep order: the apps of its points in grid order, each
/// once. A run's counts are placed by app id; an app that the run's user does not have counts
/// in that run as never resident, never killed, every count 0 (`SurvivalTally.Counts.absent`),
/// so that `launched` and the launched rate tell such runs apart.
///
/// A batch that sweeps one user has no pooling: its tables keep a row per point, as before
/// SPEC 24 (`BatchPlan.poolsUsers`).
///
/// - Memory: each table point's app ids and their places, O(table points × apps), whatever
///   the number of users.
struct UserPooling: Sendable {
    /// The number of users the scenario sweeps (the `trace.user` axis's values), at least 2.
    let users: Int
    /// The number of grid points from one user to the next at the same values of the other
    /// keys.
    let stride: Int
    /// Each table point's app ids, in the order of its table rows.
    private(set) var apps: [[String]]
    /// Each table point's apps' places in `apps`, by id.
    private var places: [[String: Int]]
    /// Each table point's observed app (SPEC 18), as its place in `apps`: the `observed:` app
    /// of its first user's scenario; nil without `observed:`.
    private(set) var observedApps: [AppIndex?]

    /// The pooling of a scenario whose grid has `axes` (first outermost), `points` points;
    /// nil unless an axis sweeps `trace.user` over at least two values.
    init?(axes: [SweepAxis], points: Int) {
        guard let userAxis = axes.firstIndex(where: { $0.key == .trace(.user) }), axes[userAxis].values.count > 1 else {
            return nil
        }
        users = axes[userAxis].values.count
        stride = axes[(userAxis + 1)...].reduce(1) { $0 * $1.values.count }
        let tablePoints = points / users
        apps = Array(repeating: [], count: tablePoints)
        places = Array(repeating: [:], count: tablePoints)
        observedApps = Array(repeating: nil, count: tablePoints)
    }

    /// The number of table points.
    var tablePointCount: Int { apps.count }

    /// The table point of grid point `point`.
    func tablePoint(of point: Int) -> Int {
        point / (stride * users) * stride + point % stride
    }

    /// The first grid point (its first user's) of table point `tablePoint`.
    func firstPoint(of tablePoint: Int) -> Int {
        tablePoint / stride * stride * users + tablePoint % stride
    }

    /// Adds the apps of grid point `point`'s scenario that its table point does not have yet,
    /// after those it has. Called for the points in grid order, so that the apps come user after
    /// user in sweep order.
    ///
    /// - Complexity: O(the scenario's apps)
    mutating func add(_ scenario: Scenario, point: Int) {
        let table = tablePoint(of: point)
        for app in scenario.apps { _ = place(of: app.id, in: table) }
        if point == firstPoint(of: table), let observed = scenario.observed {
            observedApps[table] = places[table][scenario.apps[observed.app].id]
        }
    }

    /// The place of app `id` in table point `table`, added at the end when it is new.
    private mutating func place(of id: String, in table: Int) -> Int {
        if let place = places[table][id] { return place }
        apps[table].append(id)
        places[table][id] = apps[table].count - 1
        return apps[table].count - 1
    }

    /// One run's counts of grid point `point`, in its table point's app order: each outcome at
    /// its app's place, and `Counts.absent` for the apps the run does not have.
    ///
    /// - Complexity: O(the table point's apps)
    func counts(of outcomes: [AppOutcome], point: Int) -> [SurvivalTally.Counts] {
        let table = tablePoint(of: point)
        var counts = Array(repeating: SurvivalTally.Counts.absent, count: apps[table].count)
        for outcome in outcomes {
            guard let place = places[table][outcome.id] else {
                preconditionFailure("App \(outcome.id) of a run of point \(point) is not in its table point's apps")
            }
            counts[place] = SurvivalTally.Counts(outcome)
        }
        return counts
    }
}

/// A batch's `--out` folder as its page needs it (SPEC 8, 14, 15): `summary.csv` reduced to
/// one entry per point, and `survival.csv` per point and app. Columns are read by name.
///
/// A **point** is a scenario under one policy at one value of each sweep key; its runs are
/// the replicates. When `survival.csv` pools trace users (SPEC 24: `summary.csv` has a
/// `trace.user` column and `survival.csv` none), a point is one value of each other sweep key,
/// and its runs are every user's: the page reads the pooled tables, and `summary.csv`'s rows
/// are summed to the same points. Sweep keys are the extra columns whose names are sweep keys (`end_s`, or
/// a name with a dot: `device.ram_mb`, `workload.gap_s`, `app.ID.KEY`, `trace.user`); other
/// extra columns are ignored, so that columns added later cannot split a point.
struct BatchReports {
    /// One point's identity.
    struct PointKey: Hashable {
        var scenario: String
        var policy: String
        /// `key=value` for each sweep column the point has a value in, in column order.
        var settings: [String]
    }

    /// One point, summed over its runs (`summary.csv`).
    struct Point {
        var key: PointKey
        var runs = 0
        var pressureKills = 0.0
        var minPressureKills = Double.infinity
        var maxPressureKills = -Double.infinity
        var coldLaunches = 0.0
        var warmLaunches = 0.0
        /// Whether any run had a replicate number (a scenario with a workload).
        var replicated = false
        /// The seed, for a point of one run that has one.
        var seed: String?
    }

    /// One app at one point (`survival.csv`).
    struct Survival {
        var rate: Double
        var low: Double?
        var high: Double?
        var runs: Int
        /// `never_killed_rate` and its Wilson interval; nil in a file without them.
        var neverKilled: Rate?
        /// `launched` (SPEC 19): the runs in which the app was resident at some instant; nil in a
        /// file written before the column.
        var launched: Int?
        /// `launched_survival_rate` and its interval; nil when `launched` is 0 or unknown.
        var launchedSurvival: Rate?

        /// What the survival chart draws (SPEC 19): survival among the runs that launched the
        /// app; in a file without `launched`, survival among all runs; nil for an app never
        /// launched at the point.
        var drawnSurvival: Rate? {
            guard launched != nil else { return Rate(value: rate, low: low, high: high) }
            return launchedSurvival
        }

        /// Whether the app never ran at the point: `launched` is 0.
        var neverLaunched: Bool { launched == 0 }
    }

    /// A rate with its 95 % interval (none for a point of one run).
    struct Rate: Equatable {
        var value: Double
        var low: Double?
        var high: Double?
    }

    /// One scenario of the batch: its points in file order and its apps in scenario order.
    struct Scenario {
        var name: String
        var points: [PointKey] = []
        var apps: [String] = []
        /// Whether it is more than a single run (replicates or a sweep other than the policy).
        var isBatch: Bool = false
        /// Its sweep points' settings in the order of their first row in `survival.csv` (else
        /// of `summary.csv`): the sweep order.
        var sweepOrder: [[String]] = []

        /// Its policies, in order of appearance.
        var policies: [String] {
            var seen = Set<String>()
            return points.map(\.policy).filter { seen.insert($0).inserted }
        }

        /// The one key it sweeps and its values in sweep order (SPEC 19): the only key whose
        /// value differs between its points (a key set to one value everywhere is not swept,
        /// nor is the policy), when every point sets it.
        var sweep: (key: String, values: [String])? {
            guard sweepOrder.count > 1 else { return nil }
            var valuesByKey: [String: [String]] = [:]
            var keys: [String] = []
            for settings in sweepOrder {
                for setting in settings {
                    guard let parts = RunFolderName.split(setting) else { return nil }
                    if valuesByKey[parts.key] == nil { keys.append(parts.key) }
                    valuesByKey[parts.key, default: []].append(parts.value)
                }
            }
            let swept = keys.filter { Set(valuesByKey[$0]!).count > 1 }
            guard swept.count == 1, let values = valuesByKey[swept[0]], values.count == sweepOrder.count else { return nil }
            return (swept[0], values)
        }
    }

    private(set) var scenarios: [Scenario] = []
    private(set) var points: [PointKey: Point] = [:]
    private(set) var survival: [PointKey: [String: Survival]] = [:]
    /// Rows of `summary.csv`.
    private(set) var runCount = 0
    /// The sweep columns of `summary.csv`, in order.
    private(set) var sweepKeys: [String] = []
    /// `replicate`'s value (or empty) and the seed of each run, by scenario, policy, replicate
    /// and settings: how a run folder finds its seed.
    private(set) var seeds: [String: String] = [:]
    /// Whether the folder has `survival.csv`.
    private(set) var hasSurvival = false
    /// The names of swept values on the page (SPEC 15 "Labels").
    var labels = SweepValueLabels()
    /// Whether `survival.csv` has `never_killed_rate` (SPEC 14): what the sweep charts draw.
    private(set) var hasNeverKilled = false

    private var scenarioIndex: [String: Int] = [:]

    /// Whether a column name is a sweep key's.
    static func isSweepKey(_ name: String) -> Bool {
        name == "end_s" || name.contains(".")
    }

    /// The key that ties a run to its seed.
    static func seedKey(scenario: String, policy: String, replicate: String, settings: [String]) -> String {
        ([scenario, policy, replicate] + settings.sorted()).joined(separator: "\u{1}")
    }

    /// The folder's `assumptions.csv` as the page shows it (SPEC 36); nil without one.
    var assumptions: AssumptionReports?

    /// Reads `folder/summary.csv` and, when present, `folder/survival.csv`.
    ///
    /// - Throws: `ReportCSV.Unreadable` for a file that cannot be read or lacks a column.
    init(folder: String) throws(ReportCSV.Unreadable) {
        let summary = try ReportCSV(path: BatchReportFile.summary.path(in: folder), required: [SummaryColumn.scenario, .policy])
        let scenarioColumn = summary.column(SummaryColumn.scenario)!, policyColumn = summary.column(SummaryColumn.policy)!
        let sweep = summary.header.enumerated().filter { Self.isSweepKey($0.element) }
        sweepKeys = sweep.map(\.element)
        let pointSweep = try Self.poolsUsers(folder: folder, summary: summary) ? sweep.filter { $0.element != TraceKey.user.path } : sweep
        let replicate = summary.column(SummaryColumn.replicate), seed = summary.column(SummaryColumn.seed)
        let kills = summary.column(SummaryColumn.pressureKills)
        let cold = summary.column(SummaryColumn.coldLaunches), warm = summary.column(SummaryColumn.warmLaunches)
        // Each scenario's sweep points seen, so that the page is linear in points (SPEC 35).
        var seenSweeps: [Int: Set<[String]>] = [:]
        try summary.forEachRow { row in
            runCount += 1
            let settings = pointSweep.compactMap { row[$0.offset].isEmpty ? nil : RunFolderName.setting(key: $0.element, value: row[$0.offset]) }
            let key = PointKey(scenario: row[scenarioColumn], policy: row[policyColumn], settings: settings)
            let scenario = scenarioEntry(key.scenario)
            if points[key] == nil {
                points[key] = Point(key: key)
                scenarios[scenario].points.append(key)
                if seenSweeps[scenario, default: []].insert(settings).inserted { scenarios[scenario].sweepOrder.append(settings) }
            }
            var point = points[key]!
            point.runs += 1
            let killCount = kills.flatMap { ReportCSV.number(row[$0]) } ?? 0
            point.pressureKills += killCount
            point.minPressureKills = min(point.minPressureKills, killCount)
            point.maxPressureKills = max(point.maxPressureKills, killCount)
            point.coldLaunches += cold.flatMap { ReportCSV.number(row[$0]) } ?? 0
            point.warmLaunches += warm.flatMap { ReportCSV.number(row[$0]) } ?? 0
            let replicateValue = replicate.map { row[$0] } ?? ""
            if !replicateValue.isEmpty { point.replicated = true }
            if let seed, !row[seed].isEmpty {
                point.seed = point.runs == 1 ? row[seed] : nil
                let runSettings = sweep.compactMap { row[$0.offset].isEmpty ? nil : RunFolderName.setting(key: $0.element, value: row[$0.offset]) }
                seeds[Self.seedKey(scenario: key.scenario, policy: key.policy, replicate: replicateValue, settings: runSettings)] = row[seed]
            }
            points[key] = point
        }
        for index in scenarios.indices {
            let keys = scenarios[index].points
            scenarios[index].isBatch = keys.contains { points[$0]!.replicated || points[$0]!.runs > 1 || !$0.settings.isEmpty }
        }
        assumptions = try AssumptionReports(folder: folder)
        guard ReportFolder.hasFile(BatchReportFile.survival.fileName, in: folder) else { return }
        hasSurvival = true
        try readSurvival(BatchReportFile.survival.path(in: folder))
    }

    /// Whether the folder's `survival.csv` pools trace users (SPEC 24): `summary` has a
    /// `trace.user` column and `survival.csv` has none. A folder written before SPEC 24, or by a
    /// batch of one user, has a row per user in both.
    private static func poolsUsers(folder: String, summary: ReportCSV) throws(ReportCSV.Unreadable) -> Bool {
        guard summary.column(TraceKey.user.path) != nil, ReportFolder.hasFile(BatchReportFile.survival.fileName, in: folder) else { return false }
        return try ReportCSV(path: BatchReportFile.survival.path(in: folder)).column(TraceKey.user.path) == nil
    }

    private mutating func readSurvival(_ path: String) throws(ReportCSV.Unreadable) {
        let file = try ReportCSV(path: path, required: [SurvivalColumn.scenario, .policy, .app, .survivalRate])
        let scenarioColumn = file.column(SurvivalColumn.scenario)!, policyColumn = file.column(SurvivalColumn.policy)!
        let appColumn = file.column(SurvivalColumn.app)!, rateColumn = file.column(SurvivalColumn.survivalRate)!
        let runs = file.column(SurvivalColumn.runs), launched = file.column(SurvivalColumn.launched)
        hasNeverKilled = file.column(SurvivalColumn.neverKilledRate) != nil
        let sweep = file.header.enumerated().filter { Self.isSweepKey($0.element) }
        var sweepOrder: [String: [[String]]] = [:]
        // What each scenario has, so that reading is linear in points and apps (SPEC 35).
        var seenSweeps: [String: Set<[String]>] = [:]
        var seenApps = Dictionary(uniqueKeysWithValues: scenarios.indices.map { ($0, Set(scenarios[$0].apps)) })
        try file.forEachRow { row throws(ReportCSV.Unreadable) in
            let settings = sweep.compactMap { row[$0.offset].isEmpty ? nil : RunFolderName.setting(key: $0.element, value: row[$0.offset]) }
            let key = PointKey(scenario: row[scenarioColumn], policy: row[policyColumn], settings: settings)
            guard let rate = ReportCSV.number(row[rateColumn]) else {
                throw ReportCSV.Unreadable(path: path, reason: "survival_rate \"\(row[rateColumn])\" is not a number")
            }
            let scenario = scenarioEntry(key.scenario)
            let app = row[appColumn]
            if seenApps[scenario, default: []].insert(app).inserted { scenarios[scenario].apps.append(app) }
            if points[key] == nil {
                points[key] = Point(key: key)
                scenarios[scenario].points.append(key)
            }
            if seenSweeps[key.scenario, default: []].insert(settings).inserted { sweepOrder[key.scenario, default: []].append(settings) }
            let interval = Self.rate(in: file, row, SurvivalColumn.survivalRate, .ciLow, .ciHigh)
            survival[key, default: [:]][app] = Survival(
                rate: rate, low: interval?.low, high: interval?.high, runs: runs.flatMap { Int(row[$0]) } ?? 0,
                neverKilled: Self.rate(in: file, row, .neverKilledRate, .neverKilledCILow, .neverKilledCIHigh),
                launched: launched.map { Int(row[$0]) ?? 0 },
                launchedSurvival: Self.rate(in: file, row, .launchedSurvivalRate, .launchedCILow, .launchedCIHigh))
        }
        for (name, order) in sweepOrder { scenarios[scenarioEntry(name)].sweepOrder = order }
    }

    /// The rate in `row`'s `value` column with its interval; nil when the column is missing or
    /// the cell empty.
    private static func rate(in file: ReportCSV, _ row: [String], _ value: SurvivalColumn, _ low: SurvivalColumn,
                             _ high: SurvivalColumn) -> Rate? {
        guard let column = file.column(value), let number = ReportCSV.number(row[column]) else { return nil }
        return Rate(value: number, low: file.column(low).flatMap { ReportCSV.number(row[$0]) },
                    high: file.column(high).flatMap { ReportCSV.number(row[$0]) })
    }

    private mutating func scenarioEntry(_ name: String) -> Int {
        if let index = scenarioIndex[name] { return index }
        scenarios.append(Scenario(name: name))
        scenarioIndex[name] = scenarios.count - 1
        return scenarios.count - 1
    }

    /// The point's entry.
    func point(_ key: PointKey) -> Point? { points[key] }
}

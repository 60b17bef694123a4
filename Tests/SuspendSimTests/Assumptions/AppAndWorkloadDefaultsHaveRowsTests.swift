import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// SPEC 36: every default a run takes has its row, beyond the device's
/// (`DeviceDefaultsHaveRowsTests`): each app key an app of the run left unset (in the app's
/// value, as `assumptions.csv` writes the row's unit), each workload key the workload left
/// unset (`workload plain` and `workload typical-day` alike), a `bg_tasks` entry's keys, and a
/// trace's `default_app` apps, which give what `default_app` gives and take the rest.
struct AppAndWorkloadDefaultsHaveRowsTests {
    /// The app keys whose default is a figure of the app's own (not a copy of another key, a
    /// list or a name, SPEC 36's "Not rows"), with the app's value as the row writes it.
    static func appValue(_ key: AppKey, of app: AppProfile) -> String? {
        switch key.target {
        case .memory(let path): CSVFormatting.mbText(app[keyPath: path])
        case .time(let path): CSVFormatting.secondsText(app[keyPath: path])
        case .flag(let path): app[keyPath: path] ? "true" : "false"
        default: nil
        }
    }

    /// The workload's values as the rows write them (`duration_s` has a row under the
    /// typical day only: a plain workload requires it).
    static func workloadValues(_ workload: Workload) -> [String: String] {
        var values: [String: String] = [:]
        for key in WorkloadKey.allCases {
            let path = "workload." + key.rawValue
            switch key.target {
            case .time(let keyPath), .positiveTime(let keyPath): values[path] = CSVFormatting.secondsText(workload[keyPath: keyPath])
            case .share(let keyPath): values[path] = DeviceDefaultsHaveRowsTests.fixed(workload[keyPath: keyPath].perMillion, decimals: 6)
            case .rate(let keyPath): values[path] = DeviceDefaultsHaveRowsTests.fixed(workload[keyPath: keyPath].perThousandHours, decimals: 3)
            case .exponent(let keyPath): values[path] = DeviceDefaultsHaveRowsTests.fixed(workload[keyPath: keyPath], decimals: 3)
            case .allocations:
                values["workload.allocations.per_hour"] = DeviceDefaultsHaveRowsTests.fixed(workload.allocationsPerHour.perThousandHours, decimals: 3)
            }
        }
        return values
    }

    @Test func everyAppAndWorkloadValueTheFileDidNotSetHasItsRow() throws {
        var checked = 0
        for file in try ScenarioLoader.scenarioFiles(in: [bundledScenariosFolder]) {
            let plan = try BatchPlan(templates: [try ScenarioLoader.template(path: file)], options: BatchPlan.Options())
            for entry in plan.entries {
                for point in entry.points.prefix(4) {
                    checked += try Self.check(point.scenario, file: file)
                }
            }
        }
        #expect(checked > 500)
    }

    /// Checks one run's app and workload rows; returns how many values it compared.
    static func check(_ scenario: Scenario, file: String) throws -> Int {
        let rows = Dictionary(uniqueKeysWithValues: AssumptionTable.shipped.usedRows(scenario, policyName: scenario.policyName).map { ($0.key, $0.value) })
        var compared = 0
        for key in AppKey.allCases {
            let rowKey = "app.*." + key.rawValue
            let takers = scenario.apps.filter { !scenario.given.app($0.id, gives: key.rawValue) }
            guard let first = takers.first, let value = appValue(key, of: first) else { continue }
            // Every app that took the default holds the row's value.
            for app in takers {
                #expect(rows[rowKey] == appValue(key, of: app), "\(file): \(app.id) took \(key.rawValue) = \(appValue(key, of: app) ?? ""), row \(rows[rowKey] ?? "none")")
            }
            _ = value
            compared += takers.count
        }
        if let workload = scenario.generator as? Workload {
            for (key, value) in workloadValues(workload) where !scenario.given.keys.contains(key) {
                if key == "workload.duration_s", !scenario.given.typicalDayWorkload { continue }
                #expect(rows[key] == value, "\(file): \(key) is \(value) in the run, \(rows[key] ?? "no row") in assumptions.csv")
                compared += 1
            }
        }
        return compared
    }

    /// A run's used rows by key, from a scenario text.
    static func used(_ text: String, policy: String = "jetsam") throws -> [String: AssumedRow] {
        let scenario = try ScenarioLoader.parse(text, path: "defaults.yaml")
        return Dictionary(uniqueKeysWithValues: AssumptionTable.shipped.usedRows(scenario, policyName: policy).map { ($0.key, $0) })
    }

    @Test("A bg_tasks entry that leaves earliest_s (and, for processing, requires_power) unset uses its row; one that sets them, none")
    func bgTaskEntries() throws {
        func text(_ entries: String) -> String {
            """
            name: tasks
            device: { ram_mb: 2048 }
            apps:
              - { id: com.a, active_mb: 100, background_modes: [fetch, processing], bg_tasks: \(entries) }
            events: [{ at: 0, open: com.a }]
            """
        }
        // A refresh entry has no requires_power: only earliest_s is left to its default (0 s:
        // no start delay).
        let refresh = try Self.used(text("[{ kind: refresh }]"))
        #expect(refresh["app.*.bg_tasks.earliest_s"]?.value == "0.000" && refresh["app.*.bg_tasks.requires_power"] == nil)
        let processing = try Self.used(text("[{ kind: processing, earliest_s: 60 }]"))
        #expect(processing["app.*.bg_tasks.earliest_s"] == nil && processing["app.*.bg_tasks.requires_power"]?.value == "false")
        let given = try Self.used(text("[{ kind: processing, earliest_s: 60, requires_power: true }]"))
        #expect(given.keys.allSatisfy { !$0.hasPrefix("app.*.bg_tasks.") })
        // No entry at all: nothing to default.
        #expect(try Self.used(text("null")).keys.allSatisfy { !$0.hasPrefix("app.*.bg_tasks.") })
    }

    @Test("A plain workload without allocations takes workload.allocations.per_hour 0; one with the block, no row")
    func plainAllocations() throws {
        func text(_ extra: String) -> String {
            """
            name: plain
            device: { ram_mb: 2048 }
            apps: [{ id: com.a, active_mb: 100 }]
            workload: { duration_s: 3600\(extra) }
            """
        }
        let plain = try Self.used(text(""))
        #expect(plain["workload.allocations.per_hour"]?.value == "0.000")
        #expect(plain["workload.allocations.per_hour"]?.high == "40.000")
        #expect(try Self.used(text(", allocations: { per_hour: 5, mean_mb: 10 }"))["workload.allocations.per_hour"] == nil)
    }
}

/// SPEC 13, 24, 36: a trace's `default_app` gives its keys to the apps the trace adds, and a
/// batch root that pools users lists the defaults any user's apps took.
struct TraceDefaultsHaveRowsTests {
    /// User 1 opens the listed app `A` only; user 2 opens `B`, which the trace adds as
    /// `trace.B` from `default_app`.
    static let trace = """
        user_id\tsession_id\ttimestamp\tapp_name\tevent_type
        1\t1\t2019-03-01 08:00:00\tA\tOpened
        1\t1\t2019-03-01 08:01:00\tA\tClosed
        2\t2\t2019-03-01 09:00:00\tB\tOpened
        2\t2\t2019-03-01 09:01:00\tB\tClosed

        """

    /// `A` gives cold_launch_s and resume_s; `default_app` gives cold_launch_s only.
    static func text(user: String) -> String {
        """
        name: traced
        policy: jetsam
        device: { ram_mb: 2048 }
        apps: [{ id: A, active_mb: 100, cold_launch_s: 1, resume_s: 0.2 }]
        trace: { file: trace.tsv, user: \(user), default_app: { active_mb: 80, cold_launch_s: 2 } }

        """
    }

    static func withTrace<T>(_ body: (String) throws -> T) throws -> T {
        let folder = BatchAssumptionsTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try trace.write(toFile: folder + "/trace.tsv", atomically: true, encoding: .utf8)
        return try body(folder + "/traced.yaml")
    }

    @Test("A trace app takes what default_app leaves (resume_s) and not what it gives (cold_launch_s)")
    func defaultAppKeysAreGiven() throws {
        try Self.withTrace { path in
            let first = try ScenarioLoader.parse(Self.text(user: "1"), path: path)
            let second = try ScenarioLoader.parse(Self.text(user: "2"), path: path)
            #expect(second.apps.map(\.id) == ["A", "trace.B"])
            func keys(_ scenario: Scenario) -> Set<String> {
                Set(AssumptionTable.shipped.usedRows(scenario, policyName: "jetsam").map(\.key))
            }
            // User 1: A gives both; user 2: trace.B gives cold_launch_s (2 s) and leaves resume_s.
            #expect(!keys(first).contains("app.*.cold_launch_s") && !keys(first).contains("app.*.resume_s"))
            #expect(!keys(second).contains("app.*.cold_launch_s") && keys(second).contains("app.*.resume_s"))
            // Both take saves_state, which neither gives.
            #expect(keys(first).contains("app.*.saves_state") && keys(second).contains("app.*.saves_state"))
        }
    }

    @Test("A batch over every user lists at its point the defaults of the apps another user's trace adds")
    func pooledUsersListEveryUsersDefaults() throws {
        try Self.withTrace { path in
            let plan = try BatchPlan(templates: [try ScenarioTemplate(text: Self.text(user: "all"), path: path)], options: BatchPlan.Options())
            let (header, rows) = BatchAssumptionsCSV.table(plan)
            let key = try #require(header.firstIndex(of: "key"))
            let keys = rows.map { $0[key] }
            // One point (the users pooled): user 1 alone takes no resume_s, user 2's trace.B does.
            #expect(keys.contains("app.*.resume_s") && !keys.contains("app.*.cold_launch_s"))
            #expect(Set(keys).count == keys.count)
        }
    }
}

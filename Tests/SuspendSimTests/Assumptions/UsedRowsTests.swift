import Testing
@testable import SuspendSim

/// SPEC 36, "A row is used by a run when...": the rows a run takes follow its device, profile,
/// policy and features, and leave out every key the file, `--set` or the sweep set.
struct UsedRowsTests {
    /// A scenario of one app on a phone of `device` (a YAML flow mapping), under `policy`,
    /// with `extra` top-level lines.
    static func text(device: String, policy: String = "jetsam", apps: String = "[{ id: com.a, active_mb: 100 }]", extra: String = "") -> String {
        "name: t\npolicy: \(policy)\ndevice: \(device)\napps: \(apps)\nevents: [{ at: 0, open: com.a }]\n\(extra)"
    }

    /// The used rows of the first point of `text`, by key, with `settings` as `--set` options.
    static func used(_ text: String, settings: [String] = [], point: Int = 0) throws -> [String: AssumedRow] {
        var options = BatchPlan.Options()
        options.settings = try settings.map { try SweepAxis(parsing: $0) }
        let plan = try BatchPlan(templates: [try ScenarioTemplate(text: text, path: "t.yaml")], options: options)
        let scenario = plan.entries[0].points[point].scenario
        let rows = AssumptionTable.shipped.usedRows(scenario, policyName: scenario.policyName)
        return Dictionary(uniqueKeysWithValues: rows.map { ($0.key, $0) })
    }

    @Test func theReaperTakesRowsOnlyWhereItRuns() throws {
        // The classic profile has no reaper; 18.4 under jetsam has it.
        let classic = try Self.used(Self.text(device: "{ ram_mb: 2048 }"))
        #expect(!classic.keys.contains { $0.hasPrefix("device.reaper_") })
        let ios = try Self.used(Self.text(device: "{ ram_mb: 2048, ios: \"18.4\" }"))
        // 20 % of 2048 MB (the first RAM class) is 409.6 MB; the range 18 % to 20 %.
        #expect(ios["device.reaper_free_mb"]?.value == "409.600")
        #expect(ios["device.reaper_free_mb"]?.low == "368.640" && ios["device.reaper_free_mb"]?.high == "409.600")
        #expect(ios["device.reaper_idle_s"]?.value == "300.000" && ios["device.reaper_interval_s"]?.value == "30.000")
        // 4096 MB is the second class: 18 %, 737.28 MB.
        #expect(try Self.used(Self.text(device: "{ ram_mb: 4096, ios: \"18.4\" }"))["device.reaper_free_mb"]?.value == "737.280")
        // The reaper needs bands: none under lru.
        let lru = try Self.used(Self.text(device: "{ ram_mb: 2048, ios: \"18.4\" }", policy: "lru"))
        #expect(!lru.keys.contains { $0.hasPrefix("device.reaper_") })
    }

    @Test func theCompressorTakesRowsOnlyWithAPool() throws {
        #expect(try Self.used(Self.text(device: "{ ram_mb: 2048 }")).keys.allSatisfy { !$0.hasPrefix("device.compressor.") })
        let off = try Self.used(Self.text(device: "{ ram_mb: 2048, compressor: { pool_mb: 0 } }"))
        #expect(off.keys.allSatisfy { !$0.hasPrefix("device.compressor.") })
        let on = try Self.used(Self.text(device: "{ ram_mb: 2048, compressor: {} }"))
        #expect(on["device.compressor.ratio"]?.value == "2.80" && on["device.compressor.ratio"]?.low == "2.50")
        #expect(on["device.compressor.decompress_mb_s"]?.value == "2000.000")
        // A ratio the file gives is no assumption.
        let given = try Self.used(Self.text(device: "{ ram_mb: 2048, compressor: { ratio: 2 } }"))
        #expect(given["device.compressor.ratio"] == nil && given["device.compressor.decompress_mb_s"] != nil)
    }

    @Test func lmkdTakesItsMinfreeRowsUnlessTheFileGivesTheTable() throws {
        let jetsam = try Self.used(Self.text(device: "{ ram_mb: 4096 }"))
        #expect(!jetsam.keys.contains { $0.hasPrefix("device.lmkd.") })
        let lmkd = try Self.used(Self.text(device: "{ ram_mb: 4096 }", policy: "lmkd"))
        // lmkd's table for a 64-bit phone: 18432 ... 80640 pages of 4 KiB.
        let expected = ["0": "72.000", "100": "90.000", "200": "108.000", "250": "126.000", "900": "216.000", "950": "315.000"]
        for (adj, mb) in expected {
            #expect(lmkd["device.lmkd.minfree.\(adj)"]?.value == mb, "adj \(adj)")
        }
        // 55000 pages of 4 KiB is 214.84375 MB, written to 3 decimals.
        #expect(lmkd["device.lmkd.minfree.950"]?.low == "214.844")
        let table = try Self.used(Self.text(device: "{ ram_mb: 4096, lmkd: { minfree: [{ adj: 0, mb: 50 }] } }", policy: "lmkd"))
        #expect(!table.keys.contains { $0.hasPrefix("device.lmkd.") })
    }

    @Test func aKeySetByTheFileByDashDashSetOrByTheSweepHasNoRow() throws {
        let plain = try Self.used(Self.text(device: "{ ram_mb: 2048 }"))
        #expect(plain["device.aging_s"]?.value == "2.000")
        #expect(try Self.used(Self.text(device: "{ ram_mb: 2048, aging_s: 3 }"))["device.aging_s"] == nil)
        #expect(try Self.used(Self.text(device: "{ ram_mb: 2048 }"), settings: ["device.aging_s=3"])["device.aging_s"] == nil)
        let swept = Self.text(device: "{ ram_mb: 2048 }", extra: "sweep: { device.aging_s: [3, 4] }\n")
        #expect(try Self.used(swept, point: 0)["device.aging_s"] == nil)
        #expect(try Self.used(swept, point: 1)["device.aging_s"] == nil)
        // Another key of the same point is still a default.
        #expect(try Self.used(swept, point: 1)["device.wake_window_s"]?.value == "30.000")
    }

    @Test func anAppRowIsUsedWhileOneAppTakesItsDefault() throws {
        let one = "[{ id: com.a, active_mb: 100, cold_launch_s: 1 }, { id: com.b, active_mb: 100 }]"
        #expect(try Self.used(Self.text(device: "{ ram_mb: 2048 }", apps: one))["app.*.cold_launch_s"]?.value == "0.400")
        let both = "[{ id: com.a, active_mb: 100, cold_launch_s: 1 }, { id: com.b, active_mb: 100, cold_launch_s: 2 }]"
        let used = try Self.used(Self.text(device: "{ ram_mb: 2048 }", apps: both))
        #expect(used["app.*.cold_launch_s"] == nil && used["app.*.resume_s"]?.value == "0.100")
        // --set app.ID.KEY gives the key to that app.
        let set = try Self.used(Self.text(device: "{ ram_mb: 2048 }"), settings: ["app.com.a.resume_s=0.2"])
        #expect(set["app.*.resume_s"] == nil)
    }

    @Test func catalogFiguresComeFirstWithTheCatalogsSource() throws {
        let rows = try Self.used(Self.text(device: "{ model: iphone-11, ios: \"18.4\" }"))
        // The iPhone 11: 3844 MB reported, 2068 MB measured, 1776 MB left to the system.
        #expect(rows["device.ram_mb"]?.value == "3844.000" && rows["device.ram_mb"]?.origin == .measured)
        #expect(rows["device.app_limit_mb"]?.value == "2068.000" && rows["device.app_limit_mb"]?.origin == .measured)
        #expect(rows["device.system_mb"]?.value == "1776.000" && rows["device.system_mb"]?.origin == .estimated)
        #expect(rows["device.ram_mb"]?.low == "3844.000" && rows["device.ram_mb"]?.high == "3844.000")
        #expect(rows["device.app_limit_mb"] != nil && rows["device.system_mb"] != nil)
        let order = AssumptionTable.shipped.usedRows(
            try ScenarioTemplate(text: Self.text(device: "{ model: iphone-11 }"), path: "t.yaml").scenario, policyName: "jetsam").prefix(3).map(\.key)
        #expect(order == ["device.ram_mb", "device.app_limit_mb", "device.system_mb"])
        // Without a model: the 60 % rule (1228.8 MB of 2048) and no system memory.
        let bare = try Self.used(Self.text(device: "{ ram_mb: 2048 }"))
        #expect(bare["device.app_limit_mb"]?.value == "1228.800" && bare["device.app_limit_mb"]?.origin == .estimated)
        #expect(bare["device.system_mb"]?.value == "0.000" && bare["device.ram_mb"] == nil)
    }

    @Test func theProfilePicksTheBackgroundTaskLimitsRow() throws {
        let cases = [("", "180.000"), (", ios: \"6\"", "600.000"), (", ios: \"12\"", "180.000"), (", ios: \"13\"", "30.000")]
        for (ios, limit) in cases {
            #expect(try Self.used(Self.text(device: "{ ram_mb: 2048\(ios) }"))["device.background_task_limit_s"]?.value == limit, "\(ios)")
        }
    }

    @Test func thePlainWorkloadsRowsComeWithAWorkload() throws {
        #expect(try Self.used(Self.text(device: "{ ram_mb: 2048 }"))["workload.dwell_s"] == nil)
        let workload = try Self.used(Self.text(device: "{ ram_mb: 2048 }", extra: "workload: { duration_s: 60, dwell_s: 5 }\n"))
        #expect(workload["workload.dwell_s"] == nil && workload["workload.gap_s"]?.value == "600.000")
        #expect(workload["workload.home_share"]?.value == "0.600000" && workload["workload.zipf_s"]?.value == "1.000")
        #expect(workload["workload.wakes_per_hour"]?.value == "0.000")
    }
}

/// SPEC 36 and 38: the typical day's workload takes the table's `workload typical-day` rows for
/// the keys the file does not give, and `include: typical-day` takes `apps.typical-day` until
/// the factor is set.
struct TypicalDayUsedRowsTests {
    static let apps = "[{ include: typical-day }, { id: com.a, active_mb: 100 }]"

    @Test func aTypicalDayTakesItsRowsButNotTheKeysTheFileGives() throws {
        let day = try UsedRowsTests.used(UsedRowsTests.text(device: "{ ram_mb: 4096 }", apps: Self.apps, extra: "workload: typical-day\n"))
        // LSApp's 17.41 sessions a day over 16 hours, less the mean session: 3153 s (the row).
        #expect(day["workload.gap_s"]?.value == "3153.000" && day["workload.gap_s"]?.origin == .study)
        #expect(day["workload.dwell_s"]?.value == "71.560")
        #expect(day["workload.wakes_per_hour"]?.origin == .estimated)
        #expect(day["apps.typical-day"]?.value == "1.000")
        let given = try UsedRowsTests.used(UsedRowsTests.text(
            device: "{ ram_mb: 4096 }", apps: Self.apps, extra: "workload: { include: typical-day, gap_s: 900 }\n"))
        #expect(given["workload.gap_s"] == nil && given["workload.dwell_s"]?.value == "71.560")
        // A plain workload takes the plain rows, never the typical day's.
        let plain = try UsedRowsTests.used(UsedRowsTests.text(device: "{ ram_mb: 4096 }", extra: "workload: { duration_s: 3600 }\n"))
        #expect(plain["workload.gap_s"]?.value == "600.000")
        #expect(plain["apps.typical-day"] == nil)
    }

    @Test func aSetFactorIsNoAssumption() throws {
        let text = UsedRowsTests.text(device: "{ ram_mb: 4096 }", apps: Self.apps, extra: "workload: typical-day\n")
        #expect(try UsedRowsTests.used(text, settings: ["apps.typical-day=1.2"])["apps.typical-day"] == nil)
    }
}

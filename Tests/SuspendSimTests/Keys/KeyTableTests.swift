import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@testable import SuspendSimCore

/// STYLE section 8, a declaration table read by everyone: each row of `DeviceKey` and `AppKey`
/// reaches the reader, the JSON writer, `--set` and `device.csv`; each row of `TraceKey` and
/// `ExpectKey` the reader (and its list of allowed keys), `--set`, the axis titles and `check`.
/// A key added to a table that one of them misses fails here, named.
@Suite struct KeyTableTests {
    /// A value of `unit` that no default has, as a file writes it.
    private static func unusualValue(_ unit: KeyUnit) -> String {
        switch unit {
        case .mb: "123.5"
        case .seconds: "7.25"
        case .ratio: "1.75"
        case .mbPerSecond: "512.125"
        case .flag, .list, .name, .count, .mapping: ""
        }
    }

    /// A value for `key` that differs from its default, as a file writes it.
    private static func unusualValue(_ key: DeviceKey) -> String {
        switch key {
        case .model: "iphone-11"
        case .ios: "\"17.2\""
        case .ramMB: "3000"
        case .appBackgroundLimitMB: "900"
        case .compressor: "{ ratio: 3.1, pool_mb: 700, start_free_mb: 300, decompress_mb_s: 512.125 }"
        case .freezer:
            "{ max_frozen: 7, min_mb: 12.5, min_suspended: 0, start_free_mb: 900, interval_s: 2.5, daily_mb: 64, "
                + "thaw_mb_s: 250.125, refreeze_min_thawed: 1, demotions_per_day: 9, demotion_thaws: 11 }"
        case .charging, .lowPower: "true"
        case .backgroundAppRefresh: "false"
        case .lmkd: "{ minfree: [{ adj: 100, mb: 50 }, { adj: 906, mb: 400.5 }] }"
        default: unusualValue(key.unit)
        }
    }

    /// A value for `key` that differs from its default.
    private static func unusualValue(_ key: AppKey) -> String {
        switch key {
        case .id: "com.table.app"
        case .backgroundModes: "[audio, fetch]"
        case .lifecycle: "scene"
        case .traceName: "Table App"
        case .exitsOnSuspend: "true"
        case .endsTaskOnExpiration, .savesState: "false"
        case .backgroundMB: "200"
        case .suspendedMB: "100"
        case .activeMB: "300"
        case .bgTasks: "[{ kind: refresh, earliest_s: 5, work_s: 2 }]"
        default: unusualValue(key.unit)
        }
    }

    /// A scenario whose device gives `deviceKey` (and `ram_mb` unless it is `model`), and whose
    /// one app gives every app key.
    private static func scenarioText(device deviceKey: DeviceKey) -> String {
        var device = [deviceKey.rawValue + ": " + unusualValue(deviceKey)]
        if deviceKey != .ramMB, deviceKey != .model { device.insert("ram_mb: 4096", at: 0) }
        let app = AppKey.allCases.map { $0.rawValue + ": " + unusualValue($0) }.joined(separator: ", ")
        return """
            name: table
            device: { \(device.joined(separator: ", ")) }
            apps:
              - { \(app) }
            events:
              - { at: 0, open: com.table.app }

            """
    }

    /// The device field `key` sets, as a file would write it again.
    private static func written(_ key: DeviceKey, of device: Device) -> String? {
        ScenarioJSONWriter.deviceFields(device).first { $0.0 == key.rawValue }?.1
    }

    @Test("The reader puts every device key where the table says, and the JSON writer writes it back", arguments: DeviceKey.allCases)
    func deviceKeyIsReadAndWritten(_ key: DeviceKey) throws {
        let scenario = try ScenarioLoader.parse(Self.scenarioText(device: key), path: "table.yaml")
        switch key.target {
        case .memory(let path): #expect(scenario.device[keyPath: path] == .mb(key == .ramMB ? 3000 : 123.5))
        case .time(let path): #expect(scenario.device[keyPath: path] == .ms(7_250))
        case .optionalMemory(let path, _): #expect(scenario.device[keyPath: path] == .mb(900))
        case .model: #expect(scenario.device.model == "iphone-11")
        case .ios: #expect(scenario.device.ios?.description == "17.2")
        case .compressor:
            var compressor = Device.Compressor()
            compressor.ratioHundredths = 310
            compressor.poolKiB = .mb(700)
            compressor.startFreeKiB = .mb(300)
            compressor.decompressMilliMBPerS = 512_125
            #expect(scenario.device.compressor == compressor)
        case .freezer:
            var freezer = Device.Freezer()
            (freezer.maxFrozen, freezer.minKiB, freezer.minSuspended, freezer.startFreeKiB) = (7, .mb(12.5), 0, .mb(900))
            (freezer.intervalMs, freezer.dailyKiB, freezer.thawMilliMBPerS) = (.ms(2_500), .mb(64), 250_125)
            (freezer.refreezeMinThawed, freezer.demotionsPerDay, freezer.demotionThaws) = (1, 9, 11)
            #expect(scenario.device.freezer == freezer)
        case .flag(let path): #expect(scenario.device[keyPath: path] == (Self.unusualValue(key) == "true"))
        case .lmkd:
            #expect(scenario.device.lmkdMinfree == [Device.KillLevel(priority: 100, freeKiB: .mb(50)), Device.KillLevel(priority: 906, freeKiB: KiB(410_112))])
        }
        #expect(Self.written(key, of: scenario.device) != nil, "the JSON writer leaves out \(key.rawValue)")
        let again = try ScenarioLoader.parse(ScenarioJSONWriter.json(scenario), path: "again.json")
        #expect(again.device == scenario.device)
    }

    @Test("device.csv has a row for every device key, in the table's order, then assumptions_sha256, policy, file and end_s")
    func deviceCSVHasEveryKey() {
        // SPEC 28's rows come after SPEC 22's.
        // SPEC 30: system_source right after system_mb.
        let before = DeviceKey.allCases.prefix { $0 != .compressor }.flatMap { $0 == .systemMB ? [$0.rawValue, "system_source"] : [$0.rawValue] }
        let after = DeviceKey.allCases.drop { $0 != .compressor }.dropFirst().map(\.rawValue)
        #expect(after == ["freezer", "charging", "low_power", "background_app_refresh", "refresh_window_s", "refresh_interval_s", "lmkd"])
        // SPEC 33: lmkd's block is the row `lmkd_minfree`, after the charging and refresh rows.
        // SPEC 36: assumptions_sha256 after lmkd_minfree, before policy.
        let rows = after.dropFirst().dropLast() + ["lmkd_minfree", "assumptions_sha256"]
        // SPEC 37: the freezer's ten rows right after the compressor's, before `charging`.
        let freezerRows = [
            "freezer_max_frozen", "freezer_min_mb", "freezer_min_suspended", "freezer_start_free_mb", "freezer_interval_s",
            "freezer_daily_mb", "freezer_thaw_mb_s", "freezer_refreeze_min_thawed", "freezer_demotions_per_day",
            "freezer_demotion_thaws",
        ]
        #expect(FreezerKey.allCases.map(\.deviceCSVKey) == freezerRows)
        #expect(DeviceCSV.rows.map(\.key) == before + CompressorKey.allCases.map(\.deviceCSVKey) + freezerRows + rows + ["policy", "file", "end_s"])
    }

    @Test("--set and sweep: accept every device key that sweeps, and a point puts its value in the device", arguments: DeviceKey.allCases.filter(\.sweeps))
    func deviceKeySweeps(_ key: DeviceKey) throws {
        guard key != .model, key != .ios else {
            #expect(SweepKey(path: key.path) != nil)
            return
        }
        let value: Double = key == .ramMB ? 3000 : 1000
        let text = if case .flag = key.target { Self.unusualValue(key) } else { "\(Int(value))" }
        let axis = try SweepAxis(parsing: "\(key.path)=\(text)")
        let point = try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("table.yaml")
            try Self.scenarioText(device: .reservedMB).write(to: file, atomically: true, encoding: .utf8)
            return try ScenarioLoader.template(path: file.path).scenario(at: [SweepSetting(axis: axis, index: 0)])
        }
        switch key.target {
        case .memory(let path): #expect(point.device[keyPath: path] == .mb(value))
        case .optionalMemory(let path, _): #expect(point.device[keyPath: path] == .mb(value))
        case .time(let path): #expect(point.device[keyPath: path] == .seconds(1000))
        case .flag(let path): #expect(point.device[keyPath: path] == (text == "true"))
        case .model, .ios, .compressor, .freezer, .lmkd: break
        }
    }

    @Test("--set accepts every freezer key; on a scenario without the block it makes one, every other key at its default (SPEC 37)",
          arguments: FreezerKey.allCases)
    func freezerKeySweeps(_ key: FreezerKey) throws {
        let axis = try SweepAxis(parsing: "\(key.path)=3")
        let point = try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("table.yaml")
            try Self.scenarioText(device: .reservedMB).write(to: file, atomically: true, encoding: .utf8)
            return try ScenarioLoader.template(path: file.path).scenario(at: [SweepSetting(axis: axis, index: 0)])
        }
        var expected = Device.Freezer()
        switch key.target {
        case .count(let path): expected[keyPath: path] = 3
        case .memory(let path): expected[keyPath: path] = .mb(3)
        case .optionalMemory(let path, _): expected[keyPath: path] = .mb(3)
        case .time(let path): expected[keyPath: path] = .ms(3_000)
        case .rate(let path): expected[keyPath: path] = 3_000
        }
        #expect(point.device.freezer == expected)
    }

    @Test("--set accepts every compressor key; on a scenario without the block it makes one, every other key at its default (SPEC 23)",
          arguments: CompressorKey.allCases)
    func compressorKeySweeps(_ key: CompressorKey) throws {
        let axis = try SweepAxis(parsing: "\(key.path)=3")
        let point = try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("table.yaml")
            try Self.scenarioText(device: .reservedMB).write(to: file, atomically: true, encoding: .utf8)
            return try ScenarioLoader.template(path: file.path).scenario(at: [SweepSetting(axis: axis, index: 0)])
        }
        var expected = Device.Compressor()
        switch key.target {
        case .ratio(let path), .rate(let path): expected[keyPath: path] = key == .ratio ? 300 : 3_000
        case .optionalMemory(let path, _): expected[keyPath: path] = .mb(3)
        }
        #expect(point.device.compressor == expected)
    }

    @Test("The reader puts every app key where the table says, and the JSON writer writes every key it keeps")
    func appKeysAreReadAndWritten() throws {
        let scenario = try ScenarioLoader.parse(Self.scenarioText(device: .reservedMB), path: "table.yaml")
        let app = scenario.apps[0]
        let defaults = AppProfile(id: app.id, activeKiB: app.activeKiB)
        let fields = Dictionary(uniqueKeysWithValues: ScenarioJSONWriter.appFields(app, defaultLifecycle: .app))
        for key in AppKey.allCases {
            switch key.target {
            case .id: #expect(app.id == "com.table.app")
            case .footprint(let path): #expect(app[keyPath: path] == .mb(Double(Self.unusualValue(key))!))
            case .memory(let path): #expect(app[keyPath: path] != defaults[keyPath: path], "\(key.rawValue)")
            case .time(let path): #expect(app[keyPath: path] == .ms(7_250), "\(key.rawValue)")
            case .optionalTime(let path): #expect(app[keyPath: path] == .ms(7_250), "\(key.rawValue)")
            case .flag(let path): #expect(app[keyPath: path] != defaults[keyPath: path], "\(key.rawValue)")
            case .modes: #expect(app.backgroundModes == AppProfile.BackgroundModes([.audio, .fetch]))
            case .lifecycle: #expect(app.lifecycle == .scene)
            case .traceName: #expect(scenario.apps.count == 1)
            case .optionalMemory(let path): #expect(app[keyPath: path] == .mb(123.5), "\(key.rawValue)")
            case .optionalRatio(let path): #expect(app[keyPath: path] == 175, "\(key.rawValue)")
            case .bgTasks: #expect(app.bgTasks == [AppProfile.TaskRequest(kind: .refresh, earliestMs: .ms(5_000), workMs: .ms(2_000))])
            }
            #expect((fields[key.rawValue] != nil) == (key.writing != .never), "the JSON writer and \(key.rawValue)")
        }
        let again = try ScenarioLoader.parse(ScenarioJSONWriter.json(scenario), path: "again.json")
        #expect(again.apps == scenario.apps)
    }

    @Test("AppProfile(id:activeMB:...:_:) sets every number key of the table as the reader does, defaults written once")
    func appProfileFromTheTable() throws {
        let file = try ScenarioLoader.parse(Self.scenarioText(device: .reservedMB), path: "table.yaml").apps[0]
        var numbers: [AppKey: Double] = [:]
        for key in AppKey.allCases {
            switch key.target {
            case .memory, .time, .optionalMemory, .optionalRatio, .optionalTime: numbers[key] = Double(Self.unusualValue(key))
            case .flag: numbers[key] = Self.unusualValue(key) == "true" ? 1 : 0
            case .id, .footprint, .modes, .lifecycle, .traceName, .bgTasks: break
            }
        }
        var code = AppProfile(
            id: "com.table.app", activeMB: 300, backgroundMB: 200, suspendedMB: 100, backgroundModes: [.audio, .fetch],
            lifecycle: .scene, numbers)
        code.bgTasks = file.bgTasks
        #expect(code == file)
        // The time defaults' words come from the profile's stored defaults (SPEC 7, 17).
        #expect([AppKey.coldLaunchS, .resumeS, .wakeWorkS, .backgroundTaskS].map(\.defaultRule) == ["0.4", "0.1", "1", "0"])
    }

    @Test("--set app.<id>.<key> accepts exactly the app keys that sweep", arguments: AppKey.allCases)
    func appKeySweeps(_ key: AppKey) {
        #expect((SweepKey(path: "app.com.table.app.\(key.rawValue)") != nil) == key.sweeps)
        #expect(SweepAxis.appKeys.contains(key.rawValue) == key.sweeps)
    }

    @Test("The reader puts every workload key where the table says, and --set accepts it", arguments: WorkloadKey.allCases)
    func workloadKeyIsRead(_ key: WorkloadKey) throws {
        let value = switch key.target {
        case .time, .positiveTime: "7.25"
        case .share: "0.25"
        case .rate: "3"
        case .exponent: "1.5"
        case .allocations: "{ per_hour: 3, mean_mb: 40 }"
        }
        let durationFirst = key == .durationS ? "" : "duration_s: 100, "
        let text = """
            name: table
            device: { ram_mb: 4096 }
            apps: [{ id: com.table.app, active_mb: 100 }]
            workload: { \(durationFirst)\(key.rawValue): \(value) }

            """
        let workload = try #require(try ScenarioLoader.parse(text, path: "table.yaml").generator as? Workload)
        switch key.target {
        case .time(let path), .positiveTime(let path): #expect(workload[keyPath: path] == .ms(7_250))
        case .share(let path): #expect(workload[keyPath: path] == Workload.Share(perMillion: 250_000))
        case .rate(let path): #expect(workload[keyPath: path] == Workload.Rate(perThousandHours: 3_000))
        case .exponent(let path): #expect(workload[keyPath: path] == 1_500)
        case .allocations: #expect(workload.meanAllocationKiB == .mb(40))
        }
        #expect((SweepKey(path: key.path) != nil) == key.sweeps)
    }

    // MARK: - trace: and expect:

    /// The keys an "unknown key" message of `text` lists (`expected one of a, b, c`).
    private static func allowedKeys(_ text: String) -> [String] {
        let messages = loadDiagnostics(text).map(\.message).filter { $0.hasPrefix("unknown key 'zz'") }
        #expect(messages.count == 1, "\(messages)")
        guard let list = messages.first?.split(separator: "expected one of ").last else { return [] }
        return list.split(separator: ", ").map(String.init)
    }

    /// A scenario with one app that replays the sample trace's user 2 under `trace:`'s `fields`.
    private static func traceText(_ fields: String, app: String = "{ id: com.google.Gmail, trace_name: Gmail, active_mb: 150 }") -> String {
        """
        name: table
        device: { ram_mb: 4096 }
        apps: [\(app)]
        trace: { file: \(TraceReplayTests.sample), \(fields) }

        """
    }

    @Test("trace: and trace.default_app allow exactly their table's keys, in its order")
    func traceAllowsTheTablesKeys() {
        #expect(Self.allowedKeys(Self.traceText("user: 2, zz: 1")) == TraceKey.names)
        #expect(Self.allowedKeys(Self.traceText("user: 2, default_app: { zz: 1 }")) == TraceKey.defaultAppKeys.map(\.rawValue))
    }

    @Test("The reader reads every trace: key; --set, sweep: and the axis titles know exactly the keys that sweep", arguments: TraceKey.allCases)
    func traceKeyIsRead(_ key: TraceKey) throws {
        let template = try ScenarioTemplate(text: Self.traceText("user: all, default_app: { active_mb: 200 }"), path: "table.yaml")
        let scenario = template.scenario
        switch key {
        case .file: #expect(template.tracePath == TraceReplayTests.sample && !scenario.events.isEmpty)
        case .user: #expect(template.sweep.map(\.key) == [.trace(key)] && template.sweep[0].values.count > 1)
        case .defaultApp: #expect(scenario.apps.dropFirst().map(\.activeKiB) == Array(repeating: .mb(200), count: scenario.apps.count - 1))
        }
        #expect(key.writing == .never && !ScenarioJSONWriter.json(scenario).contains("\"\(key.rawValue)\""))
        #expect((SweepKey(path: key.path) != nil) == key.sweeps)
        #expect(AxisTitle.text(key.path) == (key.sweeps ? key.words : key.path))
    }

    @Test("default_app takes every app key of its list, each put where AppKey's row says")
    func defaultAppTakesItsAppKeys() throws {
        let values = TraceKey.defaultAppKeys.map { "\($0.rawValue): \(Self.unusualValue($0))" }.joined(separator: ", ")
        let scenario = try ScenarioLoader.parse(Self.traceText("user: 2, default_app: { \(values) }", app: "{ id: com.table.app, \(values) }"),
                                                path: "table.yaml")
        let listed = scenario.apps[0]
        var traced = try #require(scenario.apps.first { $0.id.hasPrefix("trace.") })
        traced.id = listed.id
        #expect(traced == listed)
    }

    /// A value for `key` that its row's target holds, as a file writes it.
    private static func expectValue(_ key: ExpectKey) -> String {
        switch key.target {
        case .apps: "[com.table.app]"
        case .count: "3"
        case .flag: "true"
        case .rates: "{ never_killed_rate: { com.table.app: \">= 0.5\" } }"
        case .byPolicy: "{ lru: { max_pressure_kills: 0 } }"
        }
    }

    @Test("expect: and its by_policy entries allow exactly their table's keys, in its order")
    func expectAllowsTheTablesKeys() {
        let scenario = Self.scenarioText(device: .reservedMB)
        #expect(Self.allowedKeys(scenario + "expect: { zz: 1 }\n") == ExpectKey.names)
        #expect(Self.allowedKeys(scenario + "expect: { by_policy: { lru: { zz: 1 } } }\n") == ExpectKey.policyEntryNames)
        #expect(ExpectKey.policyEntryNames == ExpectKey.names.filter { $0 != ExpectKey.byPolicy.rawValue })
    }

    @Test("The reader puts every expect: key where the table says, with its line, also under by_policy; check judges on each run exactly the keys the table says", arguments: ExpectKey.allCases)
    func expectKeyIsRead(_ key: ExpectKey) throws {
        let scenario = Self.scenarioText(device: .reservedMB)
        let loaded = try ScenarioLoader.parse(scenario + "expect:\n  \(key.rawValue): \(Self.expectValue(key))\n", path: "table.yaml")
        let expectation = try #require(loaded.expectation)
        switch key.target {
        case .apps(let path): #expect(expectation[keyPath: path] == ["com.table.app"])
        case .count(let path): #expect(expectation[keyPath: path] == 3)
        case .flag(let path): #expect(expectation[keyPath: path] == true)
        case .rates: #expect(expectation.rates == [.init(rate: .neverKilledRate, app: "com.table.app", thousandths: 500...1000)])
        case .byPolicy: #expect(expectation.byPolicy == ["lru": Scenario.Expectation(maxPressureKills: 0)])
        }
        #expect((expectation.lines[key.rawValue] != nil) == (key != .byPolicy))
        #expect(key.writing == .never && !ScenarioJSONWriter.json(loaded).contains("\"\(key.rawValue)\""))
        #expect(ExpectationCheck.runKeys.contains(key.rawValue) == key.isCheckedPerRun)
        #expect(SweepKey(path: key.path) == nil && !key.sweeps)
        guard key != .byPolicy else { return }
        let underPolicy = try ScenarioLoader.parse(scenario + "expect: { by_policy: { lru: { \(key.rawValue): \(Self.expectValue(key)) } } }\n",
                                                   path: "table.yaml")
        #expect(underPolicy.expectation?.byPolicy["lru"]?.lines[key.rawValue] != nil)
    }
}

import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@testable import SuspendSimCore

/// STYLE section 8, a declaration table read by everyone: each row of `DeviceKey` and `AppKey`
/// reaches the reader, the JSON writer, `--set` and `device.csv`. A key added to a table that one
/// of them misses fails here, named.
@Suite struct KeyTableTests {
    /// A value of `unit` that no default has, as a file writes it.
    private static func unusualValue(_ unit: KeyUnit) -> String {
        switch unit {
        case .mb: "123.5"
        case .seconds: "7.25"
        case .flag, .list, .name: ""
        }
    }

    /// A value for `key` that differs from its default, as a file writes it.
    private static func unusualValue(_ key: DeviceKey) -> String {
        switch key {
        case .model: "iphone-11"
        case .ios: "\"17.2\""
        case .ramMB: "3000"
        case .appBackgroundLimitMB: "900"
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
        }
        #expect(Self.written(key, of: scenario.device) != nil, "the JSON writer leaves out \(key.rawValue)")
        let again = try ScenarioLoader.parse(ScenarioJSONWriter.json(scenario), path: "again.json")
        #expect(again.device == scenario.device)
    }

    @Test("device.csv has a row for every device key, in the table's order, then policy, file and end_s")
    func deviceCSVHasEveryKey() {
        #expect(DeviceCSV.rows.map(\.key) == DeviceKey.names + ["policy", "file", "end_s"])
    }

    @Test("--set and sweep: accept every device key that sweeps, and a point puts its value in the device", arguments: DeviceKey.allCases.filter(\.sweeps))
    func deviceKeySweeps(_ key: DeviceKey) throws {
        guard key != .model, key != .ios else {
            #expect(SweepAxis.isKnownKey(key.path))
            return
        }
        let value: Double = key == .ramMB ? 3000 : 1000
        let axis = try SweepAxis(parsing: "\(key.path)=\(Int(value))")
        let point = try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("table.yaml")
            try Self.scenarioText(device: .reservedMB).write(to: file, atomically: true, encoding: .utf8)
            return try ScenarioLoader.template(path: file.path).scenario(at: [SweepSetting(axis: axis, index: 0)])
        }
        switch key.target {
        case .memory(let path): #expect(point.device[keyPath: path] == .mb(value))
        case .optionalMemory(let path, _): #expect(point.device[keyPath: path] == .mb(value))
        case .time(let path): #expect(point.device[keyPath: path] == .seconds(1000))
        case .model, .ios: break
        }
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
            case .flag(let path): #expect(app[keyPath: path] != defaults[keyPath: path], "\(key.rawValue)")
            case .modes: #expect(app.backgroundModes == AppProfile.BackgroundModes([.audio, .fetch]))
            case .lifecycle: #expect(app.lifecycle == .scene)
            case .traceName: #expect(scenario.apps.count == 1)
            }
            #expect((fields[key.rawValue] != nil) == (key.writing != .never), "the JSON writer and \(key.rawValue)")
        }
        let again = try ScenarioLoader.parse(ScenarioJSONWriter.json(scenario), path: "again.json")
        #expect(again.apps == scenario.apps)
    }

    @Test("--set app.<id>.<key> accepts exactly the app keys that sweep", arguments: AppKey.allCases)
    func appKeySweeps(_ key: AppKey) {
        #expect(SweepAxis.isKnownKey("app.com.table.app.\(key.rawValue)") == key.sweeps)
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
        #expect(SweepAxis.isKnownKey(key.path) == key.sweeps)
    }
}

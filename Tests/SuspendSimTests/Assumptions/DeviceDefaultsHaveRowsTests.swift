import Testing
@testable import SuspendSim

/// SPEC 36: every default a run can take has its row. Over every bundled scenario, each value
/// `device.csv` writes that the file did not set (and that the table rows: not a user's
/// condition, a label, `reserved_mb` or a copy of another key) is in the run's
/// `assumptions.csv`, with the value `device.csv` writes.
struct DeviceDefaultsHaveRowsTests {
    /// The device keys that are not rows (SPEC 36's "Not rows"), and the blocks checked below
    /// (the compressor's, the freezer's and lmkd's).
    static let notRows: Set<DeviceKey> = [
        .reservedMB, .model, .ios, .charging, .lowPower, .backgroundAppRefresh, .appBackgroundLimitMB, .compressor, .freezer, .lmkd,
    ]
    static let reaperKeys: Set<DeviceKey> = [.reaperFreeMB, .reaperIdleS, .reaperIntervalS]

    @Test func everyDeviceCSVValueTheFileDidNotSetHasItsRow() throws {
        var checked = 0
        for file in try ScenarioLoader.scenarioFiles(in: [bundledScenariosFolder]) {
            let plan = try BatchPlan(templates: [try ScenarioLoader.template(path: file)], options: BatchPlan.Options())
            for entry in plan.entries {
                for point in entry.points.prefix(4) {
                    let policies = entry.kind == .singleEveryPolicy ? BuiltInPolicies.names : [point.scenario.policyName]
                    for policy in policies {
                        checked += try Self.check(point.scenario, policy: policy, file: file)
                    }
                }
            }
        }
        #expect(checked > 100)
    }

    /// SPEC 37: an iOS 18.5 phone under jetsam freezes by default, so it takes the freezer's
    /// rows (the 50 % start as this phone's MB); under lru, and with `max_frozen: 0`, none.
    @Test func theFreezerTakesItsRowsOnlyWhereItFreezes() throws {
        let text = UsedRowsTests.text(device: "{ ram_mb: 4000, ios: \"18.5\" }")
        let jetsam = try UsedRowsTests.used(text)
        #expect(jetsam["device.freezer.max_frozen"]?.value == "20" && jetsam["device.freezer.start_free_mb"]?.value == "2000.000")
        #expect(try UsedRowsTests.used(UsedRowsTests.text(device: "{ ram_mb: 4000, ios: \"18.5\" }", policy: "lru")).keys
            .allSatisfy { !$0.hasPrefix("device.freezer.") })
        let off = try UsedRowsTests.used(UsedRowsTests.text(device: "{ ram_mb: 4000, ios: \"18.5\", freezer: { max_frozen: 0 } }"))
        #expect(off.keys.allSatisfy { !$0.hasPrefix("device.freezer.") })
        // Before iOS 17.4 the freezer is off by default.
        #expect(try UsedRowsTests.used(UsedRowsTests.text(device: "{ ram_mb: 4000, ios: \"17.3\" }")).keys
            .allSatisfy { !$0.hasPrefix("device.freezer.") })
    }

    /// Checks one run's rows against its device; returns how many values it compared.
    static func check(_ scenario: Scenario, policy: String, file: String) throws -> Int {
        let rows = Dictionary(uniqueKeysWithValues: AssumptionTable.shipped.usedRows(scenario, policyName: policy).map { ($0.key, $0.value) })
        let device = scenario.device
        let context = AssumptionContext(scenario, policyName: policy)
        var expected: [String: String] = [:]
        for key in DeviceKey.allCases where !notRows.contains(key) && (!reaperKeys.contains(key) || context.reaperOn) {
            switch key.target {
            case .memory(let path): expected[key.path] = CSVFormatting.mbText(device[keyPath: path])
            case .time(let path): expected[key.path] = CSVFormatting.secondsText(device[keyPath: path])
            default: Issue.record("\(key) has no value to compare")
            }
        }
        if let compressor = device.compressor, device.compresses {
            expected[CompressorKey.ratio.path] = fixed(compressor.ratioHundredths, decimals: 2)
            expected[CompressorKey.decompressMBPerS.path] = fixed(compressor.decompressMilliMBPerS, decimals: 3)
        }
        if let freezer = device.freezer, context.freezerOn {
            for key in FreezerKey.allCases {
                expected[key.path] = switch key.target {
                case .count(let path): String(freezer[keyPath: path])
                case .memory(let path): CSVFormatting.mbText(freezer[keyPath: path])
                case .optionalMemory(_, let resolved): CSVFormatting.mbText(device[keyPath: resolved])
                case .time(let path): CSVFormatting.secondsText(freezer[keyPath: path])
                case .rate(let path): fixed(freezer[keyPath: path], decimals: 3)
                }
            }
        }
        if policy == "lmkd" {
            for level in device.lmkdMinfree { expected["device.lmkd.minfree.\(level.priority)"] = CSVFormatting.mbText(level.freeKiB) }
        }
        var compared = 0
        for (key, value) in expected {
            let given = key.hasPrefix("device.lmkd.") ? scenario.given.keys.contains(LMKDKey.minfree.path) : scenario.given.keys.contains(key)
            guard !given else {
                #expect(rows[key] == nil, "\(file) under \(policy): \(key) is set by the file, yet has a row")
                continue
            }
            #expect(rows[key] == value, "\(file) under \(policy): \(key) is \(value) in device.csv, \(rows[key] ?? "no row") in assumptions.csv")
            compared += 1
        }
        return compared
    }

    /// `value` in units of 10^-decimals, written as device.csv writes it.
    static func fixed(_ value: Int64, decimals: Int) -> String {
        var bytes: [UInt8] = []
        CSVFormatting.appendFixed(value, decimals: decimals, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}

import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// SPEC 37 "The compressor is on": under `ios:` 9 or later a device without `compressor:`
/// compresses as `compressor: {}` would; `pool_mb: 0` turns it off; earlier releases and the
/// classic profile are unchanged.
@Suite struct ShippedCompressorTests {
    /// `CompressorTests.fourApps` (four apps on a 1 GiB phone; free falls to 24 MB at 30 s)
    /// with `ios` and the compressor's block as given (nil: no block).
    static func fourApps(ios: String?, compressor: String?) -> String {
        var device = "ram_mb: 1024"
        if let ios { device += ", ios: \"\(ios)\"" }
        if let compressor { device += ", compressor: \(compressor)" }
        return CompressorTests.fourApps().replacingOccurrences(of: "ram_mb: 1024, compressor: {}", with: device)
    }

    static func load(ios: String?, compressor: String? = nil) throws -> Scenario {
        try ScenarioLoader.parse(fourApps(ios: ios, compressor: compressor), path: "four.yaml")
    }

    @Test("ios 9.3 and later compress without a compressor: block, as compressor: {} would (SPEC 37)",
          arguments: ["9", "9.3", "12.4", "16", "18.5", "26", "27.1"])
    func onFromIOS9(_ ios: String) throws {
        let scenario = try Self.load(ios: ios)
        #expect(scenario.device.compressor == Device.Compressor())
        // As CompressorTests' hand-derived case: com.a, then com.b (152.571 MB is still below
        // the warning level of 153.6 MB), each wholly, at 30 s.
        let rows = CompressorTests.compressionRows(Simulation.run(scenario))
        #expect(rows.map(\.app) == ["com.a", "com.b"], "ios \(ios)")
        #expect(rows.allSatisfy { $0.time == .seconds(30) && $0.compressedKiB == .mb(200) })
    }

    @Test("Before iOS 9, under the classic profile and with pool_mb: 0 nothing is compressed (SPEC 37)")
    func offBeforeIOS9AndClassic() throws {
        for ios in ["8", "8.4", "1", nil] as [String?] {
            let scenario = try Self.load(ios: ios)
            #expect(scenario.device.compressor == nil, "ios \(ios ?? "classic")")
            #expect(CompressorTests.compressionRows(Simulation.run(scenario)).isEmpty, "ios \(ios ?? "classic")")
        }
        let off = try Self.load(ios: "18.5", compressor: "{ pool_mb: 0 }")
        #expect(off.device.compressor?.poolKiB == .zero && !off.device.compresses)
        #expect(CompressorTests.compressionRows(Simulation.run(off)).isEmpty)
        // A block of its own still wins before iOS 9.
        let own = try Self.load(ios: "8.4", compressor: "{ ratio: 2 }")
        #expect(own.device.compressor?.ratioHundredths == 200)
    }

    @Test("device.csv shows the shipped compressor's values, and pool_mb 0 as 0.000 (SPEC 22, 37)")
    func deviceCSV() throws {
        try withTemporaryFolder { folder in
            let cases: [(String?, String?, [String])] = [
                // 1024 MB: the pool defaults to twice RAM at 2048 MB or less.
                ("18.5", nil, ["compressor_ratio,2.80", "compressor_pool_mb,2048.000", "compressor_decompress_mb_s,2000.000"]),
                ("18.5", "{ pool_mb: 0 }", ["compressor_ratio,2.80", "compressor_pool_mb,0.000"]),
                ("8.4", nil, ["compressor_ratio,", "compressor_pool_mb,", "compressor_decompress_mb_s,"]),
            ]
            for (index, (ios, block, rows)) in cases.enumerated() {
                let out = folder.appendingPathComponent("\(index)")
                try Simulation.run(try Self.load(ios: ios, compressor: block), writingReportTo: out)
                let device = try String(contentsOf: out.appendingPathComponent("device.csv"), encoding: .utf8)
                for row in rows { #expect(device.contains("\n" + row + "\n"), "\(ios ?? "classic") \(block ?? ""): \(row)") }
            }
        }
    }

    @Test("Sweeps of device.compressor.* act on the shipped compressor: pool_mb=0,1024 compares off and on (SPEC 23, 37)")
    func sweeps() throws {
        let template = try ScenarioTemplate(text: Self.fourApps(ios: "18.5", compressor: nil), path: "four.yaml")
        let pool = try SweepAxis(parsing: "device.compressor.pool_mb=0,1024")
        let pools = try (0..<2).map { try template.scenario(at: [SweepSetting(axis: pool, index: $0)]).device }
        #expect(pools.map { $0.compressor?.poolKiB } == [.zero, .mb(1024)])
        #expect(pools.map(\.compresses) == [false, true])
        let ratio = try SweepAxis(parsing: "device.compressor.ratio=2,3.5")
        let ratios = try (0..<2).map { try template.scenario(at: [SweepSetting(axis: ratio, index: $0)]).device.compressor }
        // The other keys stay at their defaults, as compressor: {} has them.
        #expect(ratios.map { $0?.ratioHundredths } == [200, 350])
        #expect(ratios.allSatisfy { $0?.poolKiB == nil && $0?.decompressMilliMBPerS == 2_000_000 })
    }

    @Test("Device(ramMB:ios:) and Device(model:ios:) resolve the compressor as a file does (SPEC 37)")
    func codedDevices() throws {
        #expect(Device(ramMB: 2048, ios: IOSVersion(major: 9, minor: 3)).compressor == Device.Compressor())
        #expect(Device(ramMB: 2048, ios: IOSVersion(major: 8, minor: 4)).compressor == nil)
        #expect(Device(ramMB: 2048).compressor == nil)
        #expect(try Device(model: "iphone-11", ios: "18.5").compressor == Device.Compressor())
    }

    @Test("The JSON writer writes the compressor only where it differs from the shipped one, and none under iOS 9+ as pool_mb 0")
    func writerRoundTrip() throws {
        var scenario = try Self.load(ios: "18.5")
        #expect(!ScenarioJSONWriter.json(scenario).contains("\"compressor\""))
        scenario.device.compressor = nil
        let json = ScenarioJSONWriter.json(scenario)
        #expect(json.contains("\"compressor\": {\"pool_mb\": 0}"))
        let read = try ScenarioLoader.parse(json, path: "x.json")
        #expect(!read.device.compresses)
        let classic = try Self.load(ios: nil, compressor: "{}")
        #expect(ScenarioJSONWriter.json(classic).contains("\"compressor\": {"))
    }
}

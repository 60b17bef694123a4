import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// The memory compressor (SPEC 22, 23): what it compresses, in which order, how much, what a
/// resume waits, what a kill frees, and what the reader refuses.
@Suite struct CompressorTests {
    /// Four apps of 300 MB active and 200 MB suspended on a 1 GiB phone, opened one after
    /// another, then `com.a` again: at 30 s free falls to 24 MB, below the warning threshold
    /// (153.6 MB, the default `start_free_mb`).
    static func fourApps(compressor: String = "{}", appExtras: [String: String] = [:]) -> String {
        let apps = ["com.a", "com.b", "com.c", "com.d"].map { id in
            "  - { id: \(id), active_mb: \(id == "com.d" ? 400 : 300), suspended_mb: 200\(appExtras[id].map { ", " + $0 } ?? "") }"
        }.joined(separator: "\n")
        return """
            name: four
            device: { ram_mb: 1024, compressor: \(compressor) }
            apps:
            \(apps)
            events:
              - { at: 0, open: com.a }
              - { at: 10, open: com.b }
              - { at: 20, open: com.c }
              - { at: 30, open: com.d }
              - { at: 40, open: com.a }

            """
    }

    static func run(_ text: String) throws -> SimulationResult<EventLog> {
        Simulation.run(try ScenarioLoader.parse(text, path: "four.yaml"))
    }

    /// The `memory.csv` rows that changed an app's compressed memory while it stayed suspended.
    static func compressionRows(_ result: SimulationResult<EventLog>) -> [(time: Millis, app: String, compressedKiB: KiB)] {
        var last: [AppIndex: KiB] = [:]
        var rows: [(Millis, String, KiB)] = []
        for record in result.log.footprints {
            if record.state == .suspended, record.compressedKiB > (last[record.app] ?? .zero) {
                rows.append((record.timeMs, result.apps[record.app].id, record.compressedKiB))
            }
            last[record.app] = record.compressedKiB
        }
        return rows
    }

    @Test("The earliest suspended app is compressed first, wholly, until free is back above start_free_mb (SPEC 22 step 2)")
    func earliestFirstUntilTheTarget() throws {
        let result = try Self.run(Self.fourApps())
        // com.a (suspended at 10 s) then com.b (20 s): 24 MB + 200 − 71.429 = 152.571 MB is still
        // below 153.6 MB, so com.b follows; com.c (30 s) is not needed.
        let rows = Self.compressionRows(result)
        #expect(rows.map(\.app) == ["com.a", "com.b"])
        #expect(rows.allSatisfy { $0.time == .seconds(30) && $0.compressedKiB == .mb(200) })
        // stored(c) = ⌈204800 × 100 / 280⌉ = 73143 KiB for each.
        let pressure = result.log.frees.last { $0.timeMs == .seconds(30) }
        #expect(pressure?.compressedKiB == .mb(400))
        #expect(pressure?.compressorKiB == .kib(2 * 73_143))
        #expect(result.apps.map(\.compressions) == [1, 1, 0, 0])
    }

    @Test("A warm launch waits for its decompression: c ÷ 1024 ÷ decompress_mb_s, in launch_wait_s and the resume histogram (SPEC 22)")
    func decompressionWait() throws {
        let result = try Self.run(Self.fourApps(compressor: "{ decompress_mb_s: 400 }"))
        let a = try #require(result.apps.first { $0.id == "com.a" })
        // 200 MB at 400 MB/s: 500 ms on top of resume_s (100 ms) and the cold launch (400 ms).
        #expect(a.decompressionWaits == [.ms(500): 1])
        #expect(a.launchWaitMs == .ms(400 + 100 + 500))
        // Leaving suspended gives it all back, in one memory.csv row.
        let row = try #require(result.log.footprints.last { $0.app == 0 })
        #expect(row.state == .inactive && row.compressedKiB == .zero)
    }

    @Test("A pool too small compresses part of the next app and is then full; a kill frees the victim's physical memory (SPEC 22, 23)")
    func partialCompressionAndKill() throws {
        let text = Self.fourApps(compressor: "{ pool_mb: 300 }")
            .replacingOccurrences(of: "suspended_mb: 200", with: "suspended_mb: 250")
            .replacingOccurrences(of: "active_mb: 400", with: "active_mb: 500")
        let result = try Self.run(text)
        let rows = Self.compressionRows(result)
        #expect(rows.prefix(2).map(\.app) == ["com.a", "com.b"])
        #expect(rows.prefix(2).map(\.compressedKiB) == [.mb(250), .mb(50)])
        let kill = try #require(result.log.evictions.first)
        #expect(result.apps[kill.who.app].id == "com.a" && kill.compressor.compressedKiB == .mb(250))
        // Physical memory: 250 MB − 250 MB + ⌈256000 × 100 / 280⌉ KiB.
        #expect(kill.memory.freeAfterKiB - kill.memory.freeBeforeKiB == .kib(91_429))
        #expect(kill.compressor.shortfall == .poolFull)
    }

    @Test("compressible_mb bounds what an app may compress, and compression_ratio is its own (SPEC 22)")
    func appKeys() throws {
        let result = try Self.run(Self.fourApps(appExtras: ["com.a": "compressible_mb: 50", "com.b": "compression_ratio: 1.25"]))
        let rows = Self.compressionRows(result)
        #expect(rows.first { $0.app == "com.a" }?.compressedKiB == .mb(50))
        #expect(rows.first { $0.app == "com.b" }?.compressedKiB == .mb(200))
        let last = try #require(result.log.frees.last { $0.timeMs == .seconds(30) })
        let storedA = KiB.mb(50).compressed(ratioHundredths: 280)
        let storedB = KiB.mb(200).compressed(ratioHundredths: 125)
        #expect(last.compressorKiB == storedA + storedB + (last.compressedKiB - .mb(250)).compressed(ratioHundredths: 280))
    }

    @Test("pool_mb 0 runs like no compressor: every report but device.csv is the same bytes (SPEC 23)")
    func poolZeroIsOff() throws {
        try withTemporaryFolder { folder in
            let off = try ScenarioLoader.parse(Self.fourApps(compressor: "{ pool_mb: 0 }"), path: "four.yaml")
            var none = off
            none.device.compressor = nil
            try Simulation.run(off, writingReportTo: folder.appendingPathComponent("off"))
            try Simulation.run(none, writingReportTo: folder.appendingPathComponent("none"))
            for file in RunReportFile.allCases {
                let a = try Data(contentsOf: folder.appendingPathComponent("off/" + file.fileName))
                let b = try Data(contentsOf: folder.appendingPathComponent("none/" + file.fileName))
                #expect((a == b) == (file != .device), "\(file.fileName)")
            }
            let device = try String(contentsOf: folder.appendingPathComponent("off/device.csv"), encoding: .utf8)
            #expect(device.contains("compressor_pool_mb,0.000\n") && device.contains("compressor_ratio,2.80\n"))
        }
    }

    @Test("Bad compressor input is refused, located and named (SPEC 23)", arguments: [
        ("compressor: { ratio: 0.5 }", "device.compressor.ratio: must be at least 1"),
        ("compressor: { ratio: 2.855 }", "device.compressor.ratio: must have at most 2 decimals"),
        ("compressor: { pool_mb: -1 }", "device.compressor.pool_mb: must not be negative"),
        ("compressor: { start_free_mb: -5 }", "device.compressor.start_free_mb: must not be negative"),
        ("compressor: { decompress_mb_s: 0 }", "device.compressor.decompress_mb_s: must be more than 0"),
        ("compressor: { decompress_mb_s: 1.0005 }", "device.compressor.decompress_mb_s: must have at most 3 decimals"),
        ("compressor: { ratio: \"2.8\" }", "device.compressor.ratio: must be a number"),
        ("compressor: { level: 3 }", "device.compressor.level: unknown key 'level'"),
        ("compressor:", "device.compressor: must be a mapping"),
        ("compressor: [1]", "device.compressor: must be a mapping"),
    ])
    func badInput(_ block: String, _ message: String) {
        let text = "name: t\ndevice:\n  ram_mb: 1024\n  \(block)\napps: [{ id: a, active_mb: 1 }]\n"
        let diagnostics = loadDiagnostics(text).map(\.description)
        #expect(diagnostics.count == 1 && diagnostics[0].hasPrefix("x.yaml:4:") && diagnostics[0].contains(message), "\(diagnostics)")
    }

    @Test("The app keys are checked without a compressor too, and change nothing there (SPEC 23)")
    func appKeysWithoutCompressor() throws {
        let bad = "name: t\ndevice: { ram_mb: 1024 }\napps: [{ id: a, active_mb: 1, compression_ratio: 0.5 }]\n"
        #expect(loadDiagnostics(bad).map(\.description) == ["x.yaml:3:50: apps[0].compression_ratio: must be at least 1, got 0.5"])
        let plain = try ScenarioLoader.parse(Self.fourApps().replacingOccurrences(of: ", compressor: {}", with: ""), path: "four.yaml")
        var keyed = plain
        keyed.apps[0].compressibleKiB = .mb(10)
        keyed.apps[0].compressionRatioHundredths = 150
        #expect(Simulation.run(plain).log.footprints == Simulation.run(keyed).log.footprints)
    }

    @Test("explain tells when and how much a victim was compressed, and why compression did not reach the target (SPEC 22)")
    func explainText() throws {
        let text = Self.fourApps(compressor: "{ pool_mb: 300 }").replacingOccurrences(of: "suspended_mb: 200", with: "suspended_mb: 250")
            .replacingOccurrences(of: "active_mb: 400", with: "active_mb: 500")
        let scenario = try ScenarioLoader.parse(text, path: "four.yaml")
        let result = Simulation.run(scenario)
        let eviction = try #require(result.log.evictions.first)
        let lines = CompressionNarrative.lines(eviction, steps: [CompressionStep(timeMs: .seconds(30), compressedKiB: .mb(250))],
                                               scenario: scenario, policy: JetsamPolicy())
        #expect(lines == [
            "    Compressed at 30.000 s: 250.000 MB held in 89.286 MB.",
            "    Compression did not reach the target: the pool was full (pool_mb 300.000 MB).",
        ])
    }

    /// Random scenarios with a random compressor run under every invariant of the independent
    /// model (`InvariantRecorder`), compressor rules included.
    @Test("Random scenarios with a compressor keep every invariant, compressions included", arguments: 0..<4)
    func randomScenariosKeepTheInvariants(_ batch: UInt64) {
        var compressions = 0
        for seed in (batch * 15)..<(batch * 15 + 15) {
            var scenario = RandomScenario.make(apps: 8, events: 300, seed: seed, ramMB: 1024)
            var random = SplitMix64(seed: seed &+ 99)
            var compressor = Device.Compressor()
            compressor.ratioHundredths = 100 + Int64(random.index(below: 300))
            compressor.poolKiB = [nil, .zero, .mb(Double(50 + random.index(below: 1000)))][random.index(below: 3)]
            compressor.startFreeKiB = random.index(below: 2) == 0 ? nil : .mb(Double(random.index(below: 400)))
            compressor.decompressMilliMBPerS = 1 + Int64(random.index(below: 3_000_000))
            scenario.device.compressor = compressor
            for index in scenario.apps.indices where random.index(below: 3) == 0 {
                scenario.apps[index].compressionRatioHundredths = 100 + Int64(random.index(below: 300))
                scenario.apps[index].compressibleKiB = .mb(Double(random.index(below: 200)))
            }
            for policy in BuiltInPolicies.all {
                let outcome = InvariantRun.check(scenario, policy: policy)
                #expect(outcome.violations.isEmpty, "seed \(seed) \(policy.name): \(outcome.violations.prefix(3))")
                compressions += outcome.result.apps.reduce(0) { $0 + $1.compressions }
            }
        }
        #expect(compressions > 0)
    }
}

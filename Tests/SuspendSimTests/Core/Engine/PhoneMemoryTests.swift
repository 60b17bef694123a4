import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// SPEC 31 (the compressor works first) and SPEC 32 (session memory, settled free memory),
/// on small scenarios whose every figure is worked out by hand.
@Suite struct PhoneMemoryTests {
    static func load(_ text: String) throws -> Scenario { try ScenarioLoader.parse(text, path: "x.yaml") }

    @Test("The default start_free_mb is the policy's highest pressure kill level; a set one wins (SPEC 31)")
    func defaultStart() throws {
        var device = Device(ramKiB: .mb(1024))
        (device.warningFreeKiB, device.criticalFreeKiB, device.idleFreeKiB, device.reaperFreeKiB) = (.mb(100), .mb(150), .mb(120), .mb(200))
        device.longIdleReaper = true
        device.compressor = Device.Compressor()
        // jetsam with the reaper: 200; without it, idle 150 < critical 150? critical 150 wins over idle 120.
        #expect(device.defaultCompressorStartFreeKiB(.init(JetsamPolicy(), on: device)) == .mb(200))
        #expect(device.defaultCompressorStartFreeKiB(.init(LRUPolicy(), on: device)) == .mb(150))
        // lmkd: no critical level; its largest minfree level, 315 MB by default (SPEC 33, 34).
        #expect(device.defaultCompressorStartFreeKiB(.init(LMKDPolicy(), on: device)) == .mb(315))
        device.lmkdMinfree = [Device.KillLevel(priority: 900, freeKiB: .mb(90))]
        #expect(device.defaultCompressorStartFreeKiB(.init(LMKDPolicy(), on: device)) == .mb(100))
        device.lmkdMinfree = Device.KillLevel.lmkdDefault
        device.longIdleReaper = false
        device.criticalFreeKiB = .mb(50)
        #expect(device.defaultCompressorStartFreeKiB(.init(JetsamPolicy(), on: device)) == .mb(120))
        #expect(device.defaultCompressorStartFreeKiB(.init(LargestFirstPolicy(), on: device)) == .mb(100))
        #expect(device.resolvingCompressorStart(.init(JetsamPolicy(), on: device)).compressorStartFreeKiB == .mb(120))
        device.compressor?.startFreeKiB = .mb(10)
        #expect(device.resolvingCompressorStart(.init(JetsamPolicy(), on: device)).compressorStartFreeKiB == .mb(10))
        var bare = Device(ramKiB: .mb(1024))
        bare.reaperFreeKiB = .mb(900)
        #expect(bare.resolvingCompressorStart(.init(JetsamPolicy(), on: bare)) == bare, "no compressor, nothing changes")
    }

    @Test("device.csv's compressor_start_free_mb is each policy's own under --policy all (SPEC 31)")
    func deviceCSVPerPolicy() throws {
        // 1024 MB on iOS 18.5: warning 15 % 153.600, critical 5 % 51.200, idle 10 % 102.400, reaper 20 % 204.800.
        let scenario = try Self.load("name: t\ndevice: { ram_mb: 1024, ios: \"18.5\", compressor: {} }\napps: [{ id: a, active_mb: 1 }]\n")
        let row = try #require(DeviceCSV.rows.first { $0.key == "compressor_start_free_mb" })
        let values = ["jetsam", "lru", "lmkd", "largest-first"].map { policy in
            var bytes = CSVRowWriter(capacity: 64)
            defer { bytes.deallocate() }
            row.value(scenario, policy, &bytes)
            return String(decoding: bytes.bytes, as: UTF8.self)
        }
        #expect(values == ["204.800", "153.600", "315.000", "153.600"])
    }

    /// iOS 18.5 under jetsam: a suspended app left free at 200 MB, below the reaper's 204.8 MB
    /// and above the warning level's 153.6 MB.
    static func reaperPhone(compressor: String) -> String {
        """
        name: reaper
        policy: jetsam
        end_s: 120
        device: { ram_mb: 1024, ios: "18.5", system_mb: 224, reaper_interval_s: 10, reaper_idle_s: 20\(compressor) }
        apps:
          - { id: com.a, active_mb: 300, suspended_mb: 200 }
          - { id: com.b, active_mb: 400 }
        events:
          - { at: 0, open: com.a }
          - { at: 10, open: com.b }

        """
    }

    @Test("On iOS 18.5 the compressor starts at the reaper's level and keeps the reaper from killing (SPEC 31)")
    func compressorBeforeReaper() throws {
        // Free after com.b opens: 1024 - 224 - 200 - 400 = 200 MB < 204.8: the reaper's kill,
        // unless the compressor starts there and holds com.a's 200 MB in 200 ÷ 2.8 = 71.43 MB.
        // pool_mb 0: off, though iOS 18.5 ships it (SPEC 37).
        let plain = Simulation.run(try Self.load(Self.reaperPhone(compressor: ", compressor: { pool_mb: 0 }")))
        #expect(plain.log.evictions.map(\.who.reason) == [.longIdleExit])
        let old = Simulation.run(try Self.load(Self.reaperPhone(compressor: ", compressor: { start_free_mb: 153.6 }")))
        #expect(old.log.evictions.map(\.who.reason) == [.longIdleExit], "the warning level does not start it")
        let first = Simulation.run(try Self.load(Self.reaperPhone(compressor: ", compressor: {}")))
        #expect(first.log.evictions.isEmpty)
        // Without the block, iOS 18.5's shipped compressor is compressor: {} (SPEC 37).
        #expect(Simulation.run(try Self.load(Self.reaperPhone(compressor: ""))).log.footprints == first.log.footprints)
        let compressed = first.log.footprints.filter { $0.compressedKiB > .zero }
        #expect(compressed.map(\.compressedKiB) == [.mb(200)])
        // ⌈204800 × 100 ÷ 280⌉ = 73143 KiB held: free = 819200 - 409600 - 73143 KiB.
        #expect(first.log.frees.last?.freeKiB == KiB(819_200 - 409_600 - 73_143))
    }

    @Test("The long-idle reaper's tick compresses first, with pool room a kill of the last check freed (SPEC 31)")
    func reaperTickCompressesFirst() throws {
        // Ratio 10: 200 MB held in 20 MB. At 20 s com.p is compressed (pool full), free 280;
        // at 30 s the system takes 190 (free 90 < idle 100): jetsam idle-kills com.p (frees
        // 20, free 110), and the pool's room waits for the next check. The reaper's tick at
        // 30 s compresses com.q first (free 290 >= 250) and so does not kill it.
        let text = """
            name: tick
            policy: jetsam
            end_s: 31
            device:
              ram_mb: 1024
              ios: "18.5"
              system_mb: 224
              warning_free_mb: 100
              idle_free_mb: 100
              critical_free_mb: 100
              reaper_free_mb: 250
              reaper_interval_s: 10
              reaper_idle_s: 5
              compressor: { pool_mb: 200, ratio: 10 }
            apps:
              - { id: com.p, active_mb: 250, suspended_mb: 200 }
              - { id: com.q, active_mb: 250, suspended_mb: 200 }
              - { id: com.f, active_mb: 300 }
            events:
              - { at: 0, open: com.p }
              - { at: 10, open: com.q }
              - { at: 20, open: com.f }
              - { at: 30, system_allocate: { mb: 190 } }

            """
        let scenario = try Self.load(text)
        let result = Simulation.run(scenario)
        #expect(result.log.evictions.map { scenario.apps[$0.who.app].id } == ["com.p"])
        #expect(result.log.evictions.map(\.who.reason) == [.memoryPressure])
        let compressions = result.log.footprints.filter { $0.compressedKiB > .zero }.map { (scenario.apps[$0.app].id, $0.timeMs) }
        #expect(compressions.map(\.0) == ["com.p", "com.q"])
        #expect(compressions.map(\.1) == [.seconds(20), .seconds(30)])
        #expect(result.log.frees.last?.freeKiB == .mb(290))
    }
}

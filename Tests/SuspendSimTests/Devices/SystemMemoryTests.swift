import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// SPEC 30 "System memory per phone": the catalog's `system_mb`, scaled to a set `ram_mb`
/// exactly on whole KiB, its source in `device.csv`, and `run`'s note for an estimate.
@Suite struct SystemMemoryTests {
    @Test("The catalog's system_mb is ram_mb - app_limit_mb: limit for a measured limit, estimated otherwise (SPEC 30)")
    func catalogColumns() throws {
        let catalog = DeviceCatalog.shipped
        for entry in catalog.entries {
            #expect(entry.systemMB == entry.ramMB - entry.appLimitMB, "\(entry.model)")
            #expect(entry.systemSource == (entry.limitSource == "measured" ? .limit : .estimated), "\(entry.model)")
        }
        // iPhone 11: 3844 - 2068; iPhone 14 (SPEC 37's basis): 5652 - 3109.
        #expect(catalog.entry(model: "iphone-11")?.systemMB == 1776)
        #expect(catalog.entry(model: "iphone-14")?.systemMB == 2543)
        #expect(DeviceCatalog.columns.suffix(7)
            == ["limit_source", "system_mb", "system_source", "ram_source", "limit_low_mb", "limit_high_mb", "source"])
    }

    @Test("Scaling is exact on whole KiB and rounds half up (SPEC 30)")
    func scalingRounds() throws {
        // 3 × 1 ÷ 2 = 1.5 -> 2; 1 × 1 ÷ 4 = 0.25 -> 0; 5 × 3 ÷ 4 = 3.75 -> 4; equal RAMs keep it.
        #expect(try Device.scaledSystemKiB(KiB(3), ramKiB: KiB(1), catalogRAMKiB: KiB(2)) == KiB(2))
        #expect(try Device.scaledSystemKiB(KiB(1), ramKiB: KiB(1), catalogRAMKiB: KiB(4)) == KiB(0))
        #expect(try Device.scaledSystemKiB(KiB(5), ramKiB: KiB(3), catalogRAMKiB: KiB(4)) == KiB(4))
        #expect(try Device.scaledSystemKiB(.mb(1776), ramKiB: .mb(3844), catalogRAMKiB: .mb(3844)) == .mb(1776))
        // No overflow on large values: 2^40 × 2^40 ÷ 2^40.
        #expect(try Device.scaledSystemKiB(KiB(1 << 40), ramKiB: KiB(1 << 40), catalogRAMKiB: KiB(1 << 40)) == KiB(1 << 40))
    }

    @Test("A catalog phone gets the catalog's system_mb, scaled when ram_mb is set; a set key wins (SPEC 30)")
    func scenarioSystemMemory() throws {
        let plain = try load(device: "model: iphone-11").device
        #expect(plain.systemKiB == .mb(1776) && plain.systemSource == .limit)
        // 1776 MB × 3000 ÷ 3844 = 1386.0562... MB = 1419321.54 KiB -> 1419322 KiB.
        let scaled = try load(device: "{ model: iphone-11, ram_mb: 3000 }").device
        #expect(scaled.systemKiB == KiB(1_419_322) && scaled.systemSource == .limit)
        // 1776 × 2048 ÷ 3844 MB = 968923.5047 KiB -> 968924 KiB; app_limit_mb is not scaled.
        let small = try load(device: "{ model: iphone-11, ram_mb: 2048 }").device
        #expect(small.systemKiB == KiB(968_924) && small.appLimitKiB == .mb(2068))
        let set = try load(device: "{ model: iphone-11, system_mb: 500 }").device
        #expect(set.systemKiB == .mb(500) && set.systemSource == .set)
        let bare = try load(device: "{ ram_mb: 2048 }").device
        #expect(bare.systemKiB == .zero && bare.systemSource == .none)
        let setBare = try load(device: "{ ram_mb: 2048, system_mb: 0 }").device
        #expect(setBare.systemSource == .set)
        let estimated = try load(device: "model: iphone-14").device
        #expect(estimated.systemKiB == .mb(2543) && estimated.systemSource == .estimated)
        #expect(try load(device: "{ model: iphone-11, reserved_mb: 10 }").device.reservedKiB == .mb(10))
        #expect(plain.reservedKiB == .zero)
        // Device(model:) in code resolves alike.
        let coded = try Device(model: "iPhone 11")
        #expect(coded.systemKiB == .mb(1776) && coded.systemSource == .limit)
    }

    @Test("--set device.ram_mb and sweep: scale a catalog phone's system_mb; --set device.system_mb is set (SPEC 30)")
    func sweptRAM() throws {
        let template = try ScenarioTemplate(text: text(device: "{ model: iphone-11 }"), path: "x.yaml")
        let ram = try SweepAxis(parsing: "device.ram_mb=3000,3844")
        let devices = try (0..<2).map { try template.scenario(at: [SweepSetting(axis: ram, index: $0)]).device }
        #expect(devices.map(\.systemKiB) == [KiB(1_419_322), .mb(1776)])
        #expect(devices.map(\.systemSource) == [.limit, .limit])
        let system = try SweepAxis(parsing: "device.system_mb=100")
        let set = try template.scenario(at: [SweepSetting(axis: system, index: 0)]).device
        #expect(set.systemKiB == .mb(100) && set.systemSource == .set)
        let swept = try ScenarioTemplate(text: text(device: "{ model: iphone-11 }") + "\nsweep:\n  device.ram_mb: [2048]\n", path: "x.yaml")
        let point = try swept.scenario(at: [SweepSetting(axis: try #require(swept.sweep.first), index: 0)])
        #expect(point.device.systemKiB == KiB(968_924))
    }

    @Test("device.csv has system_source right after system_mb: limit, estimated, set or none (SPEC 30)")
    func deviceCSVRow() throws {
        let keys = DeviceCSV.rows.map(\.key)
        let index = try #require(keys.firstIndex(of: "system_mb"))
        #expect(keys[index + 1] == "system_source")
        let row = DeviceCSV.rows[index + 1]
        for (device, word) in [("model: iphone-11", "limit"), ("model: iphone-14", "estimated"),
                               ("{ model: iphone-14, system_mb: 1 }", "set"), ("{ ram_mb: 1024 }", "none")] {
            var bytes = CSVRowWriter(capacity: 64)
            defer { bytes.deallocate() }
            row.value(try load(device: device), "jetsam", &bytes)
            #expect(String(decoding: bytes.bytes, as: UTF8.self) == word, "\(device)")
        }
    }

    @Test("run and check note an estimated system_mb once per file, in SPEC 30's words")
    func note() throws {
        let estimated = try load(device: "model: iphone-14").device
        #expect(SystemMemoryNote.text(file: "a.yaml", device: estimated)
            == "note: a.yaml: system_mb 2543.000 for iphone-14 is estimated (docs/validation.md)")
        #expect(SystemMemoryNote.text(file: "a.yaml", device: try load(device: "model: iphone-11").device) == nil)
        #expect(SystemMemoryNote.text(file: "a.yaml", device: try load(device: "{ model: iphone-14, system_mb: 9 }").device) == nil)
        let template = try ScenarioTemplate(text: text(device: "{ model: iphone-14 }"), path: "p.yaml")
        var options = BatchPlan.Options()
        options.settings = [try SweepAxis(parsing: "device.ram_mb=2826,5652")]
        let plan = try BatchPlan(templates: [template, template], options: options)
        // 2543 × 2826 ÷ 5652 = 1271.5 MB: one note per file, the first point's value.
        #expect(plan.systemMemoryNotes == [
            "note: p.yaml: system_mb 1271.500 for iphone-14 is estimated (docs/validation.md)",
            "note: p.yaml: system_mb 1271.500 for iphone-14 is estimated (docs/validation.md)",
        ])
    }

    private func text(device: String) -> String {
        """
        name: t
        policy: jetsam
        device:
          \(device)
        apps:
          - { id: com.a, active_mb: 100 }
        """
    }

    private func load(device: String) throws -> Scenario {
        try ScenarioLoader.parse(text(device: device), path: "x.yaml")
    }
}

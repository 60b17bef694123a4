import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// SPEC 11 "Catalog" and SPEC 16: the device catalog and how `device.model` and `device.ios`
/// resolve a device.
@Suite struct DeviceCatalogTests {
    let catalog = DeviceCatalog.shipped

    @Test("The catalog holds SPEC 11's measured per-app limits (the public \"crash at / of total\" table)")
    func measuredRowsMatchThePublicTable() throws {
        let measured: [(String, Int, Int)] = [
            ("iphone-5s", 646, 1024), ("iphone-6", 645, 1024), ("iphone-6s", 1395, 2048), ("iphone-7", 1395, 2048),
            ("iphone-7-plus", 2040, 3072), ("iphone-8", 1364, 1990), ("iphone-x", 1392, 2785), ("iphone-xs", 2040, 3754),
            ("iphone-xs-max", 2039, 3735), ("iphone-xr", 1792, 2813), ("iphone-11", 2068, 3844),
            ("iphone-11-pro-max", 2067, 3740), ("ipad-air-2", 1383, 2048), ("ipad-pro-10.5", 3057, 4000),
            ("ipad-pro-12.9-2018", 4598, 5650),
        ]
        for (model, limit, ram) in measured {
            let entry = try #require(catalog.entry(model: model), "\(model) is missing")
            #expect(entry.appLimitMB == limit && entry.ramMB == ram && entry.limitSource == "measured", "\(model)")
        }
    }

    @Test("Estimated rows give 55 % of RAM, rounded half up to a MB, and say so in their source (SPEC 11)")
    func estimatedRowsAreFiftyFivePercent() {
        let estimated = catalog.entries.filter { $0.limitSource == "estimated" }
        #expect(estimated.count >= 10)
        for entry in estimated {
            #expect(entry.appLimitMB == (entry.ramMB * 55 * 2 + 100) / 200, "\(entry.model)")
            #expect(entry.source.contains("estimated"), "\(entry.model)")
        }
    }

    @Test("The catalog on one basis: nominal RAM is GB × 1024 × 0.92, an estimate's range 50.0-63.7 % of it, a measured limit its own range (SPEC 37)")
    func catalogOnOneBasis() throws {
        for entry in catalog.entries {
            switch entry.ramSource {
            case .nominal:
                // The GB figure the source names: "RAM: 6 GB ..."; × 1024 × 0.92 in hundredths, half up.
                let gb = try #require(entry.source.split(separator: " ").dropFirst().first.flatMap { Int($0) }, "\(entry.model)")
                #expect(entry.ramMB == (gb * 1024 * 92 * 2 + 100) / 200, "\(entry.model)")
                #expect(entry.limitSource == "estimated", "\(entry.model)")
            case .reported:
                #expect(entry.limitSource == "measured", "\(entry.model)")
            }
            if entry.limitSource == "measured" {
                #expect(entry.limitLowMB == entry.appLimitMB && entry.limitHighMB == entry.appLimitMB, "\(entry.model)")
            } else {
                // 50.0 % and 63.7 % of ram_mb, in thousandths, half up.
                #expect(entry.limitLowMB == (entry.ramMB * 500 * 2 + 1000) / 2000, "\(entry.model)")
                #expect(entry.limitHighMB == (entry.ramMB * 637 * 2 + 1000) / 2000, "\(entry.model)")
            }
        }
        // Worked by hand: 4 GB: 4096 × 0.92 = 3768.32 -> 3768, 55 % 2072.4 -> 2072, 63.7 % 2400.216 -> 2400;
        // 8 GB: 7536.64 -> 7537, 50 % 3768.5 -> 3769, 63.7 % 4801.069 -> 4801.
        let iphone12 = try #require(catalog.entry(model: "iphone-12"))
        #expect([iphone12.ramMB, iphone12.appLimitMB, iphone12.limitLowMB, iphone12.limitHighMB] == [3768, 2072, 1884, 2400])
        let iphone16 = try #require(catalog.entry(model: "iphone-16"))
        #expect([iphone16.ramMB, iphone16.appLimitMB, iphone16.limitLowMB, iphone16.limitHighMB] == [7537, 4145, 3769, 4801])
        #expect(catalog.entry(model: "iphone-11")?.ramSource == .reported)
    }

    @Test("Today's phones: the SE (2nd, 3rd), the mini, Plus and Pro Max of the 12 to 16, the 16e, the 17 family and the Air (SPEC 11)")
    func todaysPhones() throws {
        // product id -> (model, RAM in MB: Apple's GB × 1024 × 0.92, half up (SPEC 37): 3 GB
        // 2826.24 -> 2826, 4 GB 3768, 6 GB 5652, 8 GB 7537, 12 GB 11304.96 -> 11305).
        let phones: [(String, String, Int)] = [
            ("iPhone12,8", "iphone-se-2", 2826), ("iPhone14,6", "iphone-se-3", 3768),
            ("iPhone13,1", "iphone-12-mini", 3768), ("iPhone13,4", "iphone-12-pro-max", 5652),
            ("iPhone14,4", "iphone-13-mini", 3768), ("iPhone14,3", "iphone-13-pro-max", 5652),
            ("iPhone14,8", "iphone-14-plus", 5652), ("iPhone15,3", "iphone-14-pro-max", 5652),
            ("iPhone15,5", "iphone-15-plus", 5652), ("iPhone16,2", "iphone-15-pro-max", 7537),
            ("iPhone17,4", "iphone-16-plus", 7537), ("iPhone17,2", "iphone-16-pro-max", 7537),
            ("iPhone17,5", "iphone-16e", 7537), ("iPhone18,3", "iphone-17", 7537),
            ("iPhone18,1", "iphone-17-pro", 11305), ("iPhone18,2", "iphone-17-pro-max", 11305),
            ("iPhone18,4", "iphone-air", 11305),
        ]
        for (product, model, ram) in phones {
            let entry = try #require(catalog.entry(product: product), "\(product) is missing")
            #expect(entry.model == model && entry.ramMB == ram && entry.limitSource == "estimated" && entry.ramSource == .nominal, "\(product)")
        }
        #expect(catalog.entry(product: "iPhone12,8")?.appLimitMB == 1554)   // 2826 × 0.55 = 1554.3
        #expect(catalog.entry(product: "iPhone18,4")?.appLimitMB == 6218)   // 11305 × 0.55 = 6217.75, half up
        #expect(catalog.entry(named: "iPhone SE (2nd generation)")?.model == "iphone-se-2")
    }

    @Test("Model names are lower-case and hyphenated, unique, and matched case-insensitively (SPEC 16)")
    func modelNames() {
        let names = catalog.entries.map(\.model)
        #expect(Set(names).count == names.count)
        #expect(names.allSatisfy { $0 == $0.lowercased() && !$0.contains(" ") })
        #expect(catalog.entry(model: "iPhone-11")?.name == "iPhone 11")
        #expect(catalog.entry(product: "iPhone12,1")?.model == "iphone-11")
        #expect(catalog.entry(product: "iPhone14,7")?.model == "iphone-14")
    }

    @Test("device.model fills ram_mb and app_limit_mb; thresholds follow the resolved RAM (SPEC 11, 16)")
    func modelFillsTheDefaults() throws {
        let device = try load(device: "model: iphone-11").device
        #expect(device.ramKiB == .mb(3844))
        #expect(device.appLimitKiB == .mb(2068))
        #expect(device.criticalFreeKiB == Device(ramKiB: 3844 * 1024).criticalFreeKiB)
        #expect(device.model == "iphone-11")
    }

    @Test("An explicit key wins over the catalog; with model and ram_mb, app_limit_mb stays the catalog's (SPEC 16)")
    func explicitKeysWin() throws {
        let device = try load(device: "{ model: iphone-11, ram_mb: 4096 }").device
        #expect(device.ramKiB == .mb(4096))
        #expect(device.appLimitKiB == .mb(2068))
        #expect(device.criticalFreeKiB == Device(ramKiB: 4096 * 1024).criticalFreeKiB)
        let limited = try load(device: "{ model: iphone-11, app_limit_mb: 1000 }").device
        #expect(limited.appLimitKiB == .mb(1000))
    }

    @Test("An unknown model is a located error that lists the nearest names (SPEC 11)")
    func unknownModel() {
        let diagnostics = loadDiagnostics(text(device: "model: iphone-111"))
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.line == 4)
        #expect(diagnostics.first?.field == "device.model")
        #expect(diagnostics.first?.message.contains("unknown model 'iphone-111'; nearest: iphone-11") == true)
    }

    @Test("ios is a quoted MAJOR[.MINOR] or an integer; a YAML float and other text are errors (SPEC 16)")
    func iosSpelling() throws {
        #expect(try load(device: "{ ram_mb: 2048, ios: \"18.4\" }").device.ios == IOSVersion(major: 18, minor: 4))
        #expect(try load(device: "{ ram_mb: 2048, ios: 12 }").device.ios == IOSVersion(major: 12))
        #expect(try load(device: "{ ram_mb: 2048, ios: \"18.10\" }").device.ios! > IOSVersion(major: 18, minor: 4))
        for bad in ["18.5", "\"18.x\"", "\"18.4.1\"", "\"\"", "[18]"] {
            let diagnostics = loadDiagnostics(text(device: "{ ram_mb: 2048, ios: \(bad) }"))
            #expect(diagnostics.map(\.field) == ["device.ios"], "ios: \(bad)")
            #expect(diagnostics.first?.line == 4)
        }
    }

    @Test("ios majors that never shipped are located errors listing the valid ones; 1-18, 26 and 27 read (SPEC 37)")
    func unshippedMajors() throws {
        for good in ["\"1\"", "\"9.3\"", "\"18.7\"", "26", "\"27.0\""] {
            #expect(throws: Never.self, "ios: \(good)") { try load(device: "{ ram_mb: 2048, ios: \(good) }") }
        }
        for bad in ["\"0\"", "19", "\"19.0\"", "\"25.1\"", "28", "\"180\""] {
            let diagnostics = loadDiagnostics(text(device: "{ ram_mb: 2048, ios: \(bad) }"))
            #expect(diagnostics.map(\.field) == ["device.ios"], "ios: \(bad)")
            #expect(diagnostics.first?.line == 4)
            #expect(diagnostics.first?.message.contains("major 1 to 18, 26 or 27") == true, "\(diagnostics)")
        }
        #expect(throws: Device.CatalogError.invalidIOS("19")) { try Device(model: "iphone-11", ios: "19") }
        // 26 and 27 read as the >= 18.4 profile: the long-idle reaper runs.
        #expect(try load(device: "{ ram_mb: 2048, ios: \"26.0\" }").device.longIdleReaper)
        #expect(try load(device: "{ ram_mb: 2048, ios: \"27\" }").device.longIdleReaper)
    }

    @Test("app_background_limit_mb above ram_mb is invalid (SPEC 16)")
    func backgroundLimitAboveRAM() {
        let diagnostics = loadDiagnostics(text(device: "{ ram_mb: 2048, app_background_limit_mb: 3000 }"))
        #expect(diagnostics.map(\.field) == ["device.app_background_limit_mb"])
        #expect(diagnostics.first?.message.contains("must not be above ram_mb") == true)
    }

    @Test("An unknown lifecycle is a located error (SPEC 11)")
    func unknownLifecycle() {
        let diagnostics = loadDiagnostics("""
            name: t
            device: { ram_mb: 2048 }
            apps:
              - { id: com.a, active_mb: 100, lifecycle: scenes }
            """)
        #expect(diagnostics.map(\.field) == ["apps[0].lifecycle"])
        #expect(diagnostics.first?.line == 4)
    }

    @Test("Apps adopt scenes by default from iOS 27, the app delegate before (Migrating to the UIKit scene-based life cycle)")
    func lifecycleDefault() throws {
        #expect(try load(device: "{ ram_mb: 2048, ios: \"27\" }").apps[0].lifecycle == .scene)
        #expect(try load(device: "{ ram_mb: 2048, ios: \"26.1\" }").apps[0].lifecycle == .app)
        #expect(try load(device: "{ ram_mb: 2048 }").apps[0].lifecycle == .app)
    }

    @Test("--set device.ios=12,16,18.4 and device.model sweep like other keys (SPEC 11, 14)")
    func iosAndModelSweep() throws {
        let template = try ScenarioTemplate(text: text(device: "{ model: iphone-8 }"), path: "x.yaml")
        let ios = try SweepAxis(parsing: "device.ios=12,16,18.4")
        let versions = try (0..<3).map { try template.scenario(at: [SweepSetting(axis: ios, index: $0)]).device }
        #expect(versions.map(\.ios?.description) == ["12", "16", "18.4"])
        #expect(versions.map(\.longIdleReaper) == [false, false, true])
        #expect(versions.map(\.jetsamBands) == [.beforeIOS16, .current, .current])
        let model = try SweepAxis(parsing: "device.model=iphone-6s,iphone-11")
        let devices = try (0..<2).map { try template.scenario(at: [SweepSetting(axis: model, index: $0)]).device }
        #expect(devices.map(\.ramKiB) == [2048 * 1024, 3844 * 1024])
    }

    @Test("A model may be named by a product id or its marketing name, case-insensitively (SPEC 19)")
    func modelNames19() throws {
        for name in ["iphone-11", "IPHONE-11", "iPhone12,1", "iphone12,1", "iPhone 11", "IPHONE 11", "ipad pro 10.5\""] {
            let device = try load(device: "model: \(name)").device
            let expected = name.lowercased().contains("ipad") ? "ipad-pro-10.5" : "iphone-11"
            #expect(device.model == expected, "model: \(name)")
            #expect(device.appLimitKiB == .mb(Double(try #require(catalog.entry(model: expected)).appLimitMB)), "model: \(name)")
        }
        // Every name of every entry leads back to it: no name of one is another's.
        for entry in catalog.entries {
            for name in [entry.model, entry.name, entry.name.uppercased()] + entry.products {
                #expect(catalog.entry(named: name)?.model == entry.model, "\(name)")
            }
        }
        let diagnostics = loadDiagnostics(text(device: "model: iPhone 11 Pro Maxx"))
        #expect(diagnostics.map(\.field) == ["device.model"])
        #expect(diagnostics.first?.message.contains("unknown model 'iPhone 11 Pro Maxx'; nearest: iphone-11-pro-max") == true)
    }

    @Test("device.csv's model row is the catalog model, whichever name the file used (SPEC 16, 19)")
    func deviceCSVNamesTheModel() throws {
        let scenario = try ScenarioLoader.parse("""
            name: t
            device:
              model: iPhone12,1
              ios: "18.4"
            apps: [{ id: com.a, active_mb: 100 }]
            events: [{ at: 0, open: com.a }]
            """, path: "x.yaml")
        try withTemporaryFolder { folder in
            let run = folder.appendingPathComponent("run")
            try ReportWriter.write(Simulation.run(scenario), of: scenario, into: run)
            let rows = try read("device.csv", in: run).split(separator: "\n")
            #expect(rows.contains("model,iphone-11"))
            #expect(rows.contains("ram_mb,3844.000"))
        }
    }

    @Test("Device(model:ios:) is the device the reader makes of device: { model:, ios: }, for every name form (SPEC 19)")
    func swiftInitializer() throws {
        let file = try load(device: "{ model: iphone-11, ios: \"18.4\" }").device
        for name in ["iphone-11", "iPhone-11", "iPhone12,1", "iPhone 11", "iphone 11"] {
            #expect(try Device(model: name, ios: "18.4") == file, "\(name)")
        }
        #expect(try Device(model: "iphone-xr") == load(device: "model: iphone-xr").device)
        let old = try Device(model: "iPhone 8", ios: "12")
        #expect(old == (try load(device: "{ model: iphone-8, ios: 12 }").device))
        #expect(old.jetsamBands == .beforeIOS16 && !old.longIdleReaper && old.ios == IOSVersion(major: 12))
    }

    @Test("Device(model:ios:) throws with the nearest names, or the iOS text it could not read (SPEC 11, 19)")
    func swiftInitializerErrors() {
        // At equal distance, the names that the text begins come first.
        let unknown = Device.CatalogError.unknownModel("iphone-1", nearest: ["iphone-11", "iphone-12", "iphone-13"])
        #expect(throws: unknown) { try Device(model: "iphone-1", ios: "18.4") }
        #expect(unknown.description
            == "unknown device model 'iphone-1'; nearest: iphone-11, iphone-12, iphone-13 (see `suspendsim devices`)")
        #expect(throws: Device.CatalogError.invalidIOS("18.x")) { try Device(model: "iphone-11", ios: "18.x") }
        #expect(Device.CatalogError.invalidIOS("18.x").description
            == "invalid iOS release '18.x'; expected \"MAJOR[.MINOR]\" (such as \"18.4\") of a major that shipped: 1 to 18, 26 or 27")
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

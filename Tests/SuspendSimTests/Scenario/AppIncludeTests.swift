import Foundation
import Testing
import Yams
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// SPEC 7 `apps:` include entries: `{ include: typical-day }`, the bundled day, and
/// `{ include: PATH }`, another valid scenario file's apps, relative to the including file.
@Suite struct AppIncludeTests {
    /// typical-day's 30 ids, in order (Resources/typical-day.yaml).
    static let typicalDay = [
        "com.apple.MobileSMS", "net.whatsapp.WhatsApp", "com.burbn.instagram", "com.apple.mobilesafari",
        "com.zhiliaoapp.musically", "com.google.ios.youtube", "com.facebook.Facebook", "com.spotify.client",
        "com.atebits.Tweetie2", "com.google.Gmail", "com.apple.mobilemail", "com.apple.mobileslideshow", "com.apple.camera",
        "com.toyopagroup.picaboo", "com.reddit.Reddit", "com.google.Maps", "com.tinyspeck.chatlyio",
        "com.microsoft.Office.Outlook", "com.netflix.Netflix", "ph.telegra.Telegraph", "com.hammerandchisel.discord",
        "com.amazon.Amazon", "com.ubercab.UberClient", "com.linkedin.LinkedIn", "com.pinterest", "com.apple.Music",
        "com.apple.podcasts", "com.duolingo.DuolingoMobile", "com.nytimes.NYTimes", "com.apple.weather",
    ]

    static func scenario(_ apps: String) -> String {
        """
        name: t
        device: { model: iphone-11, ios: "18.5" }
        apps:
        \(apps)
        """
    }

    @Test("include: typical-day brings the bundled 30 apps at its place, with their footprints; later apps follow")
    func typicalDay() throws {
        let scenario = try ScenarioLoader.parse(Self.scenario("""
              - { id: com.first, active_mb: 100 }
              - { include: typical-day }
              - { id: com.example.photoeditor, active_mb: 650, background_mb: 200 }
            """), path: "x.yaml")
        #expect(scenario.apps.map(\.id) == ["com.first"] + Self.typicalDay + ["com.example.photoeditor"])
        let safari = scenario.apps[4]
        #expect(safari.id == "com.apple.mobilesafari")
        #expect(safari.activeKiB == .mb(350) && safari.backgroundKiB == .mb(200) && safari.suspendedKiB == .mb(120))
        #expect(safari.purgeableKiB == .mb(50))
        #expect(scenario.apps[2].backgroundModes.contains(.fetch))   // WhatsApp
        #expect(scenario.apps.last?.backgroundKiB == .mb(200))
    }

    @Test("The bundled day is a valid scenario of its own, built into the binary")
    func bundledDayIsValid() throws {
        let text = try #require(ScenarioReader.bundledIncludes["typical-day"])
        let day = try ScenarioLoader.parse(text, path: "typical-day")
        #expect(day.apps.map(\.id) == Self.typicalDay)
    }

    @Test("An app listed after the include with an included id replaces that app in its place; its keys are all its own")
    func replacesInPlace() throws {
        let scenario = try ScenarioLoader.parse(Self.scenario("""
              - { include: typical-day }
              - { id: com.apple.mobilesafari, active_mb: 500 }
            """), path: "x.yaml")
        #expect(scenario.apps.map(\.id) == Self.typicalDay)
        #expect(scenario.apps[3].activeKiB == .mb(500))
        #expect(scenario.apps[3].backgroundKiB == .mb(500))   // the default, not the included 200
        #expect(scenario.apps[3].purgeableKiB == .zero)
    }

    @Test("The same id twice otherwise is bad input: before the include, from two includes, or listed twice after it")
    func duplicates() {
        let before = loadDiagnostics(Self.scenario("""
              - { id: com.apple.camera, active_mb: 100 }
              - { include: typical-day }
            """))
        #expect(before.map(\.field) == ["apps[1].include"])
        #expect(before.first?.line == 5)
        #expect(before.first?.message.contains("brings com.apple.camera, which apps[0] lists already") == true)
        let twice = loadDiagnostics(Self.scenario("""
              - { include: typical-day }
              - { include: typical-day }
            """))
        #expect(twice.count == 30 && twice.allSatisfy { $0.field == "apps[1].include" && $0.line == 5 })
        let after = loadDiagnostics(Self.scenario("""
              - { include: typical-day }
              - { id: com.apple.camera, active_mb: 100 }
              - { id: com.apple.camera, active_mb: 200 }
            """))
        #expect(after.map(\.field) == ["apps[2].id"])
        #expect(after.first?.message.contains("duplicate app id 'com.apple.camera' (first at line 5") == true)
    }

    @Test("include: PATH takes the apps of another valid file, relative to the including file's folder, its own includes expanded")
    func includePath() throws {
        try withTemporaryFolder { folder in
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("x/lib"), withIntermediateDirectories: true)
            try """
                name: mine
                device: { ram_mb: 2048 }
                apps:
                  - { id: com.mine, active_mb: 120 }
                  - { include: typical-day }
                """.write(to: folder.appendingPathComponent("x/lib/mine.yaml"), atomically: true, encoding: .utf8)
            try Self.scenario("""
                  - { include: lib/mine.yaml }
                  - { id: com.mine, active_mb: 80 }
                """).write(to: folder.appendingPathComponent("x/main.yaml"), atomically: true, encoding: .utf8)
            let scenario = try ScenarioLoader.load(path: folder.appendingPathComponent("x/main.yaml").path)
            #expect(scenario.apps.map(\.id) == ["com.mine"] + Self.typicalDay)
            #expect(scenario.apps[0].activeKiB == .mb(80))
        }
    }

    @Test("An included file that is not valid, a missing one, and a cycle are bad input located at the include entry")
    func badIncludes() throws {
        try withTemporaryFolder { folder in
            func write(_ name: String, _ apps: String) throws {
                try Self.scenario(apps).write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
            }
            try write("bad.yaml", "  - { id: com.a, active_mb: lots }")
            try write("uses-bad.yaml", "  - { include: bad.yaml }")
            try write("a.yaml", "  - { id: com.a, active_mb: 1 }\n  - { include: b.yaml }")
            try write("b.yaml", "  - { include: a.yaml }")
            try write("self.yaml", "  - { include: self.yaml }")
            try write("missing.yaml", "  - { include: nowhere.yaml }")
            try write("extra.yaml", "  - { include: typical-day, id: com.a }")
            try write("device.yaml", "  - { include: /dev/zero }")
            try write("folder.yaml", "  - { include: . }")
            func diagnostics(_ name: String) -> [ScenarioLoader.Diagnostic] {
                do {
                    _ = try ScenarioLoader.load(path: folder.appendingPathComponent(name).path)
                    return []
                } catch {
                    return error.diagnostics
                }
            }
            let bad = diagnostics("uses-bad.yaml")
            #expect(bad.map(\.field) == ["apps[0].include"] && bad.first?.line == 4)
            #expect(bad.first?.message.contains("bad.yaml is not a valid scenario: ") == true)
            #expect(bad.first?.message.contains("bad.yaml:4:29: apps[0].active_mb: must be a number") == true)
            let cycle = diagnostics("a.yaml")
            #expect(cycle.map(\.field) == ["apps[1].include"] && cycle.first?.line == 5)
            #expect(cycle.first?.message.contains("apps[0].include: includes itself: a.yaml -> b.yaml -> a.yaml") == true)
            #expect(diagnostics("self.yaml").first?.message == "includes itself: self.yaml -> self.yaml")
            #expect(diagnostics("missing.yaml").first?.message.contains("cannot read '") == true)
            #expect(diagnostics("missing.yaml").first?.message.contains("nowhere.yaml' (a path relative to this file's folder, or a bundled list: typical-day)") == true)
            #expect(diagnostics("extra.yaml").map(\.field) == ["apps[0]"])
            // Not a regular file: refused at once, never read (a device would never end).
            #expect(diagnostics("device.yaml").first?.message.hasPrefix("cannot read '/dev/zero'") == true)
            #expect(diagnostics("folder.yaml").first?.message.contains("cannot read '") == true)
        }
    }

    @Test("The included list is part of the batch fingerprint: a changed list makes another batch; no include, no change")
    func fingerprint() throws {
        try withTemporaryFolder { folder in
            let main = folder.appendingPathComponent("main.yaml"), list = folder.appendingPathComponent("list.yaml")
            try Self.scenario("  - { include: list.yaml }").write(to: main, atomically: true, encoding: .utf8)
            func hash(listActiveMB: Int) throws -> UInt64 {
                try Self.scenario("  - { id: com.a, active_mb: \(listActiveMB) }").write(to: list, atomically: true, encoding: .utf8)
                return try ScenarioLoader.template(path: main.path).textHash
            }
            #expect(try hash(listActiveMB: 100) == (try hash(listActiveMB: 100)))
            #expect(try hash(listActiveMB: 100) != (try hash(listActiveMB: 200)))
            let plain = Self.scenario("  - { id: com.a, active_mb: 100 }")
            #expect(try ScenarioTemplate(text: plain, path: "p.yaml").textHash == BatchSeed.fnv1a(plain))
        }
    }

    @Test("--set app.ID.KEY and sweeps reach an included app, read as the including file's own")
    func settingsReachIncludedApps() throws {
        let template = try ScenarioTemplate(text: Self.scenario("  - { include: typical-day }"), path: "x.yaml")
        let axis = try SweepAxis(parsing: "app.com.apple.camera.active_mb=300,400")
        let points = try (0..<2).map { try template.scenario(at: [SweepSetting(axis: axis, index: $0)]) }
        #expect(points.map { $0.apps[12].activeKiB } == [.mb(300), .mb(400)])
        #expect(points.allSatisfy { $0.apps.count == 30 })
    }

    @Test("import metrickit --onto keeps an include entry as written")
    func importKeepsInclude() throws {
        let text = """
            name: day
            device: { model: iphone-11, ios: "18.5" }
            apps:
              - { include: typical-day }
              - { id: com.acme.shop, active_mb: 300 }
            events: [{ at: 0, open: com.acme.shop }]

            """
        let result = try MetricKitImport.scenario(text, file: "day.yaml", with: try MetricKitImportTests.facts(["ios17-days.json"]))
        #expect(result.text.contains("\n- {include: typical-day}\n"))
        let root = try MetricKitImportTests.compose(result.text)
        #expect(root["apps"]?.sequence?.first?.mapping?["include"]?.string == "typical-day")
        let loaded = try ScenarioLoader.parse(result.text, path: "day.yaml")
        #expect(loaded.apps.count == 31 && loaded.apps.last?.id == "com.acme.shop")
    }
}

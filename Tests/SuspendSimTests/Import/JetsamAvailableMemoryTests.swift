import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// SPEC 30 "Free memory is available memory": `import jetsam` starts from free + file-backed
/// pages, says which in its leading comment, and lowers system memory by any excess.
@Suite struct JetsamAvailableMemoryTests {
    /// The synthetic iPhone 11 report (RAM 3844 MB = 246016 pages of 16 KiB; apps 52500
    /// pages, system 7000, free 5000) with `fileBacked` added.
    static func report(fileBacked: Int?) -> String {
        let extra = fileBacked.map { ", \"fileBacked\" : \($0)" } ?? ""
        return JetsamImportTests.modernReport().replacingOccurrences(of: "\"free\" : 5000 }", with: "\"free\" : 5000\(extra) }")
    }

    func scenarioAndText(_ text: String) throws -> (Scenario, String) {
        let report = try JetsamReport(text: text, file: "r.ips")
        let yaml = JetsamImport.scenarioText(report, file: "r.ips", replayKills: false)
        return (try ScenarioLoader.parse(yaml, path: "imported.yaml"), yaml)
    }

    @Test("With fileBacked, free at time 0 is (free + fileBacked) pages; without it, free alone, and the comment says which (SPEC 30)")
    func availablePages() throws {
        let (with, withText) = try scenarioAndText(Self.report(fileBacked: 20000))
        let available = Simulation(with, policy: with.policy, recorder: NullRecorder())
        #expect(available.freeKiB == KiB(25000 * 16))
        // reserved = RAM - system - apps - free = (246016 - 7000 - 52500 - 25000) pages.
        #expect(with.device.reservedKiB == KiB((246_016 - 7000 - 52500 - 25000) * 16))
        #expect(withText.contains("available pages (free + fileBacked, as jetsam counts\n# them, SPEC 30)"))
        #expect(withText.contains("fileBacked 20000 pages."))
        let (without, withoutText) = try scenarioAndText(Self.report(fileBacked: nil))
        #expect(Simulation(without, policy: without.policy, recorder: NullRecorder()).freeKiB == KiB(5000 * 16))
        #expect(withoutText.contains("it gives no fileBacked, so the file cache is\n# not counted, SPEC 30)"))
        #expect(!withoutText.contains("lowered by the excess"))
    }

    @Test("When system memory, the apps and available memory exceed the RAM, reserved_mb is 0 and system_mb is lowered by the excess (SPEC 30)")
    func excessLowersSystem() throws {
        // 7000 + 52500 + (5000 + 183000) = 247500 pages, 1484 over 246016: system 5516 pages.
        let (scenario, text) = try scenarioAndText(Self.report(fileBacked: 183_000))
        #expect(scenario.device.reservedKiB == .zero)
        #expect(scenario.device.systemKiB == KiB(5516 * 16))
        #expect(Simulation(scenario, policy: scenario.policy, recorder: NullRecorder()).freeKiB == KiB(188_000 * 16))
        #expect(text.contains("system memory, the apps and that free memory add up to more than the RAM"))
        #expect(text.contains("reserved_mb is 0 and system_mb is lowered by the excess"))
        // Far over: system memory stops at 0.
        let (over, _) = try scenarioAndText(Self.report(fileBacked: 300_000))
        #expect(over.device.systemKiB == .zero && over.device.reservedKiB == .zero)
    }

    @Test("An imported scenario sets system_mb itself: its source is set, not the catalog's (SPEC 30)")
    func importedSourceIsSet() throws {
        let (scenario, _) = try scenarioAndText(Self.report(fileBacked: 20000))
        #expect(scenario.device.model == "iphone-11" && scenario.device.systemSource == .set)
    }
}

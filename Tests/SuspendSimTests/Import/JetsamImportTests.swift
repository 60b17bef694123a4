import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// SPEC 12 `suspendsim import jetsam`, on the shared real report (its facts, kept in
/// `Tests/Data/jetsam/`) and on small synthetic reports of both forms.
@Suite struct JetsamImportTests {
    static let sharedReport = packageFile("Tests/Data/jetsam/ios18.5-iphone14.7.min.ips")

    /// A synthetic report of the iOS 14+ form (with `priority`, 16 KiB pages, an iPhone 11):
    /// four suspended apps in band 0 in XNU's order a, b, c, d; a and b were killed, in that
    /// order; d is the largest.
    static func modernReport(pageSize: Int = 16384, bugType: String = "298", extra: String = "") -> String {
        """
        {"bug_type":"\(bugType)","timestamp":"2024-01-01 10:00:00.00 +0000","os_version":"iPhone OS 14.8 (18H17)","incident_id":"X"}
        {
          "product" : "iPhone12,1", "bug_type" : "\(bugType)",
          "memoryStatus" : { "pageSize" : \(pageSize), "memoryPages" : { "active" : 100000, "inactive" : 50000, "speculative" : 1000, "throttled" : 0, "wired" : 40000, "free" : 5000 } },
          "processes" : [
            { "name" : "logd", "states" : ["daemon", "idle"], "rpages" : 1000, "lifetimeMax" : 1000, "priority" : 0 },
            { "name" : "com.a", "states" : ["suspended"], "rpages" : 3000, "lifetimeMax" : 5000, "priority" : 0, "reason" : "vm-pageshortage", "killDelta" : 100 },
            { "name" : "com.b", "states" : ["suspended"], "rpages" : 9000, "lifetimeMax" : 9000, "priority" : 0, "reason" : "vm-pageshortage", "killDelta" : 200 },
            { "name" : "com.c", "states" : ["suspended"], "rpages" : 2000, "lifetimeMax" : 2000, "priority" : 0 },
            { "name" : "com.d", "states" : ["suspended"], "rpages" : 14000, "lifetimeMax" : 14000, "priority" : 0 },
            { "name" : "com.music", "states" : ["continuous"], "rpages" : 4000, "lifetimeMax" : 4000, "priority" : 12 },
            { "name" : "com.c", "states" : ["suspended"], "rpages" : 500, "lifetimeMax" : 500, "priority" : 0 },
            { "name" : "SpringBoard", "states" : ["active", "frontmost"], "rpages" : 6000, "lifetimeMax" : 6000, "priority" : 10 },
            { "name" : "com.front", "states" : ["active", "frontmost"], "rpages" : 20000, "lifetimeMax" : 20000, "priority" : 10 }\(extra)
          ]
        }
        """
    }

    /// A synthetic report of the iOS 10-12 form: no `priority`, 4 KiB pages, a product the
    /// catalog does not know.
    static let legacyReport = """
        {"bug_type":"298","timestamp":"2018-01-01 10:00:00.00 +0000","os_version":"iPhone OS 11.4.1 (15G77)","incident_id":"Y"}
        {
          "product" : "iPhone99,9",
          "memoryStatus" : { "pageSize" : 4096, "memoryPages" : { "active" : 200000, "inactive" : 100000, "speculative" : 5000, "throttled" : 0, "wired" : 150000, "free" : 20000 } },
          "processes" : [
            { "name" : "com.old", "states" : ["suspended"], "rpages" : 10000, "lifetimeMax" : 8000 },
            { "name" : "com.player", "states" : ["background"], "rpages" : 5000, "lifetimeMax" : 6000 },
            { "name" : "com.top", "states" : ["frontmost"], "rpages" : 30000, "lifetimeMax" : 30000 },
            { "name" : "backboardd", "states" : ["active"], "rpages" : 9000, "lifetimeMax" : 9000 }
          ]
        }
        """

    func importScenario(_ text: String, file: String = "report.ips", replayKills: Bool = false) throws -> Scenario {
        let report = try JetsamReport(text: text, file: file)
        return try ScenarioLoader.parse(JetsamImport.scenarioText(report, file: file, replayKills: replayKills), path: "imported.yaml")
    }

    @Test("The shared iOS 18.5 report gives a valid scenario: free at time 0 is (free + fileBacked) pages x page size to the KiB, apps in report order, the frontmost app frontmost (SPEC 12)")
    func sharedReport() throws {
        let text = try String(contentsOfFile: Self.sharedReport, encoding: .utf8)
        let scenario = try importScenario(text, file: "ios18.5-iphone14.7.ips")
        #expect(scenario.name == "jetsam-ios18.5-iphone14.7")
        #expect(scenario.device.model == "iphone-14")
        #expect(scenario.device.ios == IOSVersion(major: 18, minor: 5))
        var simulation = Simulation(scenario, policy: scenario.policy, recorder: EventLog())
        // SPEC 30: available pages, free + fileBacked.
        #expect(simulation.freeKiB == KiB((3870 + 113_751) * 16))
        #expect(simulation.recorder.evictions.isEmpty, "time 0 kills nothing")
        simulation.run()
        // Report order: the app processes, frontmost last.
        let report = try JetsamReport(text: text, file: "r.ips")
        let names = report.processes.filter { !$0.states.contains("daemon") && ($0.states.contains("suspended")) }.map(\.name)
        let suspended = scenario.initial.filter { $0.state == .suspended }.map { scenario.apps[$0.app].id }
        #expect(suspended.map { $0.split(separator: "#").first.map(String.init) ?? $0 } == names.filter { $0 != "MercuryPosterExtension" })
        #expect(scenario.initial.last.map { scenario.apps[$0.app].id } == "MercuryPosterExtension")
        #expect(scenario.initial.last?.state == .active)
        #expect(scenario.apps.contains { $0.id == "WidgetKitExtension#2" })
    }

    @Test("--replay-kills: a known kill order in band 0 is reproduced by jetsam and not by largest-first (SPEC 12)")
    func replayKills() throws {
        let scenario = try importScenario(Self.modernReport(), replayKills: true)
        #expect(scenario.expectation?.evictions == ["com.a", "com.b"])
        let jetsam = Simulation.run(scenario, policy: JetsamPolicy())
        #expect(jetsam.pressureEvictions == ["com.a", "com.b"])
        let largest = Simulation.run(scenario, policy: LargestFirstPolicy())
        #expect(largest.pressureEvictions != ["com.a", "com.b"])
        #expect(largest.pressureEvictions.first == "com.d")
    }

    @Test("The iOS 14+ form: model from the product, ios MAJOR.MINOR, frontmost by band, continuous apps play audio, duplicate names numbered (SPEC 12, 16)")
    func modernForm() throws {
        let scenario = try importScenario(Self.modernReport())
        #expect(scenario.device.model == "iphone-11" && scenario.device.ios == IOSVersion(major: 14, minor: 8))
        #expect(scenario.apps.map(\.id) == ["com.a", "com.b", "com.c", "com.d", "com.music", "com.c#2", "com.front"])
        #expect(scenario.initial.map(\.state) == [.suspended, .suspended, .suspended, .suspended, .background, .suspended, .active])
        #expect(scenario.initial[4].modes == [.audio])
        // active_mb of a suspended app: max(rpages, lifetimeMax) pages.
        #expect(scenario.apps[0].activeKiB == KiB(5000 * 16) && scenario.apps[0].suspendedKiB == KiB(3000 * 16))
        #expect(scenario.expectation == nil)
        var simulation = Simulation(scenario, policy: scenario.policy, recorder: NullRecorder())
        #expect(simulation.freeKiB == KiB(5000 * 16))
        simulation.run()
        #expect(simulation.result.pressureKills == 0)
    }

    @Test("The iOS 10-12 form: no priority, 4 KiB pages, RAM from the page counts when the product is unknown, background apps run location (SPEC 12, 16)")
    func legacyForm() throws {
        let scenario = try importScenario(Self.legacyReport)
        #expect(scenario.device.model == nil)
        #expect(scenario.device.ramKiB.count == (200000 + 100000 + 5000 + 150000 + 20000) * 4)
        #expect(scenario.device.ios == IOSVersion(major: 11, minor: 4))
        #expect(scenario.apps.map(\.id) == ["com.old", "com.player", "com.top"])
        #expect(scenario.initial.map(\.state) == [.suspended, .background, .active])
        #expect(scenario.initial[1].modes == [.location])
        let simulation = Simulation(scenario, policy: scenario.policy, recorder: NullRecorder())
        #expect(simulation.freeKiB == KiB(20000 * 4))
    }

    func importText(_ text: String, file: String = "report.ips") throws -> String {
        try JetsamImport.scenarioText(JetsamReport(text: text, file: file), file: file, replayKills: false)
    }

    @Test("The compressor's content and size go into the leading comment with their ratio, half up; the scenario turns it off (SPEC 22, 37)")
    func compressorComment() throws {
        let shared = try importText(String(contentsOfFile: Self.sharedReport, encoding: .utf8), file: "ios18.5-iphone14.7.ips")
        // 111200 x 16 KiB = 1737.5 MB held in 28754 x 16 KiB = 449.28125 MB: 3.8673... -> 3.87.
        #expect(shared.contains("\n# Compressor: 111200 pages uncompressed held in 28754 pages: ratio 3.87, 1737.5 MB in 449.28125 MB.\n"))
        #expect(shared.contains("\n# It is off (compressor: { pool_mb: 0 }): rpages are already net of compression"))
        // Half up: 1005 / 1000 = 1.005 -> 1.01; 4 KiB pages.
        let halfUp = Self.modernReport(pageSize: 4096).replacingOccurrences(
            of: "\"memoryStatus\" : { ", with: "\"memoryStatus\" : { \"uncompressed\" : 1005, \"compressorSize\" : 1000, ")
        #expect(try importText(halfUp).contains("# Compressor: 1005 pages uncompressed held in 1000 pages: ratio 1.01, 3.92578125 MB in 3.90625 MB.\n"))
        for text in [shared, try importText(halfUp)] {
            // iOS 18.5 ships the compressor (SPEC 37): the scenario writes it off.
            #expect(text.contains("\n  compressor: { pool_mb: 0 }\n"), "the imported scenario turns the compressor off")
            let scenario = try ScenarioLoader.parse(text, path: "imported.yaml")
            #expect(scenario.device.compressor?.poolKiB == .zero && !scenario.device.compresses)
        }
        // The same free memory at time 0 with or without the fields.
        let without = try importScenario(Self.modernReport(pageSize: 4096))
        let with = try ScenarioLoader.parse(importText(halfUp), path: "imported.yaml")
        #expect(Simulation(with, policy: with.policy, recorder: NullRecorder()).freeKiB
            == Simulation(without, policy: without.policy, recorder: NullRecorder()).freeKiB)
    }

    @Test("Without either compressor field, or with one of them 0, the comment says the ratio is unknown (SPEC 22)", arguments: [
        ("", "uncompressed absent, compressorSize absent"),
        ("\"uncompressed\" : 500, ", "uncompressed 500 pages, compressorSize absent"),
        ("\"uncompressed\" : 500, \"compressorSize\" : 0, ", "uncompressed 500 pages, compressorSize 0 pages"),
        ("\"uncompressed\" : 0, \"compressorSize\" : 70, ", "uncompressed 0 pages, compressorSize 70 pages"),
    ])
    func compressorUnknown(_ fields: String, _ said: String) throws {
        let text = try importText(Self.modernReport().replacingOccurrences(of: "\"memoryStatus\" : { ", with: "\"memoryStatus\" : { " + fields))
        #expect(text.contains("\n# Compressor: ratio unknown (memoryStatus \(said)).\n"), "\(text.prefix(2000))")
        // Off whatever the report says of it (SPEC 37).
        #expect(text.contains("\n  compressor: { pool_mb: 0 }\n"))
        #expect(try ScenarioLoader.parse(text, path: "imported.yaml").device.compresses == false)
    }

    @Test("Malformed reports are clear errors (SPEC 12)", arguments: [
        ("{\"bug_type\":\"298\"}\nnot json", "its body is not JSON: expected a value, found 'n' at byte 19 (line 2, column 1)"),
        // SPEC 35: a truncated body names where it ends, as a place in the file.
        ("{\"bug_type\":\"298\"}\n{\"memoryStatus\": {\"pageSize\": 16384,\n \"memoryPages\": {\"free\": 1",
         "its body is not JSON: the text ends inside an object at byte 82 (line 3, column 27): is the file cut short?"),
        ("just text", "expected a JSON header line"),
        (modernReport(bugType: "309"), "bug_type is '309', expected 298"),
        (modernReport(pageSize: 0), "pageSize is 0"),
        // SPEC 12: a page is 4096 or 16384 bytes; any other size is refused, not scaled.
        (modernReport(pageSize: 12345), "pageSize is 12345, expected 4096 or 16384"),
        (modernReport(pageSize: 8192), "pageSize is 8192, expected 4096 or 16384"),
        (modernReport(extra: ",\n { \"name\" : \"bad\", \"states\" : [\"suspended\"], \"rpages\" : -5 }"), "rpages is -5, must be a whole number from 0 to 274877906944"),
        (modernReport().replacingOccurrences(of: "\"processes\"", with: "\"procs\""), "the body has no processes list"),
        (modernReport().replacingOccurrences(of: "\"memoryStatus\" : { ", with: "\"memoryStatus\" : { \"compressorSize\" : -3, "),
         "memoryStatus.compressorSize is -3, must be a whole number from 0 to 274877906944"),
    ])
    func malformed(_ text: String, _ message: String) {
        do {
            _ = try JetsamReport(text: text, file: "bad.ips")
            Issue.record("accepted a malformed report")
        } catch {
            #expect(error.description.hasPrefix("bad.ips: "))
            #expect(error.description.contains(message), "\(error.description)")
        }
    }
}

/// SPEC 37: `import jetsam` and the freezer.
extension JetsamImportTests {
    @Test("The shared iOS 18.5 report's 8 suspended apps in band 75 are imported frozen; the compressor and the freezer are written off")
    func sharedReportFrozenApps() throws {
        let text = try String(contentsOfFile: Self.sharedReport, encoding: .utf8)
        var scenario = try importScenario(text, file: "ios18.5-iphone14.7.ips")
        // The report's suspended processes at priority 75, in report order.
        let frozen = scenario.initial.filter(\.frozen).map { scenario.apps[$0.app].id }
        #expect(frozen == ["SafariViewService", "Freeform", "MobileCal", "Spotlight", "MessagesViewService", "InCallService", "Gmail",
                           "com.apple.WebKit.WebContent"])
        #expect(scenario.initial.filter(\.frozen).allSatisfy { $0.state == .suspended })
        #expect(scenario.device.compressorPoolKiB == .zero && scenario.device.compressor != nil)
        #expect(scenario.device.freezer?.maxFrozen == 0)
        // Turned on (with start_free_mb 0, so that the time-0 check freezes nothing more), the
        // frozen apps start in band 75, the others in band 0.
        scenario.device.freezer = Device.Freezer()
        scenario.device.freezer?.startFreeKiB = .zero
        let simulation = Simulation(scenario, policy: JetsamPolicy(), recorder: NullRecorder())
        for entry in scenario.initial where entry.state == .suspended {
            #expect(simulation.apps[entry.app].jetsam.band == (entry.frozen ? 75 : 0), "\(scenario.apps[entry.app].id)")
        }
    }

    @Test("Before iOS 16 the freezer's band is 8; a report before iOS 17.4 gets no freezer block")
    func oldNumbering() throws {
        let extra = #", { "name" : "com.frozen", "states" : ["suspended"], "rpages" : 100, "lifetimeMax" : 100, "priority" : 8 }"#
        let scenario = try importScenario(Self.modernReport(extra: extra))
        #expect(scenario.initial.filter(\.frozen).map { scenario.apps[$0.app].id } == ["com.frozen"])
        #expect(scenario.device.freezer == nil && scenario.device.compressorPoolKiB == .zero)
    }
}

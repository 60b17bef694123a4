import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// Valid scenario files: every field, defaults and exact unit conversions (SPEC 7).
@Suite struct ScenarioLoaderTests {
    /// SPEC 7's example, with the two apps its `expect:` names added (as written, the example
    /// names `com.a` and `com.b` without declaring them, which is an error; see
    /// `specExampleAsWrittenNamesUnknownApps`).
    static let specExample = """
        name: state-lab               # required, unique; names the report folder
        policy: largest-first         # optional, default largest-first
        device:
          ram_mb: 2048                # required
          reserved_mb: 512            # default 0
          system_mb: 0                # default 0; changed by system_allocate
          warning_free_mb: 300
          idle_free_mb: 200
          critical_free_mb: 100
          app_limit_mb: 1400          # default 60% of ram_mb
          did_enter_background_limit_s: 5
          background_task_limit_s: 180
          wake_window_s: 30
          processing_window_s: 600
          aging_s: 2
        apps:                         # required, at least one
          - id: com.example.statelab  # required, unique
            active_mb: 120            # required; every other app key below shows its default
            background_mb: 80         # default active_mb
            suspended_mb: 60          # default background_mb
            purgeable_mb: 0
            warning_release_mb: 0
            background_modes: [fetch] # default []
            exits_on_suspend: false
            did_enter_background_s: 0
            background_task_s: 0
            ends_task_on_expiration: true
            wake_work_s: 1              # default 1
            saves_state: true           # default true
          - { id: com.a, active_mb: 200 }
          - { id: com.b, active_mb: 300 }
        events:
          - { at: 0,  open: com.example.statelab }
          - { at: 10, home }
          - { at: 20, open: com.example.statelab }
        end_s: 60                     # optional: the run stops here (default: when no event or timer is left)
        expect:                       # optional: what `suspendsim check` verifies
          evictions: [com.b, com.a]   # apps killed for memory-pressure, in order
          survivors: [com.example.statelab]

        """

    @Test func specExampleLoadsEveryField() throws {
        let scenario = try ScenarioLoader.parse(Self.specExample, path: "Scenarios/state-lab.yaml")
        #expect(scenario.name == "state-lab")
        #expect(scenario.policyName == "largest-first")
        #expect(scenario.sourcePath == "Scenarios/state-lab.yaml")

        let device = scenario.device
        #expect(device.ramKiB == .mb(2048))
        #expect(device.reservedKiB == .mb(512))
        #expect(device.systemKiB == 0)
        #expect(device.warningFreeKiB == .mb(300))
        #expect(device.idleFreeKiB == .mb(200))
        #expect(device.criticalFreeKiB == .mb(100))
        #expect(device.appLimitKiB == .mb(1400))
        #expect(device.didEnterBackgroundLimitMs == 5_000)
        #expect(device.backgroundTaskLimitMs == 180_000)
        #expect(device.wakeWindowMs == 30_000)
        #expect(device.processingWindowMs == 600_000)
        #expect(device.agingMs == 2_000)

        #expect(scenario.apps.map(\.id) == ["com.example.statelab", "com.a", "com.b"])
        let app = scenario.apps[0]
        #expect(app.activeKiB == .mb(120))
        #expect(app.backgroundKiB == .mb(80))
        #expect(app.suspendedKiB == .mb(60))
        #expect(app.purgeableKiB == 0)
        #expect(app.warningReleaseKiB == 0)
        #expect(app.backgroundModes == AppProfile.BackgroundModes(.fetch))
        #expect(app.exitsOnSuspend == false)
        #expect(app.didEnterBackgroundMs == 0)
        #expect(app.backgroundTaskMs == 0)
        #expect(app.endsTaskOnExpiration == true)
        #expect(app.wakeWorkMs == 1_000)
        #expect(app.savesState == true)
        #expect(scenario.apps[2].suspendedKiB == .mb(300))

        #expect(
            scenario.events == [
                ScenarioEvent(atMs: 0, .open(0), line: 33),
                ScenarioEvent(atMs: 10_000, .home, line: 34),
                ScenarioEvent(atMs: 20_000, .open(0), line: 35),
            ])
        #expect(scenario.endMs == 60_000)
        #expect(scenario.expectation == Scenario.Expectation(evictions: ["com.b", "com.a"], survivors: ["com.example.statelab"]))
    }

    @Test func specExampleAsWrittenNamesUnknownApps() {
        let asWritten = Self.specExample
            .replacingOccurrences(of: "  - { id: com.a, active_mb: 200 }\n", with: "")
            .replacingOccurrences(of: "  - { id: com.b, active_mb: 300 }\n", with: "")
        let diagnostics = loadDiagnostics(asWritten)
        #expect(diagnostics.map(\.field) == ["expect.evictions[0]", "expect.evictions[1]"])
        #expect(diagnostics.first?.message.hasPrefix("unknown app 'com.b'; apps are com.example.statelab") == true)
        #expect(diagnostics.first?.line == 36)
        #expect(diagnostics.first?.column == 15)
    }

    @Test func theSameScenarioInJSON() throws {
        let json = """
            {
            \t"name": "state-lab",
            \t"device": {"ram_mb": 2048, "reserved_mb": 512},
            \t"apps": [{"id": "com.example.statelab", "active_mb": 120, "background_mb": 80,
            \t          "suspended_mb": 60, "background_modes": ["fetch"], "saves_state": true}],
            \t"events": [{"at": 0, "open": "com.example.statelab"}, {"at": 10, "home": null},
            \t           {"at": 1.5e1, "allocate": {"app": "com.example.statelab", "mb": -2.5E-1}}],
            \t"end_s": 60
            }
            """
        let scenario = try ScenarioLoader.parse(json, path: "state-lab.json")
        #expect(scenario.device.reservedKiB == .mb(512))
        #expect(scenario.apps[0].suspendedKiB == .mb(60))
        #expect(scenario.events.map(\.action) == [.open(0), .home, .allocate(0, -256)])
        #expect(scenario.events.map(\.atMs) == [0, 10_000, 15_000])
        #expect(scenario.events.map(\.line) == [6, 6, 7])
        #expect(scenario.expectation == nil)
    }

    @Test func minimalFileTakesEveryDefault() throws {
        let scenario = try ScenarioLoader.parse(
            "name: m\ndevice: {ram_mb: 2048}\napps: [{id: a, active_mb: 100}]\n", path: "m.yaml")
        #expect(scenario.policyName == "largest-first")
        #expect(scenario.device == Device(ramKiB: 2048 * 1024))
        #expect(scenario.events.isEmpty)
        #expect(scenario.endMs == nil)
        #expect(scenario.expectation == nil)

        let app = scenario.apps[0]
        #expect(app == AppProfile(id: "a", activeKiB: 100 * 1024))
        #expect(app.backgroundKiB == .mb(100))
        #expect(app.suspendedKiB == .mb(100))
        #expect(app.backgroundModes == [])
        #expect(app.wakeWorkMs == 1_000)
        #expect(app.savesState && app.endsTaskOnExpiration && !app.exitsOnSuspend)
    }

    @Test func suspendedMemoryDefaultsToBackgroundMemory() throws {
        let scenario = try ScenarioLoader.parse(
            "name: m\ndevice: {ram_mb: 2048}\napps: [{id: a, active_mb: 100, background_mb: 70}]\n", path: "m.yaml")
        #expect(scenario.apps[0].backgroundKiB == .mb(70))
        #expect(scenario.apps[0].suspendedKiB == .mb(70))
    }

    /// Default thresholds: percentages of RAM rounded half up to a KiB, by RAM class.
    @Test(arguments: [
        // ram_mb, warning KiB, idle KiB, critical KiB, app limit KiB
        (2048, 314_573, 209_715, 104_858, 1_258_291),  // 15 / 10 / 5 %: 314572.8, 209715.2, 104857.6; 60 %: 1258291.2
        (3072, 471_859, 314_573, 157_286, 1_887_437),  // still the first class at exactly 3 GiB
        (4096, 629_146, 377_487, 167_772, 2_516_582),  // 15 / 9 / 4 %: 629145.6, 377487.36, 167772.16
        (6144, 943_718, 566_231, 251_658, 3_774_874),  // still the second class at exactly 6 GiB
        (8192, 1_006_633, 671_089, 335_544, 5_033_165),  // 12 / 8 / 4 %: 1006632.96, 671088.64, 335544.32
    ])
    func defaultThresholds(ramMB: Int, warning: Int64, idle: Int64, critical: Int64, appLimit: Int64) throws {
        let scenario = try ScenarioLoader.parse(
            "name: d\ndevice: {ram_mb: \(ramMB)}\napps: [{id: a, active_mb: 1}]\n", path: "d.yaml")
        let device = scenario.device
        #expect(device.ramKiB == .mb(Double(ramMB)))
        #expect(device.warningFreeKiB == KiB(warning))
        #expect(device.idleFreeKiB == KiB(idle))
        #expect(device.criticalFreeKiB == KiB(critical))
        #expect(device.appLimitKiB == KiB(appLimit))
        #expect(device.reservedKiB == 0 && device.systemKiB == 0)
        #expect(device.didEnterBackgroundLimitMs == 5_000 && device.backgroundTaskLimitMs == 180_000)
        #expect(device.wakeWindowMs == 30_000 && device.processingWindowMs == 600_000 && device.agingMs == 2_000)
    }

    @Test func explicitThresholdReplacesOnlyItsDefault() throws {
        let scenario = try ScenarioLoader.parse(
            "name: d\ndevice: {ram_mb: 2048, idle_free_mb: 150.5}\napps: [{id: a, active_mb: 1}]\n", path: "d.yaml")
        #expect(scenario.device.idleFreeKiB == 154_112)
        #expect(scenario.device.warningFreeKiB == 314_573)
        #expect(scenario.device.criticalFreeKiB == 104_858)
    }

    /// Times round half up to a ms and memory half away from zero to a KiB, exactly from the
    /// decimal text (`0.0005 * 1000` is 0.49999999999999994 in Double).
    @Test func roundingIsExactAndHalfUp() throws {
        let text = """
            name: r
            device: {ram_mb: 1.5}
            apps:
              - {id: a, active_mb: 2.675, background_mb: 0.00048828125, suspended_mb: 0.000488, wake_work_s: 0.0005}
            events:
              - {at: 0.0004, home}
              - {at: 0.0005, home}
              - {at: 0.0015, home}
              - {at: 1e3, home}
              - {at: 1_000.0004, lock}
              - {at: 1000.0005, unlock}
              - {at: 1000.0005, allocate: {app: a, mb: -0.00048828125}}
              - {at: 1000.0005, allocate: {app: a, mb: -0.000488}}
              - {at: 1000.0005, allocate: {app: a, mb: -1.5}}
              - {at: 1000.0005, system_allocate: {mb: .5}}
              - {at: 1000.0005, system_allocate: {mb: -0.0009765625}}
              - {at: 1000.0005, system_allocate: {mb: +2.5E+0}}

            """
        let scenario = try ScenarioLoader.parse(text, path: "r.yaml")
        #expect(scenario.device.ramKiB == 1536)
        #expect(scenario.apps[0].activeKiB == 2739)  // 2739.2
        #expect(scenario.apps[0].backgroundKiB == 1)  // exactly 0.5 KiB rounds up
        #expect(scenario.apps[0].suspendedKiB == 0)  // 0.499712 KiB
        #expect(scenario.apps[0].wakeWorkMs == 1)
        #expect(scenario.events.map(\.atMs) == [0, 1, 2, 1_000_000, 1_000_000] + Array(repeating: 1_000_001, count: 7))
        #expect(
            scenario.events.dropFirst(6).map(\.action) == [
                .allocate(0, -1),  // -0.5 KiB: half away from zero
                .allocate(0, 0),  // -0.499712 KiB
                .allocate(0, -1536),
                .systemAllocate(512),
                .systemAllocate(-1),
                .systemAllocate(2560),
            ])
    }

    @Test func limitIsInclusive() throws {
        let scenario = try ScenarioLoader.parse(
            "name: l\ndevice: {ram_mb: 4294967296}\napps: [{id: a, active_mb: 4294967296.0}]\nend_s: 4.294967296e9\n",
            path: "l.yaml")
        #expect(scenario.device.ramKiB == .mb(4_294_967_296))
        #expect(scenario.apps[0].activeKiB == .mb(4_294_967_296))
        #expect(scenario.endMs == 4_294_967_296_000)
    }

    @Test func everyEventKind() throws {
        let text = """
            name: e
            device: {ram_mb: 2048}
            apps:
              - {id: com.a, active_mb: 100, background_modes: [audio, fetch]}
              - {id: com.b, active_mb: 100}
            events:
              - { at: 0, open: com.a }
              - { at: 1, home }
              - { at: 2, lock: }
              - { at: 3, unlock: null }
              - { at: 4, alert: ~ }
              - { at: 5, alert_dismiss }
              - { at: 6, alert_reply }
              - { at: 7, call }
              - { at: 8, call_decline }
              - { at: 9, call }
              - { at: 10, call_answer }
              - { at: 11, call_end }
              - { at: 12, force_quit: com.b }
              - { at: 13, wake: { app: com.b, mode: fetch } }
              - { at: 13, wake: { app: com.a, mode: remote-notification } }
              - { at: 13, wake: { app: com.a, mode: newsstand-content } }
              - { at: 13, wake: { app: com.a, mode: processing } }
              - { at: 14, start_mode: { app: com.a, mode: location } }
              - { at: 15, stop_mode: { app: com.a, mode: audio } }
              - { at: 16, allocate: { app: com.b, mb: 12.5 } }
              - at: 17
                system_allocate:
                  mb: -3
              - at: 18
                start_mode: { mode: bluetooth-central, app: com.b }
              - { at: 19, charge: true }
              - { at: 19, low_power: false }

            """
        let scenario = try ScenarioLoader.parse(text, path: "e.yaml")
        #expect(
            scenario.events.map(\.action) == [
                .open(0), .home, .lock, .unlock, .alert, .alertDismiss, .alertReply, .call, .callDecline,
                .call, .callAnswer, .callEnd, .forceQuit(1),
                .wake(1, .fetch), .wake(0, .remoteNotification), .wake(0, .newsstandContent), .wake(0, .processing),
                .startMode(0, .location), .stopMode(0, .audio), .allocate(1, 12_800), .systemAllocate(-3072),
                .startMode(1, .bluetoothCentral), .charge(true), .lowPower(false),
            ])
        #expect(scenario.events.map(\.line) == Array(7...26) + [27, 30, 32, 33])
        #expect(Set(scenario.events.map(\.action.kind)) == Set(ScenarioEvent.Kind.allCases))
    }

    @Test func expectationsByPolicy() throws {
        let text = """
            name: x
            policy: lru
            device: {ram_mb: 2048}
            apps: [{id: a, active_mb: 1}, {id: b, active_mb: 1}]
            expect:
              survivors: [a]
              by_policy:
                largest-first: { evictions: [b, a, b] }
                lru: { evictions: [], survivors: [a, b] }

            """
        let scenario = try ScenarioLoader.parse(text, path: "x.yaml")
        #expect(scenario.policyName == "lru")
        #expect(
            scenario.expectation
                == Scenario.Expectation(
                    survivors: ["a"],
                    byPolicy: [
                        "largest-first": Scenario.Expectation(evictions: ["b", "a", "b"]),
                        "lru": Scenario.Expectation(evictions: [], survivors: ["a", "b"]),
                    ]))
    }

    @Test func yamlSpellingsOfBooleansAndAByteOrderMark() throws {
        let scenario = try ScenarioLoader.parse(
            "\u{FEFF}name: b\ndevice: {ram_mb: 1}\napps: [{id: a, active_mb: 1, exits_on_suspend: yes, saves_state: False}]\n",
            path: "b.yaml")
        #expect(scenario.apps[0].exitsOnSuspend)
        #expect(!scenario.apps[0].savesState)
    }

    @Test func eventsAtTheSameTimeAreInOrder() throws {
        let scenario = try ScenarioLoader.parse(
            "name: t\ndevice: {ram_mb: 1}\napps: [{id: a, active_mb: 1}]\nevents: [{at: 1, home}, {at: 1.0, lock}, {at: 1e0, unlock}]\n",
            path: "t.yaml")
        #expect(scenario.events.map(\.atMs) == [1000, 1000, 1000])
    }

    @Test func undeclaredModeIsNotAnError() throws {
        let scenario = try ScenarioLoader.parse(
            "name: t\ndevice: {ram_mb: 1}\napps: [{id: a, active_mb: 1}]\nevents: [{at: 1, wake: {app: a, mode: fetch}}]\n",
            path: "t.yaml")
        #expect(scenario.events.map(\.action) == [.wake(0, .fetch)])
    }

    @Test func loadReadsAFile() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("state-lab.yaml", Self.specExample)
        let scenario = try ScenarioLoader.load(path: path)
        #expect(scenario.name == "state-lab")
        #expect(scenario.sourcePath == path)
    }
}

/// The diagnostics of a text that must not load.
func loadDiagnostics(_ text: String, path: String = "x.yaml", sourceLocation: SourceLocation = #_sourceLocation)
    -> [ScenarioLoader.Diagnostic]
{
    do {
        let scenario = try ScenarioLoader.parse(text, path: path)
        Issue.record("loaded \(scenario.name), expected an error", sourceLocation: sourceLocation)
        return []
    } catch {
        #expect(!error.diagnostics.isEmpty, sourceLocation: sourceLocation)
        return error.diagnostics
    }
}

/// A fresh folder under the system's temporary folder, removed when the value goes away.
final class TemporaryFolder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "/suspendsim-loader-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Writes `text` to `name` in the folder and returns the file's path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let file = path + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        return file
    }

    /// Makes a subfolder.
    func makeFolder(_ name: String) throws {
        try FileManager.default.createDirectory(atPath: path + "/" + name, withIntermediateDirectories: true)
    }
}

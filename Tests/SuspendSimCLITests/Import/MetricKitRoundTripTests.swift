import Foundation
import Testing
@_spi(Generators) import SuspendSim

/// SPEC 17 and 18 both ways: what `run --metrickit` writes, `import metrickit` reads back.
@Suite struct MetricKitRoundTripTests {
    /// An app with known keys: opened cold at 0, home at 10 s (suspended at 160 MB), opened warm
    /// at 60 s, home at 70 s; `end_s` 100.
    static func scenario(coldLaunch: String, resume: String, active: String, suspended: String) -> String {
        """
        name: round-trip
        device: { model: iphone-11, ios: "18.4" }
        apps:
          - { id: com.acme.shop, active_mb: \(active), suspended_mb: \(suspended), cold_launch_s: \(coldLaunch), resume_s: \(resume) }
        events:
          - { at: 0, open: com.acme.shop }
          - { at: 10, home }
          - { at: 60, open: com.acme.shop }
          - { at: 70, home }
        end_s: 100

        """
    }

    @Test("run --metrickit, then import metrickit of its payload onto the scenario, gives back the app's keys, the device and one day's counts")
    func roundTrip() throws {
        try withTemporaryFolder { folder in
            let original = folder.appendingPathComponent("original.yaml")
            try Self.scenario(coldLaunch: "1.2", resume: "0.25", active: "350", suspended: "160").write(to: original, atomically: true, encoding: .utf8)
            let out = folder.appendingPathComponent("out")
            let run = try suspendsim(["run", original.path, "--metrickit", "--out", out.path])
            #expect(run.status == 0, "\(run.stderr)")
            // The keys forgotten: the payload alone must give them back.
            let blank = folder.appendingPathComponent("blank.yaml")
            try Self.scenario(coldLaunch: "9", resume: "9", active: "1", suspended: "1").replacingOccurrences(of: "device: { model: iphone-11, ios: \"18.4\" }", with: "device: { ram_mb: 2048 }")
                .write(to: blank, atomically: true, encoding: .utf8)
            let imported = folder.appendingPathComponent("imported.yaml")
            let payload = out.appendingPathComponent("round-trip/metrickit/com.acme.shop.json").path
            let importRun = try suspendsim(["import", "metrickit", payload, "--onto", blank.path, "-o", imported.path])
            #expect(importRun.status == 0, "\(importRun.stderr)")
            let scenario = try ScenarioLoader.load(path: imported.path)
            let app = try #require(scenario.apps.first)
            #expect(app.activeKiB == .mb(350))
            #expect(app.suspendedKiB == .mb(160))
            #expect(app.coldLaunchMs == .ms(1200))
            #expect(app.resumeMs == .ms(250))
            #expect(scenario.device.model == "iphone-11")   // from iPhone12,1
            #expect(scenario.device.ios?.description == "18.4")
            let observed = try #require(scenario.observed)
            #expect(observed.days == 1)
            #expect(observed.counters.first { $0.counter == .coldLaunches }?.thousandths == 1000)
            #expect(observed.counters.first { $0.counter == .resumes }?.thousandths == 1000)
            #expect(observed.counters.filter { $0.counter.exitCategory != nil }.allSatisfy { $0.thousandths == 0 })
        }
    }

    @Test("The bundled Scenarios/field-calibration.yaml is what import metrickit makes of Scenarios/metrickit: importing again changes none of its values")
    func bundledCalibrationIsTheImport() throws {
        try withTemporaryFolder { folder in
            let bundled = packageRoot.appendingPathComponent("Scenarios/field-calibration.yaml").path
            let again = folder.appendingPathComponent("again.yaml")
            let run = try suspendsim(["import", "metrickit", "Scenarios/metrickit", "--onto", bundled, "-o", again.path])
            #expect(run.status == 0, "\(run.stderr)")
            let original = try ScenarioLoader.load(path: bundled)
            let imported = try ScenarioLoader.load(path: again.path)
            #expect(imported.apps == original.apps)
            #expect(imported.observed == original.observed)
            #expect(imported.device == original.device)
            #expect(original.observed?.counters.first { $0.counter == .backgroundMemoryPressure }?.thousandths == 800)
        }
    }
}

import Foundation
import SuspendSim
import Testing

/// A regression test as a user writes it against a version-pinned suspendsim: the bundled
/// iPhone 11 scenario from its file and the same kind of day built in Swift, with their kills in
/// order, the reaper's included (SPEC 5, 11, 16), a file's `expect:`, and a sweep file.
/// `SUSPENDSIM_ROOT` is the tagged copy.
@Suite struct PinnedTests {
    static func file(_ path: String) throws -> String {
        let root = try #require(ProcessInfo.processInfo.environment["SUSPENDSIM_ROOT"], "scripts/pinned-package.sh sets SUSPENDSIM_ROOT")
        return root + "/" + path
    }

    @Test func yamlScenarioKillsInOrder() throws {
        let scenario = try ScenarioLoader.load(path: Self.file("Scenarios/iphone-11-ios18.yaml"))
        let result = Simulation.run(scenario)
        #expect(result.pressureKilled == ["com.example.social"])   // the long-idle reaper's
        #expect(result.pressureEvictions == [])                     // expect.evictions' list
        #expect(result.pressureKills == 1)
    }

    @Test func swiftScenarioKillsInOrder() throws {
        var device = try Device(model: "iphone-11", ios: "18.5")
        device.systemKiB = .mb(2500)
        var day = Scenario(name: "reaped", policy: JetsamPolicy(), device: device, apps: [
            AppProfile(id: "com.example.news", activeMB: 380, suspendedMB: 260),
            AppProfile(id: "com.example.social", activeMB: 420, suspendedMB: 280),
            AppProfile(id: "com.example.shop", activeMB: 360, suspendedMB: 240),
            AppProfile(id: "com.example.game", activeMB: 600, suspendedMB: 300),
        ])
        let news = try day.app("com.example.news")
        for (seconds, id) in [(0.0, "com.example.news"), (20, "com.example.social"), (40, "com.example.shop"), (60, "com.example.game")] {
            try day.append(at: seconds, .open(try day.app(id)))
        }
        try day.append(at: 600, .open(news))
        try day.append(at: 620, .allocate(news, .mb(900)))
        day.endMs = .seconds(900)
        let result = Simulation.run(day)
        // Reaped after 300 s idle in band 0, at the reaper's 30 s ticks; then memory pressure.
        #expect(result.pressureKilled == ["com.example.news", "com.example.social", "com.example.shop", "com.example.game"])
        #expect(result.pressureEvictions == ["com.example.game"])
    }

    @Test func checksAFilesExpect() throws {
        let scenario = try ScenarioLoader.load(path: Self.file("Scenarios/iphone-11-ios18.yaml"))
        let failures = scenario.check(Simulation.run(scenario))
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func runsASweepFile() throws {
        let result = try Batch(file: Self.file("Scenarios/ios-releases-day.yaml"), replicates: 2, seed: 0).run(jobs: 2)
        #expect(result.points == ["device.ios=12", "device.ios=15", "device.ios=18.4"])
        #expect(try result.rates(of: "com.apple.MobileSMS", at: "device.ios=18.4").runs == 2)
    }

    @Test func aTypoIsAFailedTestNotATrap() throws {
        let scenario = try ScenarioLoader.load(path: Self.file("Scenarios/iphone-11-ios18.yaml"))
        #expect(throws: Scenario.LookupError.self) { try scenario.app("com.example.sociall") }
    }
}

import Foundation
import Testing
import SuspendSim

/// `Scenario.check(_:)` is `suspendsim check`'s judgement from Swift (SPEC 7, 14): each failed
/// assertion with its key, its file and line, and the text the command prints.
@Suite struct ScenarioCheckTests {
    /// A day on an iPhone 11 (iOS 18.5, jetsam): news is suspended at 60 s, idle in band 0
    /// from 62 s (2 s of aging), so the long-idle reaper (300 s idle, a tick every 30 s, SPEC 11)
    /// kills it at 390 s; reopened at 600 s, it grows by 900 MB at 620 s and memory pressure
    /// kills the suspended game. The file expects the wrong eviction order (line 15), the
    /// right survivors (line 16) and at most the 2 pressure kills there are (line 17).
    static let text = """
        name: reaped
        policy: jetsam
        device: { model: iphone-11, ios: "18.5", system_mb: 2500 }
        apps:
          - { id: com.example.news, active_mb: 380, suspended_mb: 260 }
          - { id: com.example.social, active_mb: 420, suspended_mb: 280 }
          - { id: com.example.shop, active_mb: 360, suspended_mb: 240 }
          - { id: com.example.game, active_mb: 600, suspended_mb: 300 }
        events:
          - { at: 0, open: com.example.news }
          - { at: 60, open: com.example.game }
          - { at: 600, open: com.example.news }
          - { at: 620, allocate: { app: com.example.news, mb: 900 } }
        expect:
          evictions: [com.example.news, com.example.game]
          survivors: [com.example.news]
          max_pressure_kills: 2
        end_s: 900
        """

    @Test("A failed expect: gives each failure with its key, file and line, as check prints it")
    func failuresAreLocated() throws {
        let scenario = try ScenarioLoader.parse(Self.text, path: "reaped.yaml")
        let result = Simulation.run(scenario)
        #expect(result.pressureKilled == ["com.example.news", "com.example.game"])
        #expect(result.log.evictions.first?.who.timeMs == .seconds(390))
        #expect(result.pressureEvictions == ["com.example.game"])
        let failures = scenario.check(result)
        #expect(failures.map(\.key) == ["evictions"])
        let evictions = try #require(failures.first)
        #expect(evictions.file == "reaped.yaml" && evictions.line == 15)
        #expect(evictions.description.hasPrefix("""
            reaped.yaml:15: expect.evictions (memory-pressure, in order):
              expected: com.example.news, com.example.game
              actual:   com.example.game
            """))
    }

    @Test("A run as expected, and a scenario without expect:, have no failure")
    func passingAndUnchecked() throws {
        let bundled = try ScenarioLoader.load(path: packageFile("Scenarios/iphone-11-ios18.yaml"))
        #expect(bundled.check(Simulation.run(bundled)).isEmpty)
        var plain = bundled
        plain.expectation = nil
        #expect(plain.check(Simulation.run(plain)).isEmpty)
        // Under lru the file's by_policy survivors apply: everyone survives, and so it passes.
        #expect(bundled.check(Simulation.run(bundled, policy: LRUPolicy())).isEmpty)
    }
}

import SuspendSim
import Testing

@Test func mailIsSuspendedAfterHome() throws {
    var scenario = Scenario(name: "demo", device: Device(ramMB: 2048),
                            apps: [AppProfile(id: "com.example.mail", activeMB: 120)])
    let mail = try scenario.app("com.example.mail")
    try scenario.append(at: 0, .open(mail))
    try scenario.append(at: 5, .allocate(mail, .mb(80)))   // memory is typed: .mb(80), never a bare 80
    try scenario.append(at: 10, .home)
    let result = Simulation.run(scenario)
    #expect(result.log.callbacks(of: mail).last == .didEnterBackground)
    #expect(result.survivors == ["com.example.mail"])
    // Or load a file: try ScenarioLoader.load(path: "Scenarios/state-lab.yaml")
}

@Test func mailKeepsItsStateThroughAnHourOnAnIPhone11() throws {
    let hour = try ScenarioLoader.parse("""
        name: an-hour
        device: { model: iphone-x, ios: "18.4" }
        apps:
          - { id: com.example.mail, active_mb: 200, suspended_mb: 80 }
          - { id: com.example.game, active_mb: 800, suspended_mb: 500 }
          - { id: com.example.photos, active_mb: 400, suspended_mb: 250 }
          - { id: com.example.maps, active_mb: 500, suspended_mb: 300 }
        workload: { duration_s: 3600 }   # an hour of sessions, drawn anew for each replicate
        """, path: "an-hour.yaml")
    let iPhone11 = try Device(model: "iPhone 11", ios: "18.4")   // or "iphone-11", or "iPhone12,1"
    let result = try Batch(hour, replicates: 200, seed: 0, policy: JetsamPolicy(), sweep: [
        ("iPhone X", { _ in }),
        ("iPhone 11", { $0.device = iPhone11 }),
    ]).run()
    // survival.csv's numbers: each rate with its Wilson 95 % interval (low, high).
    let onX = try result.rates(of: "com.example.mail", at: "iPhone X").neverKilled
    let on11 = try result.rates(of: "com.example.mail", at: "iPhone 11").neverKilled
    #expect(on11.low >= 0.95)
    #expect(onX.high < on11.low)   // the intervals do not overlap: the larger phone keeps it
}

@Test func theReaperKillsBeforeMemoryPressureDoes() throws {
    let day = try ScenarioLoader.parse("""
        name: reaped
        policy: jetsam
        device: { model: iphone-11, ios: "18.5", system_mb: 2500 }   # a busy phone on iOS 18.5
        apps:
          - { id: com.example.news, active_mb: 380, suspended_mb: 260 }
          - { id: com.example.social, active_mb: 420, suspended_mb: 280 }
          - { id: com.example.shop, active_mb: 360, suspended_mb: 240 }
          - { id: com.example.game, active_mb: 600, suspended_mb: 300 }
        events:
          - { at: 0, open: com.example.news }
          - { at: 20, open: com.example.social }
          - { at: 40, open: com.example.shop }
          - { at: 60, open: com.example.game }
          - { at: 600, open: com.example.news }
          - { at: 620, allocate: { app: com.example.news, mb: 900 } }
        end_s: 900
        """, path: "reaped.yaml")
    let result = Simulation.run(day)
    // Every pressure kill, in order: the long-idle reaper's (idle 300 s, ticks every 30 s),
    // then memory pressure's. Their count is summary.csv's pressure_kills.
    #expect(result.pressureKilled == ["com.example.news", "com.example.social", "com.example.shop", "com.example.game"])
    #expect(result.pressureKills == 4)
    // expect.evictions' order: the memory-pressure kills only, the reaper's left out.
    #expect(result.pressureEvictions == ["com.example.game"])
}

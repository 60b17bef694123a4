import SuspendSim
import Testing

@Test func theReaperTakesSocialOnAnIPhone11() throws {
    let scenario = try ScenarioLoader.load(path: "Scenarios/iphone-11-ios18.yaml")
    let result = Simulation.run(scenario)
    // Every pressure kill in order, the long-idle reaper's included (SPEC 5, 11).
    #expect(result.pressureKilled == ["com.example.social"])
    #expect(result.pressureKills == 1)                 // summary.csv's pressure_kills
    // expect.evictions' list: the memory-pressure kills only (SPEC 16).
    #expect(result.pressureEvictions == [])
    #expect(result.outcome(of: "com.example.news")?.pressureKills == 0)
    // The file's own expect: block, judged as `suspendsim check` judges it.
    let failures = scenario.check(result)
    #expect(failures.isEmpty, "\(failures)")
}

@Test func aDayBuiltInSwiftKillsInOrder() throws {
    var device = try Device(model: "iphone-11", ios: "18.5")
    device.systemKiB = .mb(2500)                        // a busy phone
    var day = Scenario(name: "reaped", policy: JetsamPolicy(), device: device, apps: [
        AppProfile(id: "com.example.news", activeMB: 380, suspendedMB: 260),
        AppProfile(id: "com.example.social", activeMB: 420, suspendedMB: 280),
        AppProfile(id: "com.example.shop", activeMB: 360, suspendedMB: 240),
        AppProfile(id: "com.example.game", activeMB: 600, suspendedMB: 300),
    ])
    for (seconds, id) in [(0.0, "com.example.news"), (20, "com.example.social"), (40, "com.example.shop"), (60, "com.example.game")] {
        try day.append(at: seconds, .open(try day.app(id)))
    }
    let news = try day.app("com.example.news")
    try day.append(at: 600, .open(news))
    try day.append(at: 620, .allocate(news, .mb(900)))
    day.endMs = .seconds(900)
    let result = Simulation.run(day)
    // Reaped after 300 s idle in band 0, at the reaper's 30 s ticks; then memory pressure.
    #expect(result.pressureKilled == ["com.example.news", "com.example.social", "com.example.shop", "com.example.game"])
    #expect(result.pressureEvictions == ["com.example.game"])
    #expect(result.evictions(of: "com.example.game").map(\.who.reason) == [.memoryPressure])
}

@Test func aSweepFileFromSwift() throws {
    let result = try Batch(file: "Scenarios/ios-releases-day.yaml", replicates: 100, seed: 0).run()
    let messages = try result.rates(of: "com.apple.MobileSMS", at: "device.ios=18.4")
    #expect(messages.runs == 100)   // survival, neverKilled, launchedSurvival: rates with their intervals
}

@Test func mistakesAreFailedTestsNotTraps() throws {
    let scenario = try ScenarioLoader.load(path: "Scenarios/iphone-11-ios18.yaml")
    let typo = #expect(throws: Scenario.LookupError.self) { try scenario.app("com.example.sociall") }
    #expect(typo?.kind == .app && typo?.nearest.first == "com.example.social")
    let missing = #expect(throws: ScenarioLoader.Error.self) { try ScenarioLoader.load(path: "Scenarios/no-such-file.yaml") }
    #expect(missing?.kind == .file)
    var copy = scenario
    #expect(throws: Scenario.LookupError.self) { try copy.append(at: 1, .open(99)) }   // no app at index 99
}

import SuspendSim
import Testing

@Test func mailIsSuspendedAfterHome() throws {
    var scenario = Scenario(name: "demo", device: Device(ramMB: 2048),
                            apps: [AppProfile(id: "com.example.mail", activeMB: 120)])
    let mail = scenario.app("com.example.mail")
    scenario.append(at: 0, .open(mail))
    scenario.append(at: 5, .allocate(mail, .mb(80)))   // memory is typed: .mb(80), never a bare 80
    scenario.append(at: 10, .home)
    let result = Simulation.run(scenario)
    #expect(result.log.callbacks(of: mail).last == .didEnterBackground)
    #expect(result.survivors == ["com.example.mail"])
    // Or load a file: try ScenarioLoader.load(path: "Scenarios/state-lab.yaml")
}

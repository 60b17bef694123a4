@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

extension HostileScenario {
    /// SPEC 28 in a hostile scenario: about half the apps list a refresh, a processing request
    /// or both (declaring the modes they need), with 0 s, whole-second or any-millisecond
    /// times; the device may start charging, in Low Power Mode or with the switch off, with
    /// short windows and intervals; `charge` and `low_power` events (some of them no-ops) fall
    /// on the instants of other events.
    static func addTaskRequests(to scenario: inout Scenario, random: inout SplitMix64) {
        func duration(upTo seconds: Int64) -> Millis {
            switch random.int(in: 0...5) {
            case 0: 0
            case 1, 2: Millis(random.int(in: 0...seconds) * 1000)
            default: Millis(random.int(in: 0...(seconds * 1000)))
            }
        }
        for index in scenario.apps.indices where random.chance(50) {
            var requests: [AppProfile.TaskRequest] = []
            for kind in AppProfile.TaskRequest.Kind.allCases where random.chance(70) {
                scenario.apps[index].backgroundModes.insert(AppProfile.BackgroundModes(kind.mode))
                requests.append(AppProfile.TaskRequest(
                    kind: kind, earliestMs: duration(upTo: 20), workMs: random.chance(30) ? nil : duration(upTo: 40),
                    requiresPower: kind == .processing && random.chance(50)))
            }
            scenario.apps[index].bgTasks = requests
        }
        scenario.device.charging = random.chance(30)
        scenario.device.lowPower = random.chance(20)
        scenario.device.backgroundAppRefresh = random.chance(85)
        if random.chance(50) { scenario.device.refreshWindowMs = max(1, duration(upTo: 10)) }
        if random.chance(70) { scenario.device.refreshIntervalMs = max(1, duration(upTo: 30)) }
        guard !scenario.events.isEmpty else { return }
        for _ in 0..<random.int(in: 0...20) {
            let after = random.index(below: scenario.events.count)
            let on = random.chance(50)
            let action: ScenarioEvent.Action = random.chance(60) ? .charge(on) : .lowPower(on)
            scenario.events.insert(ScenarioEvent(atMs: scenario.events[after].atMs, action), at: after + 1)
        }
    }
}

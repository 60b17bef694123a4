import SuspendSim
import Testing

/// What a test can do to a `Scenario` through the public API alone, and the run never traps
/// on: apps removed after events named them, and event times no scenario file could give.
/// Each bad call runs in a child process first (an exit test), which must exit normally (a
/// trap there is signal 4 or 5, and the whole `swift test` run would have ended with it).
@Suite struct NoTrapScenarioTests {
    /// Three apps; `open(2)` at 10 s names the last one.
    static func threeApps() throws -> Scenario {
        var scenario = Scenario(name: "demo", device: Device(ramKiB: .mb(4096)),
                                apps: [AppProfile(id: "com.example.a", activeMB: 100), AppProfile(id: "com.example.b", activeMB: 100),
                                       AppProfile(id: "com.example.c", activeMB: 100)])
        try scenario.append(at: 0, .open(0))
        try scenario.append(at: 10, .open(2))
        try scenario.append(at: 20, .home)
        return scenario
    }

    @Test("Apps removed after an event named them: the run skips the event, checkAppIndexes throws")
    func appsRemovedAfterEvents() async throws {
        await #expect(processExitsWith: .success) {
            var scenario = try! NoTrapScenarioTests.threeApps()
            scenario.apps.removeLast()
            _ = Simulation.run(scenario)
            _ = Simulation.runKeepingNoRecords(scenario)
        }
        var scenario = try Self.threeApps()
        scenario.apps.removeLast()
        // `apps` is still a plain array: the removal itself is allowed, and the check names
        // index 2 and the two apps left.
        let error = #expect(throws: Scenario.LookupError(kind: .appIndex, name: "2", nearest: ["com.example.a", "com.example.b"],
                                                         scenario: "demo")) {
            try scenario.checkAppIndexes()
        }
        #expect(error?.description == "no app at index 2 in scenario 'demo' (it has 2; take an index from app(_:)): com.example.a, com.example.b")
        // The run: open(0) at 0 s runs (a's first callback), open(2) at 10 s is a no-op with
        // the reason that says why (no app to name in the record), home at 20 s runs.
        let result = Simulation.run(scenario)
        #expect(result.log.skips == [EventLog.Skip(timeMs: .seconds(10), event: .open, app: nil, reason: .noSuchApp)])
        #expect(result.log.callbacks(of: 0).contains(.didFinishLaunching))
        #expect(result.log.callbacks(of: 1).isEmpty)
        // Putting an app back at index 2 makes the scenario whole again.
        scenario.apps.append(AppProfile(id: "com.example.d", activeMB: 100))
        try scenario.checkAppIndexes()
        #expect(Simulation.run(scenario).log.skips.isEmpty)
    }

    @Test("An initial: entry and observed naming a removed app: not placed, and checkAppIndexes names them")
    func initialAndObservedAfterRemoval() async throws {
        await #expect(processExitsWith: .success) {
            var scenario = Scenario(name: "demo", device: Device(ramKiB: .mb(4096)),
                                    apps: [AppProfile(id: "com.example.a", activeMB: 100), AppProfile(id: "com.example.b", activeMB: 100)])
            try! scenario.appendInitial(Scenario.InitialApp(app: 1, state: .suspended))
            scenario.apps.removeAll()
            _ = Simulation.run(scenario)
        }
        var scenario = Scenario(name: "demo", device: Device(ramKiB: .mb(4096)),
                                apps: [AppProfile(id: "com.example.a", activeMB: 100), AppProfile(id: "com.example.b", activeMB: 100)])
        try scenario.appendInitial(Scenario.InitialApp(app: 0, state: .suspended))
        try scenario.appendInitial(Scenario.InitialApp(app: 1, state: .suspended))
        try scenario.setObserved(Scenario.Observed(app: 1, days: 1, counters: [(.backgroundMemoryPressure, 1000)]))
        scenario.apps.removeLast()
        #expect(throws: Scenario.LookupError(kind: .appIndex, name: "1", nearest: ["com.example.a"], scenario: "demo")) {
            try scenario.checkAppIndexes()
        }
        // App 0 is placed (100 MB resident: its footprint row at time 0); entry 1 is not.
        let result = Simulation.run(scenario)
        #expect(result.log.footprints.map(\.app) == [0])
    }

    @Test("append(at:) refuses NaN, infinite, negative, past-2^32 and out-of-order times, and adds nothing")
    func eventTimes() async throws {
        await #expect(processExitsWith: .success) {
            var scenario = Scenario(name: "t", device: Device(ramKiB: .mb(1024)), apps: [AppProfile(id: "a", activeMB: 10)])
            for seconds in [Double.nan, .infinity, -.infinity, 1e300, -1, 4_294_967_296.5] { try? scenario.append(at: seconds, .open(0)) }
            _ = Simulation.run(scenario)
        }
        var scenario = Scenario(name: "t", device: Device(ramKiB: .mb(1024)), apps: [AppProfile(id: "a", activeMB: 10)])
        for seconds in [Double.nan, .infinity, -.infinity, 1e300, -1, -0.001, 4_294_967_296.5, .greatestFiniteMagnitude] {
            let error = #expect(throws: Scenario.LookupError.self, "\(seconds)") { try scenario.append(at: seconds, .open(0)) }
            #expect(error?.kind == .time && error?.name == String(seconds) && error?.nearest == [])
        }
        #expect(scenario.events.isEmpty)
        let nan = #expect(throws: Scenario.LookupError.self) { try scenario.append(at: .nan, .home) }
        #expect(nan?.description == "event time nan s in scenario 't' is not a time of the model: 0 to 4294967296 (2^32) s")
        // The bounds themselves are times: 0 and 2^32 s, as a file may give them.
        try scenario.append(at: 0, .open(0))
        try scenario.append(at: 4_294_967_296, .home)
        #expect(scenario.events.map(\.atMs) == [.zero, .ms(4_294_967_296_000)])
        // Before the last event: refused, naming the last event's time.
        let early = #expect(throws: Scenario.LookupError(kind: .time, name: "10.0", nearest: ["4294967296.0"], scenario: "t")) {
            try scenario.append(at: 10, .home)
        }
        #expect(early?.description == "event time 10.0 s in scenario 't' is before the last event's time, 4294967296.0 s: append events in time order")
        // The same time as the last event is in order (SPEC 7: non-decreasing).
        try scenario.append(at: 4_294_967_296, .lock)
        #expect(scenario.events.count == 3)
    }

    @Test("append(at:) refuses allocations past 2^32 MB in magnitude and a session allocation not above 0")
    func allocationAmounts() async throws {
        await #expect(processExitsWith: .success) {
            var scenario = Scenario(name: "m", device: Device(ramKiB: .mb(1024)), apps: [AppProfile(id: "a", activeMB: 10)])
            try? scenario.append(at: 0, .open(0))
            try? scenario.append(at: 1, .allocate(0, .kib(.max)))
            try? scenario.append(at: 1, .allocate(0, .kib(.max)))
            try? scenario.append(at: 2, .systemAllocate(.kib(.max)))
            try? scenario.append(at: 2, .systemAllocate(.kib(.max)))
            try? scenario.append(at: 3, .systemAllocate(.kib(.min)))
            _ = Simulation.run(scenario)
        }
        var scenario = Scenario(name: "m", device: Device(ramKiB: .mb(1024)), apps: [AppProfile(id: "a", activeMB: 10)])
        // 2^42 KiB is 2^32 MB, the loader's limit: the bounds are amounts, one KiB past them is not.
        let limit: Int64 = 1 << 42
        for action in [ScenarioEvent.Action.allocate(0, .kib(limit + 1)), .allocate(0, .kib(-limit - 1)), .allocate(0, .kib(.max)),
                       .systemAllocate(.kib(.min)), .allocateSession(0, .zero), .allocateSession(0, .kib(-5)),
                       .allocateSession(0, .kib(limit + 1))] {
            let error = #expect(throws: Scenario.LookupError.self, "\(action)") { try scenario.append(at: 0, action) }
            #expect(error?.kind == .amount)
        }
        #expect(scenario.events.isEmpty)
        #expect(throws: Scenario.LookupError(kind: .amount, name: "0", nearest: [], scenario: "m")) {
            try scenario.append(at: 0, .allocateSession(0, .zero))
        }
        let past = #expect(throws: Scenario.LookupError.self) { try scenario.append(at: 0, .systemAllocate(.kib(limit + 1))) }
        #expect(past?.description == "allocation of 4398046511105 KiB in scenario 'm' is not an amount of the model: "
            + "at most 4294967296 (2^32) MB in magnitude, more than 0 for a session")
        for action in [ScenarioEvent.Action.allocate(0, .kib(limit)), .allocate(0, .kib(-limit)), .systemAllocate(.kib(-limit)),
                       .allocateSession(0, .kib(1)), .allocateSession(0, .kib(limit))] {
            try scenario.append(at: 0, action)
        }
        #expect(scenario.events.count == 5)
    }

    @Test("Device(ramMB:ios:_:) refuses a RAM or a key's value that is not finite or past 2^32, naming it")
    func deviceNumbers() async throws {
        await #expect(processExitsWith: .success) {
            _ = try? Device(ramMB: .nan, ios: nil, [:])
            _ = try? Device(ramMB: 2048, ios: nil, [.reservedMB: .infinity])
            _ = try? Device(ramMB: 2048, ios: nil, [.agingS: 1e300])
        }
        #expect(throws: Device.KeyError(key: .ramMB, value: "nan")) { try Device(ramMB: .nan, ios: nil, [:]) }
        #expect(throws: Device.KeyError(key: .reservedMB, value: "inf")) { try Device(ramMB: 2048, ios: nil, [.reservedMB: .infinity]) }
        let far = #expect(throws: Device.KeyError(key: .agingS, value: "-4294967297.0")) {
            try Device(ramMB: 2048, ios: nil, [.agingS: -4_294_967_297])
        }
        #expect(far?.description == "device key 'aging_s' must be a finite number at most 4294967296 (2^32) in magnitude, got -4294967297.0")
        // The limit itself is a number a file may give.
        #expect(try Device(ramMB: 4_294_967_296, ios: nil, [.agingS: 4_294_967_296]).agingMs == .seconds(4_294_967_296))
        // A key that is no number is still refused first, by its name alone.
        #expect(throws: Device.KeyError(key: .model)) { try Device(ramMB: .nan, ios: nil, [.model: 1]) }
    }
}

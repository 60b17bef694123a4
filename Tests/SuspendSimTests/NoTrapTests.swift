import SuspendSim
import Testing

/// A mistyped name in a user's test is a failed test, not a trap that ends the whole test run
/// (`swift test` killed by signal 4, no result reported): every public lookup by name or id,
/// and every argument a batch checks, throws a typed error naming what exists. Each call runs
/// with a bad argument in a child process (an exit test), which must exit normally; the error
/// itself is checked in process.
@Suite struct NoTrapTests {
    static func twoApps() -> Scenario {
        Scenario(name: "demo", device: Device(ramMB: 2048),
                 apps: [AppProfile(id: "com.example.mail", activeMB: 120), AppProfile(id: "com.example.maps", activeMB: 200)])
    }

    @Test("Scenario.app with an unknown id throws, naming the nearest ids; appIndex returns nil")
    func unknownApp() async throws {
        await #expect(processExitsWith: .success) {
            _ = try? NoTrapTests.twoApps().app("com.example.mial")
        }
        #expect(throws: Scenario.LookupError(kind: .app, name: "com.example.mial", nearest: ["com.example.mail", "com.example.maps"],
                                             scenario: "demo")) {
            try Self.twoApps().app("com.example.mial")
        }
        #expect(Self.twoApps().appIndex("com.example.mial") == nil)
        #expect(try Self.twoApps().app("com.example.maps") == 1)
        // Nothing near: every id is named.
        let far = #expect(throws: Scenario.LookupError.self) { try Self.twoApps().app("x") }
        #expect(far?.nearest == ["com.example.mail", "com.example.maps"])
        #expect(far?.description == "no app 'x' in scenario 'demo'; nearest: com.example.mail, com.example.maps")
    }

    @Test("Scenario(name:policyName:) with an unknown policy throws, naming the nearest built-in policies")
    func unknownPolicy() async throws {
        await #expect(processExitsWith: .success) {
            _ = try? Scenario(name: "x", policyName: "lur", device: Device(ramMB: 1024), apps: [])
        }
        let error = #expect(throws: Scenario.LookupError.self) {
            try Scenario(name: "x", policyName: "jetsm", device: Device(ramMB: 1024), apps: [])
        }
        #expect(error?.kind == .policy && error?.name == "jetsm")
        // "jetsam" is one insertion away, closer than any other name.
        #expect(error?.nearest.first == "jetsam")
        #expect(error?.description.hasPrefix("no built-in policy 'jetsm'; nearest: jetsam") == true)
        #expect(try Scenario(name: "x", policyName: "jetsam", device: Device(ramMB: 1024), apps: []).policyName == "jetsam")
    }

    @Test("Device(ramMB:ios:_:) refuses each key that is not a number of a device: block, and takes every other one")
    func deviceKeys() async throws {
        await #expect(processExitsWith: .success) {
            for key in DeviceKey.allCases { _ = try? Device(ramMB: 2048, ios: nil, [key: 1]) }
        }
        let refused: Set<DeviceKey> = [.ramMB, .model, .ios, .compressor, .freezer, .lmkd]
        for key in DeviceKey.allCases {
            if refused.contains(key) {
                #expect(throws: Device.KeyError(key: key)) { try Device(ramMB: 2048, ios: nil, [key: 1]) }
            } else {
                #expect(throws: Never.self) { try Device(ramMB: 2048, ios: nil, [key: 1]) }
            }
        }
        // The key wins over the default (SPEC 7): 1 s of aging.
        #expect(try Device(ramMB: 2048, ios: nil, [.agingS: 1]).agingMs == .seconds(1))
    }

    @Test("Batch refuses replicates below 1, a sweep label given twice and jobs below 1")
    func batchArguments() async throws {
        await #expect(processExitsWith: .success) { _ = try? Batch(NoTrapTests.twoApps(), replicates: 0) }
        await #expect(processExitsWith: .success) {
            _ = try? Batch(NoTrapTests.twoApps(), sweep: [("a", { _ in }), ("a", { _ in })])
        }
        await #expect(processExitsWith: .success) { _ = try? Batch(NoTrapTests.twoApps()).run(jobs: 0) }
        #expect(throws: Batch.ArgumentError(kind: .replicates, value: "0")) { try Batch(Self.twoApps(), replicates: 0) }
        #expect(throws: Batch.ArgumentError(kind: .duplicateLabel, value: "a")) {
            try Batch(Self.twoApps(), sweep: [("a", { _ in }), ("b", { _ in }), ("a", { _ in })])
        }
        await #expect(throws: Batch.ArgumentError(kind: .jobs, value: "-1")) { try await Batch(Self.twoApps()).run(jobs: -1) }
    }

    @Test("Batch.Result.rates(of:at:) throws on an unknown point, a missing point in a sweep, and an unknown app")
    func ratesLookups() async throws {
        await #expect(processExitsWith: .success) {
            _ = try? Batch(NoTrapTests.twoApps()).run(jobs: 1).rates(of: "com.example.mial")
        }
        await #expect(processExitsWith: .success) {
            _ = try? Batch(NoTrapTests.twoApps(), sweep: [("a", { _ in }), ("b", { _ in })]).run(jobs: 1).rates(of: "com.example.mail")
        }
        await #expect(processExitsWith: .success) {
            _ = try? Batch(NoTrapTests.twoApps(), sweep: [("a", { _ in })]).run(jobs: 1).rates(of: "com.example.mail", at: "c")
        }
        let one = try await Batch(Self.twoApps()).run(jobs: 1)
        #expect(throws: Batch.ArgumentError(kind: .unknownApp, value: "com.example.mial", nearest: ["com.example.mail", "com.example.maps"])) {
            try one.rates(of: "com.example.mial")
        }
        let swept = try await Batch(Self.twoApps(), sweep: [("120", { _ in }), ("60", { _ in })]).run(jobs: 1)
        let needed = #expect(throws: Batch.ArgumentError.self) { try swept.rates(of: "com.example.mail") }
        #expect(needed == Batch.ArgumentError(kind: .pointNeeded, value: "", nearest: ["120", "60"]))
        #expect(needed?.description == "the batch has 2 points: name one with `at:`; points: 120, 60")
        // "12" is held by "120": the nearer name comes first.
        #expect(throws: Batch.ArgumentError(kind: .unknownPoint, value: "12", nearest: ["120"])) {
            try swept.rates(of: "com.example.mail", at: "12")
        }
        #expect(try swept.rates(of: "com.example.mail", at: "60").runs == 1)
    }

    @Test("Scenario.append and appendInitial refuse an app index that no app has, naming the apps")
    func appIndexOutOfRange() async throws {
        await #expect(processExitsWith: .success) {
            var scenario = NoTrapTests.twoApps()
            try? scenario.append(at: 1, .open(2))
            try? scenario.append(at: 2, .allocate(-1, .mb(10)))
            try? scenario.appendInitial(Scenario.InitialApp(app: 7, state: .suspended))
            _ = Simulation.run(scenario)
        }
        var scenario = Self.twoApps()
        let error = #expect(throws: Scenario.LookupError(kind: .appIndex, name: "2", nearest: ["com.example.mail", "com.example.maps"],
                                                         scenario: "demo")) {
            try scenario.append(at: 1, .open(2))
        }
        #expect(error?.description == "no app at index 2 in scenario 'demo' (it has 2; take an index from app(_:)): com.example.mail, com.example.maps")
        #expect(throws: Scenario.LookupError.self) { try scenario.append(at: 1, .wake(-1, .fetch)) }
        #expect(throws: Scenario.LookupError.self) { try scenario.appendInitial(Scenario.InitialApp(app: 2, state: .suspended)) }
        // Nothing was added by the refused calls; the valid ones are, and the run sees them.
        #expect(scenario.events.isEmpty && scenario.initial.isEmpty)
        try scenario.append(at: 1, .open(1))
        try scenario.append(at: 2, .home)
        try scenario.appendInitial(Scenario.InitialApp(app: 0, state: .suspended))
        #expect(scenario.events.count == 2 && scenario.initial.count == 1)
        #expect(Simulation.run(scenario).log.callbacks(of: 1).contains(.didFinishLaunching))
    }

    @Test("Scenario.setObserved refuses an app index that no app has; observed cannot be set around it")
    func observedAppOutOfRange() async throws {
        await #expect(processExitsWith: .success) {
            var scenario = NoTrapTests.twoApps()
            try? scenario.setObserved(Scenario.Observed(app: 5, days: 1, counters: [(.backgroundMemoryPressure, 1000)]))
            _ = try? Batch(scenario).run(jobs: 1)
        }
        var scenario = Self.twoApps()
        let observed = Scenario.Observed(app: 2, days: 3, counters: [(.backgroundMemoryPressure, 500)])
        let error = #expect(throws: Scenario.LookupError(kind: .appIndex, name: "2", nearest: ["com.example.mail", "com.example.maps"],
                                                         scenario: "demo")) {
            try scenario.setObserved(observed)
        }
        #expect(error?.kind == .appIndex)
        // Refused: nothing set. The last app's index is taken, and nil removes it again.
        #expect(scenario.observed == nil)
        try scenario.setObserved(Scenario.Observed(app: 1, days: 3, counters: [(.backgroundMemoryPressure, 500)]))
        #expect(scenario.observed?.app == 1 && scenario.observed?.days == 3)
        try scenario.setObserved(nil)
        #expect(scenario.observed == nil)
    }

    @Test("Device.scaledSystemKiB refuses a catalog RAM of 0 and a negative amount")
    func scalingArguments() async throws {
        await #expect(processExitsWith: .success) {
            _ = try? Device.scaledSystemKiB(.mb(1), ramKiB: .mb(1), catalogRAMKiB: .zero)
        }
        #expect(throws: Device.ScalingError(kind: .catalogRAM, value: .zero)) {
            try Device.scaledSystemKiB(.mb(1), ramKiB: .mb(1), catalogRAMKiB: .zero)
        }
        #expect(throws: Device.ScalingError(kind: .systemMemory, value: .mb(-1))) {
            try Device.scaledSystemKiB(.mb(-1), ramKiB: .mb(1), catalogRAMKiB: .mb(1))
        }
        #expect(throws: Device.ScalingError(kind: .ram, value: .mb(-2))) {
            try Device.scaledSystemKiB(.mb(1), ramKiB: .mb(-2), catalogRAMKiB: .mb(1))
        }
        // 0 system and 0 RAM are in range: no system memory.
        #expect(try Device.scaledSystemKiB(.zero, ramKiB: .zero, catalogRAMKiB: .mb(1)) == .zero)
    }

    @Test("A batch plan with replicates below 1 throws a located error of kind argument")
    func planReplicates() async throws {
        await #expect(processExitsWith: .success) {
            var options = BatchPlan.Options()
            options.replicates = 0
            _ = try? BatchPlan(templates: [ScenarioTemplate(text: NoTrapTests.plainFile, path: "plain.yaml")], options: options)
        }
        var options = BatchPlan.Options()
        options.replicates = -3
        var expected = ScenarioLoader.Diagnostic(file: "plain.yaml", field: "replicates", message: "must be at least 1, got -3",
                                                 kind: .argument)
        expected.isFromCommandLine = true
        let error = #expect(throws: ScenarioLoader.Error(diagnostics: [expected])) {
            try BatchPlan(templates: [ScenarioTemplate(text: Self.plainFile, path: "plain.yaml")], options: options)
        }
        #expect(error?.kind == .argument)
        options.replicates = 1
        #expect(try BatchPlan(templates: [ScenarioTemplate(text: Self.plainFile, path: "plain.yaml")], options: options).unitCount == 1)
    }

    static let plainFile = """
        name: plain
        device: { ram_mb: 2048 }
        apps: [{ id: com.example.mail, active_mb: 120 }]
        events: [{ at: 0, open: com.example.mail }]
        """
}

// The ```swift blocks of the public declarations' doc comments, each as written there and in
// the context it assumes (`scenario`, `result`, `editor`, `MyPolicy`); `DocCommentExampleTests`
// finds every one of them here. The examples that write report folders into the working
// directory are compiled, not run (`DocCommentExamples.writingFiles`).
import Foundation
import Testing
@_spi(Testing) import SuspendSim

@Test func myPolicyMeetsTheContract() {
    #expect(EvictionPolicyConformance.violations(of: MyPolicy()) == [])
}

/// The user's own policy the examples name: the largest app first.
private struct MyPolicy: EvictionPolicy {
    let name = "my-policy"
    func rank(of candidate: Candidate) -> Candidate.Rank {
        Candidate.Rank(-candidate.footprintKiB.count)
    }
}

@Suite struct DocCommentExamples {
    /// 2048 MB, two apps of 120 MB opened one after the other: nothing is killed.
    static func mailAndA() throws -> Scenario {
        var scenario = Scenario(name: "doc", device: Device(ramMB: 2048), apps: [
            AppProfile(id: "com.example.mail", activeMB: 120), AppProfile(id: "com.example.a", activeMB: 120),
        ])
        try scenario.append(at: 0, .open(try scenario.app("com.example.mail")))
        try scenario.append(at: 10, .open(try scenario.app("com.example.a")))
        return scenario
    }

    @Test("Scenario, Simulation, SimulationResult.outcome(of:) and Scenario.LookupError")
    func scenarioAndRun() throws {
        var scenario = Scenario(name: "demo", device: Device(ramMB: 2048),
                                apps: [AppProfile(id: "com.example.a", activeMB: 120)])
        let a = try scenario.app("com.example.a")
        try scenario.append(at: 0, .open(a))
        try scenario.append(at: 10, .home)
        let result = Simulation.run(scenario)
        #expect(result.survivors == ["com.example.a"])
        do {
            let result = Simulation.run(scenario)                 // default policy, in-memory log
            let callbacks = result.log.callbacks(of: try scenario.app("com.example.a"))
            #expect(callbacks.contains(.didFinishLaunching))
        }
        do {
            let scenario = try Self.mailAndA()
            let result = Simulation.run(scenario)
            #expect(result.outcome(of: "com.example.mail")?.neverKilled == true)
            do { _ = try scenario.app("com.example.mial") } catch {
                // error.kind == .app, error.nearest == ["com.example.mail"]
            }
            let error = #expect(throws: Scenario.LookupError.self) { try scenario.app("com.example.mial") }
            #expect(error?.kind == .app && error?.nearest.first == "com.example.mail")
        }
        do {
            // mailAndA's second event opens its last app: removing it leaves that event none.
            var scenario = try Self.mailAndA()
            let removed = #expect(throws: Scenario.LookupError.self) {
                scenario.apps.removeLast()
                try scenario.checkAppIndexes()   // throws when an event named the removed app
            }
            #expect(removed?.kind == .appIndex && removed?.name == "1")
        }
    }

    @Test("EvictionPolicy's own policy: the smallest app goes first")
    func ownPolicy() throws {
        let scenario = try SwiftAPITests.crowded()
        /// Kills the smallest app first: the cheapest relaunch.
        struct SmallestFirst: EvictionPolicy {
            let name = "smallest-first"
            func rank(of candidate: Candidate) -> Candidate.Rank {
                Candidate.Rank(candidate.footprintKiB.count)
            }
        }
        let result = Simulation.run(scenario, policy: SmallestFirst())
        // As SwiftAPITests works out: the 200 MB app, then the 300 MB one.
        #expect(result.pressureEvictions == ["com.small", "com.big"])
    }

    @Test("AppProfile, its task requests, and Device from keys and from the catalog")
    func profilesAndDevices() throws {
        let music = AppProfile(id: "com.example.music", activeMB: 200, backgroundMB: 150,
                               backgroundModes: [.audio])
        #expect(music.backgroundModes == [.audio])
        var news = AppProfile(id: "com.acme.news", activeKiB: .mb(200))
        news.backgroundModes = [.fetch]
        news.bgTasks = [AppProfile.TaskRequest(kind: .refresh, earliestMs: .seconds(900))]
        #expect(news.bgTasks.count == 1)
        do {
            let phone = try Device(ramMB: 3072, ios: IOSVersion("18.5"), [.reservedMB: 640, .agingS: 1.5])
            #expect(phone.agingMs == .seconds(1.5))
        }
        do {
            let phone = try Device(model: "iPhone 11", ios: "18.4")   // or "iphone-11", "iPhone12,1"
            #expect(phone.model == "iphone-11")
        }
    }

    @Test("A file's expect: checked from Swift, and a file's sweep run as `run` runs it")
    func files() throws {
        do {
            let scenario = try ScenarioLoader.load(path: "Scenarios/photo-editor.yaml")
            let failures = scenario.check(Simulation.run(scenario))
            #expect(failures.isEmpty, "\(failures)")
        }
        let result = try Batch(file: "Scenarios/photo-editor.yaml", seed: 0).run()
        let rates = try result.rates(of: "com.example.photoeditor", at: "app.com.example.photoeditor.suspended_mb=120")
        #expect(rates.runs >= 1)
    }

    @Test("Batch: a sweep's changes and the async run")
    func batches() async throws {
        let scenario = try Self.mailAndA()
        let editor = try scenario.app("com.example.a")
        let batch = try Batch(scenario, replicates: 100, sweep: [
            ("120", { $0.apps[editor].suspendedKiB = .mb(120) }),
            ("60", { $0.apps[editor].suspendedKiB = .mb(60) }),
        ])
        #expect(batch.runsPerPoint == 1)   // no workload: one run per point
        do {
            let result = try await Batch(scenario, replicates: 10_000).run()
            #expect(try result.rates(of: "com.example.mail").runs == 1)
        }
    }

    @Test("Batch.Comparison of two policies' batches")
    func comparison() throws {
        let scenario = try Self.mailAndA()
        let lru = try Batch(scenario, replicates: 40, policy: LRUPolicy()).run()
        let mine = try Batch(scenario, replicates: 40, policy: MyPolicy()).run()
        let comparison = try Batch.Comparison([lru, mine], by: ["policy"])
        print(comparison.paired ?? "")     // mine against lru, replicate by replicate
        #expect(comparison.paired != nil)
    }

    /// Compiled, never run: these write report folders into the working directory, or run
    /// every bundled scenario, or need a scenario with a workload.
    static func writingFiles(_ scenario: Scenario) throws {
        do {
            let result = Simulation.run(scenario)
            #expect(result.survivors == ["com.example.mail"])
            try ReportWriter.write(result, of: scenario, into: "Reports/mine")
        }
        do {
            let result = try Simulation.run(scenario, writingReportTo: "Reports/state-lab")
            _ = result
        }
        do {
            let pages = try HTMLReport.write(folder: "Reports/state-lab")   // a run's folder
            let all = try HTMLReport.write(folder: "Reports", jobs: 4)      // a batch: its page and every run's
            _ = (pages, all)
        }
        do {
            let result = try Batch(scenario, replicates: 200, seed: 0).run()
            let mail = try result.rates(of: "com.example.mail")
            #expect(mail.neverKilled.low >= 0.8)
        }
        do {
            for path in try ScenarioLoader.scenarioFiles(in: ["Scenarios"]) {
                let scenario = try ScenarioLoader.load(path: path)
                print(scenario.name, Simulation.run(scenario).pressureKilled)
            }
        } catch {
            print(error)   // "Scenarios/x.yaml:12:5: apps[1].active_mb: must be a number, got \"abc\""
        }
    }
}

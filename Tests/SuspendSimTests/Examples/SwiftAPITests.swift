import Foundation
import SuspendSim
import Testing

/// What a Swift engineer expects of the library: outcomes and evictions by app id, the
/// doc comments' examples as written, and an async batch that stops when its task is cancelled.
@Suite struct SwiftAPITests {
    /// 1024 MB (critical at 5 %, 51.2 MB): a 300 MB and a 200 MB app suspended, then a 700 MB
    /// app in front; free = 1024 − 300 − 200 − 700 < 0, so largest-first kills the 300 MB app.
    static func crowded() throws -> Scenario {
        var scenario = Scenario(name: "crowded", device: Device(ramMB: 1024), apps: [
            AppProfile(id: "com.big", activeMB: 300), AppProfile(id: "com.small", activeMB: 200), AppProfile(id: "com.front", activeMB: 700),
        ])
        scenario.device.appLimitKiB = .mb(5000)
        for (seconds, id) in [(0.0, "com.big"), (10, "com.small"), (20, "com.front")] { try scenario.append(at: seconds, .open(try scenario.app(id))) }
        return scenario
    }

    @Test("Outcomes and evictions by bundle id")
    func byID() throws {
        let result = Simulation.run(try Self.crowded())
        #expect(result.evictions(of: "com.big").map(\.who.reason) == [.memoryPressure])
        #expect(result.evictions(of: "com.small").isEmpty && result.evictions(of: "com.nobody").isEmpty)
        #expect(result.outcome(of: "com.big")?.neverKilled == false)
        #expect(result.outcome(of: "com.small")?.survived == true)
        #expect(result.outcome(of: "com.nobody") == nil)
    }

    /// EvictionPolicy's doc comment, as written there.
    struct SmallestFirst: EvictionPolicy {
        let name = "smallest-first"
        func rank(of candidate: Candidate) -> Candidate.Rank {
            Candidate.Rank(candidate.footprintKiB.count)
        }
    }

    @Test("The doc comments' examples compile and do what they say (EvictionPolicy, EventLog)")
    func docCommentExamples() throws {
        let scenario = try Self.crowded()
        let result = Simulation.run(scenario, policy: SmallestFirst())
        // Smallest first: the 200 MB app goes; 1024 − 300 − 700 = 24 MB is still below 51.2 MB,
        // so the 300 MB app follows.
        #expect(result.pressureEvictions == ["com.small", "com.big"])
        let callbacks = Simulation.run(scenario).log.callbacks(of: try scenario.app("com.front"))
        // Largest-first kills com.big: free 1024 − 200 − 700 = 124 MB, still under the warning
        // level (15 % of 1024, 153.6 MB), so the frontmost app is warned after it became active.
        #expect(Array(callbacks.suffix(2)) == [.didBecomeActive, .didReceiveMemoryWarning])
    }

    /// The blocking `run(jobs:)` (in async code, `run` is the async one).
    static func blockingRun(_ batch: Batch) throws -> Batch.Result {
        try batch.run(jobs: 2)
    }

    @Test("The async run gives the blocking run's result, and a cancelled task stops the batch with CancellationError")
    func asyncRun() async throws {
        let day = try ScenarioLoader.load(path: packageFile("Scenarios/day-on-a-3gb-phone.yaml"))
        let small = try Batch(day, replicates: 4, seed: 1)
        let blocking = try Self.blockingRun(small)
        let awaited: Batch.Result = try await small.run(jobs: 2)
        #expect(awaited == blocking)
        // 10^6 runs would take hours and then return a result: cancelled, the batch throws
        // instead, whether the cancellation reaches it before its first run or during one.
        // Cancelled at once, not after a sleep: with the test pool busy, a sleeping test can
        // wake minutes later while the batch holds both cores (BatchStopTests shows that a
        // running batch stops within one run a chunk).
        let huge = try Batch(day, replicates: 1_000_000, seed: 1)
        let task = Task { try await huge.run(jobs: 2) }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}

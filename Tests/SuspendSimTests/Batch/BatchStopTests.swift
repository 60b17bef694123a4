import Synchronization
import Testing
@testable import SuspendSim
import SuspendSimTestSupport

/// A batch asked to stop stops within one run a chunk: every chunk asks `stopped` before each
/// of its runs, and the first yes ends the batch with no result (the runs made are dropped).
/// This is what makes the async `Batch.run` end soon after its task is cancelled.
@Suite struct BatchStopTests {
    @Test("A batch whose stop question turns to yes after four runs makes exactly those four and gives no result")
    func stopsWithinARunAChunk() throws {
        let day = try ScenarioLoader.load(path: packageFile("Scenarios/day-on-a-3gb-phone.yaml"))
        // 10^6 runs in 8 chunks (jobs × 4): without the stop, hours of work.
        let batch = try Batch(day, replicates: 1_000_000, seed: 1)
        let questions = Atomic<Int>(0)
        let result = batch.run(jobs: 2, stopped: {
            // Each "no" lets one run go ahead; from the fifth question on, every chunk is told to stop.
            questions.add(1, ordering: .relaxed).newValue > 4
        })
        #expect(result == nil)
        // Four questions answered no: four runs made. Every later question (at most one per
        // chunk, 8) answered yes.
        #expect((5...(4 + 8)).contains(questions.load(ordering: .relaxed)))
    }
}

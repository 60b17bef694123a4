import Dispatch
@_spi(Generators) import SuspendSim
import Synchronization

/// The batch workload: many small, independent runs spread over worker threads that take the
/// next index from a shared counter, as `suspendsim run --jobs N` and `check` spread scenarios.
///
/// Each run builds its own scenario (10 apps, 1,000 events, its own seed: the stand-in for
/// loading a file) and runs it keeping every record in memory (`EventLog`), so the batch
/// allocates the way a real batch does; that is what the jemalloc comparison measures.
public enum SmallBatch {
    public static let appsPerRun = 10
    public static let eventsPerRun = 1_000

    /// One run of the batch: its scenario, built from `index`, run to the end.
    /// Returns the records kept, so that the work cannot be optimised away.
    public static func run(_ index: Int) -> Int {
        let scenario = RandomScenario.make(apps: appsPerRun, events: eventsPerRun, seed: UInt64(index) &+ 1)
        let result = Simulation.run(scenario, policy: LargestFirstPolicy())
        return result.eventsRun + result.log.transitions.count + result.log.callbacks.count
    }

    /// `runs` runs on `jobs` worker threads. Returns the total of `run(_:)`.
    @discardableResult
    public static func run(runs: Int, jobs: Int) -> Int {
        let next = Atomic<Int>(0)
        let total = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, runs))) { _ in
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < runs else { return }
                total.add(run(index), ordering: .relaxed)
            }
        }
        return total.load(ordering: .relaxed)
    }
}

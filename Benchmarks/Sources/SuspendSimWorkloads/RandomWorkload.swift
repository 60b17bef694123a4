@_spi(Generators) import SuspendSim

/// The generated workload of the throughput figures: `RandomScenario.make` (every SPEC 3
/// event, weighted towards app switches and allocations) on the default 4 GB device, run
/// under `largest-first` keeping no records (summary counters only).
public enum RandomWorkload {
    /// The seed of every generated workload, so that runs compare like with like.
    public static let seed: UInt64 = 1

    /// The scenario with its events listed in memory, built before any timing starts.
    public static func scenario(apps: Int, events: Int) -> Scenario {
        RandomScenario.make(apps: apps, events: events, seed: seed)
    }

    /// The same apps, device and mix of events, with the events produced one at a time while
    /// the run reads them (`LazyRandomEvents`), so that memory does not depend on `events`.
    public static func lazyScenario(apps: Int, events: Int) -> Scenario {
        var scenario = RandomScenario.make(apps: apps, events: 0, seed: seed)
        scenario.name = "lazy-random-\(apps)-apps-\(events)-events-seed-\(seed)"
        scenario.generator = LazyRandomEvents(count: events)
        scenario.seed = seed
        return scenario
    }

    /// Runs `scenario` to the end under `largest-first`, keeping no records. Returns the
    /// number of scenario events run.
    @discardableResult
    public static func simulate(_ scenario: Scenario) -> Int {
        Simulation.runKeepingNoRecords(scenario, policy: LargestFirstPolicy()).eventsRun
    }
}

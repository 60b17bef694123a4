@_spi(Generators) import SuspendSim

/// `RandomScenario`'s mix of events, produced one at a time (`RandomScenario.EventMix`): a
/// timeline of any length in constant memory, for the peak-memory figure.
package struct LazyRandomEvents: EventGenerator {
    /// How many events to produce.
    package let count: Int

    package init(count: Int) {
        self.count = count
    }

    package func events(for scenario: Scenario, seed: UInt64, startingAt startMs: Millis) -> any EventSource {
        RandomScenario.EventMix(appCount: scenario.apps.count, events: count, rng: SplitMix64(seed: seed), startMs: startMs)
    }
}

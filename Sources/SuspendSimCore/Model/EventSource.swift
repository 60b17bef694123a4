/// Scenario events in time order, one at a time, so that a generated timeline of any length
/// runs in constant memory.
@_spi(Generators) public protocol EventSource {
    /// The next event, or nil when there is none. Times never decrease.
    mutating func next() -> ScenarioEvent?
}

/// Makes a timeline from a seed: a scenario's `workload:` block. Its events run after the
/// listed `events:`.
@_spi(Generators) public protocol EventGenerator: Sendable {
    /// The generated events of a run of `scenario` with `seed`, none before `startMs` (the
    /// time of the last listed event). The same arguments give the same events on every
    /// platform.
    func events(for scenario: Scenario, seed: UInt64, startingAt startMs: Millis) -> any EventSource

    /// Whether the events depend on the seed (see the default).
    var dependsOnSeed: Bool { get }
}

@_spi(Generators) extension EventGenerator {
    /// Whether the events depend on the seed, so that runs are replicates (a workload's do; a
    /// large file's events read as the run goes do not).
    public var dependsOnSeed: Bool { true }
}

extension Scenario {
    /// Whether runs of the scenario depend on their seed (it has a `workload:`): a batch runs
    /// it as replicates with a seed each.
    package var isRandomized: Bool { generator?.dependsOnSeed ?? false }
}

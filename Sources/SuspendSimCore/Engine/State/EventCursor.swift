/// The scenario's timeline as the engine reads it (SPEC 7): the listed events first, then the
/// generated ones (a `workload:` block), one read ahead so that `peek()` can compare its time
/// with the timers'; and how many events ran and how many were no-ops (SPEC 3).
struct EventCursor {
    private let listed: [ScenarioEvent]
    private var listedRead = 0
    private var generated: (any EventSource)?
    /// The next scenario event, read ahead; nil when none is left.
    private(set) var upcoming: ScenarioEvent?
    /// Scenario events run so far, no-ops included.
    private(set) var run = 0
    /// Scenario events that were no-ops (`skipped.csv`).
    private(set) var skipped = 0

    /// Before the first event: none read ahead yet (`readNext()` reads it).
    init(_ scenario: Scenario) {
        listed = scenario.events
        generated = scenario.generator?.events(
            for: scenario, seed: scenario.seed ?? 0, startingAt: scenario.events.last?.atMs ?? .zero)
    }

    /// Reads the next scenario event ahead: listed events first, then generated ones.
    /// Inlined into `step()`, which reads one event ahead per event it runs.
    @inline(__always)
    mutating func readNext() {
        if listedRead < listed.count {
            upcoming = listed[listedRead]
            listedRead += 1
        } else {
            upcoming = generated?.next()
        }
    }

    /// The upcoming event runs now: counts it and reads the next one ahead. Inlined into
    /// `step()`, as `readNext()` is into it.
    @inline(__always)
    mutating func advance() {
        run += 1
        readNext()
    }

    /// The event that just ran was a no-op.
    mutating func noteSkipped() {
        skipped += 1
    }
}

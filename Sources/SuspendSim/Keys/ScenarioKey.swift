/// The top-level keys of a scenario file (SPEC 7), one row each, in the order the "unknown
/// key" message lists them: the reader looks every top-level key up through this table, so
/// that a key is spelled once; `ScenarioKeyTableTests` checks it against the reader's message
/// and docs/scenarios.md's table of top-level keys.
enum ScenarioKey: String, CaseIterable, Sendable {
    case name, policy, policies, device, apps, events
    case endS = "end_s"
    case expect
    case workload, replicates, sweep
    case initial, trace
    case observed
    case whatif
    case labels
    case sensitivity

    static let names = allCases.map(\.rawValue)
}

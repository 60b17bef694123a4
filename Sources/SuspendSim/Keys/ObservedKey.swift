/// The keys of `observed:` (SPEC 18, 26), one row each, in the order `import metrickit` writes
/// them: the reader and the importer read this table, so that an observed key is declared
/// once. The counters (`Scenario.Observed.Counter`) follow these keys.
enum ObservedKey: String, CaseIterable, Sendable {
    /// The app the field's facts are of.
    case app
    /// The days of payloads kept (SPEC 26: one device, one release).
    case days
    /// The days that measured exits, launches and usage, when fewer than `days` (SPEC 26: a
    /// payload without the metric did not measure it); written in this order (SPEC 27).
    case exitDays = "exit_days"
    case launchDays = "launch_days"
    case timeDays = "time_days"

    /// Every key `observed:` may have: these, then the counters.
    static let names = allCases.map(\.rawValue) + Scenario.Observed.Counter.allCases.map(\.rawValue)

    /// The key's path in messages: `observed.days`.
    var path: String { "observed." + rawValue }
}

/// The keys of `expect:` (SPEC 7, 14, 18, 19), one row each, in the order messages list them:
/// the reader, `check` (which names a failed assertion by its key, at the line the key was
/// written on) and the jetsam importer read this table, so that an assertion's key is
/// declared once. A `by_policy:` entry holds the same keys but `by_policy` (`policyEntryNames`).
enum ExpectKey: String, CaseIterable, Sendable {
    case evictions, survivors, survives
    case neverKilled = "never_killed"
    case killed
    case maxPressureKills = "max_pressure_kills"
    case observedWithinCI = "observed_within_ci"
    case rates
    case byPolicy = "by_policy"

    static let names = allCases.map(\.rawValue)
    /// The keys by name, a hashed lookup.
    static let byName = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })
    /// The keys of a `by_policy:` entry: every key but `by_policy`.
    static let policyEntryNames = allCases.filter { $0 != .byPolicy }.map(\.rawValue)

    /// Where a key's value goes in `Scenario.Expectation`.
    enum Target: Sendable {
        /// A list of app ids of the scenario.
        case apps(WritableKeyPath<Scenario.Expectation, [String]?> & Sendable)
        /// A whole number, 0 or more.
        case count(WritableKeyPath<Scenario.Expectation, Int?> & Sendable)
        /// A switch.
        case flag(WritableKeyPath<Scenario.Expectation, Bool> & Sendable)
        /// Bounds on `survival.csv`'s rates, per rate (`Scenario.Expectation.Rate`) and app.
        case rates
        /// Built-in policy names, each with the keys of `policyEntryNames`.
        case byPolicy
    }

    /// Where the key's value goes.
    var target: Target {
        switch self {
        case .evictions: .apps(\.evictions)
        case .survivors: .apps(\.survivors)
        case .survives: .apps(\.survives)
        case .neverKilled: .apps(\.neverKilled)
        case .killed: .apps(\.killed)
        case .maxPressureKills: .count(\.maxPressureKills)
        case .observedWithinCI: .flag(\.observedWithinCI)
        case .rates: .rates
        case .byPolicy: .byPolicy
        }
    }

    /// The key's unit.
    var unit: KeyUnit {
        switch target {
        case .apps: .list
        case .count: .count
        case .flag: .flag
        case .rates, .byPolicy: .mapping
        }
    }

    /// Its default, in words (SPEC 7, 14, 18, 19): nothing is asserted without the key.
    var defaultRule: String {
        switch self {
        case .observedWithinCI: "false"
        default: "none: not checked"
        }
    }

    /// The key in words.
    var words: String {
        switch self {
        case .evictions: "memory-pressure kills, in order"
        case .survivors: "apps resident at the end, as a set"
        case .survives: "apps resident at the end, each"
        case .neverKilled: "apps never killed"
        case .killed: "apps killed at least once"
        case .maxPressureKills: "most pressure kills"
        case .observedWithinCI: "observed counters within the simulated interval"
        case .rates: "bounds on the survival rates"
        case .byPolicy: "assertions under one policy"
        }
    }

    /// Whether `check` judges it on each run (`ExpectationCheck`); the others are judged on the
    /// whole batch (`observed_within_ci`, `rates`: `BatchCheck`), or hold assertions
    /// (`by_policy`).
    var isCheckedPerRun: Bool {
        switch target {
        case .apps, .count: true
        case .flag, .rates, .byPolicy: false
        }
    }

    /// No assertion sweeps: `--set` and `sweep:` vary the scenario, not what it expects.
    var sweeps: Bool { false }

    /// When the scenario writers write it: never, `ScenarioJSONWriter` writes no `expect:`
    /// (a generated scenario asserts nothing). The jetsam importer writes `evictions` alone,
    /// spelled by its row.
    var writing: KeyWriting { .never }

    /// The key's path in messages: `expect.max_pressure_kills`.
    var path: String { "expect." + rawValue }
}

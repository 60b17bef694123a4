/// The keys of `whatif:` (SPEC 25), `{ key, baseline }`, both required, in the order the
/// "unknown key" message lists them.
enum WhatIfKey: String, CaseIterable, Sendable {
    case key, baseline

    static let names = allCases.map(\.rawValue)

    /// The key's path in messages: `whatif.baseline`.
    var path: String { ScenarioKey.whatif.rawValue + "." + rawValue }
}

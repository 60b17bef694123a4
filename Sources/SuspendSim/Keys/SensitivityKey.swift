/// The keys of `sensitivity:`'s mapping form (SPEC 39), `{ keys, replicates }`, both optional,
/// in the order the "unknown key" message lists them.
enum SensitivityKey: String, CaseIterable, Sendable {
    case keys, replicates

    static let names = allCases.map(\.rawValue)

    /// The key's path in messages: `sensitivity.keys`.
    var path: String { ScenarioKey.sensitivity.rawValue + "." + rawValue }
}

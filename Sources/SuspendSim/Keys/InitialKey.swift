/// The keys of one `initial:` entry (SPEC 12, 16), `{ app, state, modes }`, one row each, in
/// the order the "unknown key" message lists them: `app` and `state` are required, `modes` is
/// the continuous modes in use. The reader looks each up through this table.
enum InitialKey: String, CaseIterable, Sendable {
    case app, state, modes

    static let names = allCases.map(\.rawValue)
}

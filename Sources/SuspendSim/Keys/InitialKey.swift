/// The keys of one `initial:` entry (SPEC 12, 16, 37), `{ app, state, modes, frozen }`, one row
/// each, in the order the "unknown key" message lists them: `app` and `state` are required,
/// `modes` is the continuous modes in use, `frozen` whether a suspended app was found frozen.
/// The reader looks each up through this table.
enum InitialKey: String, CaseIterable, Sendable {
    case app, state, modes, frozen

    static let names = allCases.map(\.rawValue)
}

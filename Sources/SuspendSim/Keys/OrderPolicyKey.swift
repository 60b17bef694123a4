/// The keys of a policy written in YAML (SPEC 6, 33; `OrderPolicy`), `{ name, order, levels }`,
/// one row each, in the order the "unknown key" message lists them: `name` and `order` are
/// required, `levels` takes `device.lmkd.minfree`'s form (`MinfreeKey`).
enum OrderPolicyKey: String, CaseIterable, Sendable {
    case name, order, levels

    static let names = allCases.map(\.rawValue)
}

/// The keys of `device.lmkd:` (SPEC 33): one, `minfree`, lmkd's table of kill levels.
enum LMKDKey: String, CaseIterable, Sendable {
    case minfree

    static let names = allCases.map(\.rawValue)

    /// The key's path in messages: `device.lmkd.minfree`.
    var path: String { DeviceKey.lmkd.path + "." + rawValue }
}

/// The keys of one kill level, `{ adj, mb }` (SPEC 33, 34): lmkd's `lowmem_adj` and
/// `lowmem_minfree` entries, both required; `device.lmkd.minfree` and a YAML policy's
/// `levels` take the same form.
enum MinfreeKey: String, CaseIterable, Sendable {
    case adj, mb

    static let names = allCases.map(\.rawValue)
}

/// A key a batch may sweep (docs/batch-runs.md, SPEC 14): a case per sweeping row of the key
/// tables (`Keys/`), so that a sweep key is a value, not a text compared in many places.
///
/// `init(path:)` is the one parse (of a `sweep:` entry, a `--set` option, a run folder's
/// `KEY=VALUE` and a `summary.csv` column) and `path` the one spelling (folder names, CSV
/// columns, messages and the HTML page): `device.ram_mb`, `app.com.x.suspended_mb`.
package enum SweepKey: Sendable, Hashable {
    /// `policy`: the policy each run uses (SPEC 6).
    case policy
    /// `end_s`: the run's length (SPEC 7).
    case endS
    /// `device.<key>` (SPEC 7, 14, 28).
    case device(DeviceKey)
    /// `device.compressor.<key>` (SPEC 22).
    case compressor(CompressorKey)
    /// `device.freezer.<key>` (SPEC 37).
    case freezer(FreezerKey)
    /// `workload.<key>` (SPEC 14).
    case workload(WorkloadKey)
    /// `workload.allocations.<key>` (SPEC 14).
    case allocations(AllocationsKey)
    /// `trace.<key>`: `trace.user` (SPEC 13, 24).
    case trace(TraceKey)
    /// `app.<id>.<key>`: a key of one app (SPEC 14); the id may hold dots.
    case app(id: String, AppKey)
    /// `apps.typical-day`: the factor on the footprints `include: typical-day` brings (SPEC 38).
    case typicalDayFactor
    /// `device.limit_share`: a catalog phone's per-app limit within the catalog's estimated
    /// range, with `system_mb` moved so that their sum stays (SPEC 39).
    case limitShare

    /// Every key but the app keys, in the order messages list them: the key tables' rows that
    /// sweep.
    package static let fixed: [SweepKey] =
        [.policy, .endS] + DeviceKey.allCases.filter(\.sweeps).map { .device($0) }
        + CompressorKey.allCases.filter(\.sweeps).map { .compressor($0) }
        + FreezerKey.allCases.filter(\.sweeps).map { .freezer($0) }
        + WorkloadKey.allCases.filter(\.sweeps).map { .workload($0) }
        + AllocationsKey.allCases.map { .allocations($0) }
        + TraceKey.allCases.filter(\.sweeps).map { .trace($0) } + [.typicalDayFactor, .limitShare]

    private static let byPath = Dictionary(uniqueKeysWithValues: fixed.map { ($0.path, $0) })

    private static let appPrefix = "app."

    /// The key spelled `path`; nil for a text that is no sweep key (an app key must be one of
    /// `AppKey`'s rows that sweep, under a non-empty id).
    ///
    /// - Complexity: O(n) in the length of `path` (one hashed lookup).
    package init?(path: String) {
        if let key = Self.byPath[path] {
            self = key
            return
        }
        guard path.hasPrefix(Self.appPrefix), let dot = path.lastIndex(of: ".") else { return nil }
        let start = path.index(path.startIndex, offsetBy: Self.appPrefix.count)
        guard start < dot, let key = AppKey(rawValue: String(path[path.index(after: dot)...])), key.sweeps else { return nil }
        self = .app(id: String(path[start..<dot]), key)
    }

    /// The key as a file, `--set`, a run folder's name and a CSV column write it.
    package var path: String {
        switch self {
        case .policy: ScenarioKey.policy.rawValue
        case .endS: ScenarioKey.endS.rawValue
        case .device(let key): key.path
        case .compressor(let key): key.path
        case .freezer(let key): key.path
        case .workload(let key): key.path
        case .allocations(let key): key.path
        case .trace(let key): key.path
        case .app(let id, let key): Self.appPrefix + id + "." + key.rawValue
        case .typicalDayFactor: TypicalDay.factorKey
        case .limitShare: SensitivityRequest.limitShareKey
        }
    }

    /// Whether `text` begins as an app key does (`app.`), for messages about one that is not.
    static func looksLikeAppKey(_ text: String) -> Bool { text.hasPrefix(appPrefix) }

    /// The unit of the key's row, by which values compare (`SweepAxis.comparison`); nil for
    /// `policy`, the workload's keys, the typical day's factor and `device.limit_share`, which
    /// have no `KeyUnit`.
    var unit: KeyUnit? {
        switch self {
        case .device(let key): key.unit
        case .compressor(let key): key.unit
        case .freezer(let key): key.unit
        case .trace(let key): key.unit
        case .app(_, let key): key.unit
        case .policy, .endS, .workload, .allocations, .typicalDayFactor, .limitShare: nil
        }
    }
}

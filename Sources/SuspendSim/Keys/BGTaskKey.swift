/// The keys of an entry of an app's `bg_tasks` (SPEC 28), one row each: the reader and the
/// scenario writers read this table.
///
/// ```yaml
/// bg_tasks:
///   - { kind: refresh, earliest_s: 900, work_s: 10 }
///   - { kind: processing, earliest_s: 3600, work_s: 300, requires_power: true }
/// ```
enum BGTaskKey: String, CaseIterable, Sendable {
    case kind
    case earliestS = "earliest_s"
    case workS = "work_s"
    case requiresPower = "requires_power"

    static let names = allCases.map(\.rawValue)

    /// The key's unit.
    var unit: KeyUnit {
        switch self {
        case .kind: .name
        case .earliestS, .workS: .seconds
        case .requiresPower: .flag
        }
    }

    /// Its default, in words (SPEC 28).
    var defaultRule: String {
        switch self {
        case .kind: "required: refresh or processing"
        case .earliestS: "0"
        case .workS: "the app's wake_work_s"
        case .requiresPower: "false; processing only"
        }
    }

    /// `apps[0].bg_tasks[1].work_s`: its path under an entry's.
    func path(in entry: String) -> String { entry + "." + rawValue }
}

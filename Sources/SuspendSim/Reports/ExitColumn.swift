/// `exits.csv` of a run (SPEC 17): `app`, then one column per MetricKit exit category
/// (`KillReason.ExitCategory`, in its order), each the app's terminations of that category.
enum ExitColumn: CSVColumns, Hashable {
    case app
    case exit(KillReason.ExitCategory)

    static let allCases: [ExitColumn] = [.app] + KillReason.ExitCategory.allCases.map { .exit($0) }

    init?(rawValue: String) {
        guard let column = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = column
    }

    var rawValue: String {
        switch self {
        case .app: "app"
        case .exit(let category): category.rawValue
        }
    }
}

/// `exits.csv` of a run (SPEC 17): `app`, then one column per MetricKit exit category
/// (`KillReason.ExitCategory`, in its order), each the app's terminations of that category.
enum ExitColumn: CSVColumns, Hashable {
    case app
    case exit(KillReason.ExitCategory)

    static let allCases: [ExitColumn] = [.app] + KillReason.ExitCategory.allCases.map { .exit($0) }

    init?(rawValue: String) {
        if rawValue == "app" {
            self = .app
        } else if let category = KillReason.ExitCategory(rawValue: rawValue) {
            self = .exit(category)
        } else {
            return nil
        }
    }

    var rawValue: String {
        switch self {
        case .app: "app"
        case .exit(let category): category.rawValue
        }
    }
}

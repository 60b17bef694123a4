/// The keys of `observed:` (SPEC 18, 26), in the order messages list them: the app, the days,
/// the days that measured exits, launches and usage, then the counters in `Scenario.Observed.Counter`
/// order.
extension ScenarioReader {
    /// `observed:` (SPEC 18): `app` (a known app id), `days` (a whole number, 1 or more),
    /// optionally `exit_days`, `launch_days` and `time_days` (SPEC 26: the days that measured
    /// exits, launches and usage, whole numbers from 1 to `days`; `days` when absent), and any
    /// of the counters, each a value per day, 0 or more, with at most 3 decimals (as
    /// `suspendsim import metrickit` writes them). Counters not given are not compared.
    mutating func readObserved(_ node: ScenarioNode, apps: AppList?) -> Scenario.Observed? {
        guard let fields = fields(node, "observed", allowed: ObservedKey.names) else { return nil }
        let appField = ObservedKey.app.path
        let appNode = required(fields, ObservedKey.app.rawValue)
        let app = appNode.flatMap { node in string(node, appField).flatMap { _ in appIndex(node, appField, in: apps) } }
        let days = required(fields, ObservedKey.days.rawValue).flatMap { observedDays($0, ObservedKey.days.path, atMost: nil) }
        let exitDays = fields[ObservedKey.exitDays.rawValue].map { observedDays($0, ObservedKey.exitDays.path, atMost: days) }
        let launchDays = fields[ObservedKey.launchDays.rawValue].map { observedDays($0, ObservedKey.launchDays.path, atMost: days) }
        let timeDays = fields[ObservedKey.timeDays.rawValue].map { observedDays($0, ObservedKey.timeDays.path, atMost: days) }
        var counters: [(counter: Scenario.Observed.Counter, thousandths: Int64)] = []
        var isValid = true
        for counter in Scenario.Observed.Counter.allCases {
            guard let valueNode = fields[counter.rawValue] else { continue }
            if let value = perDayThousandths(valueNode, "observed." + counter.rawValue, counter.kind) {
                counters.append((counter, value))
            } else {
                isValid = false
            }
        }
        guard isValid, let app, let days, exitDays != .some(nil), launchDays != .some(nil), timeDays != .some(nil) else { return nil }
        return Scenario.Observed(app: app, days: days, exitDays: exitDays ?? nil, launchDays: launchDays ?? nil,
                                 timeDays: timeDays ?? nil, counters: counters)
    }

    /// `observed.days`, `observed.exit_days`, `observed.launch_days` or `observed.time_days`
    /// (`field`): a whole
    /// number from 1 to 2^31 − 1 (SPEC 35: a count), and at most `limit` (`observed.days`) when
    /// it is known.
    private mutating func observedDays(_ node: ScenarioNode, _ field: String, atMost limit: Int?) -> Int? {
        guard let value = number(node, field) else { return nil }
        guard !value.isNegative, value.isWhole, let days = value.scaled(byPowerOfTen: 0, limit: InputLimits.count), days >= 1 else {
            report(node, field, "must be a whole number of days from 1 to \(InputLimits.count), got \(node.summary)")
            return nil
        }
        if let limit, days > limit {
            report(node, field, "must be at most observed.days (\(limit)): the days that measured it are among the days, got \(node.summary)")
            return nil
        }
        return Int(days)
    }

    /// A counter's value per day in thousandths: 0 or more, at most 3 decimals.
    private mutating func perDayThousandths(_ node: ScenarioNode, _ field: String, _ kind: Scenario.Observed.Counter.Kind) -> Int64? {
        guard let value = number(node, field) else { return nil }
        guard !value.isNegative, value.decimalPlaces <= 3, let thousandths = value.scaled(byPowerOfTen: 3, limit: Int64(InputLimits.perDayThousandths)) else {
            let what = kind == .seconds ? "seconds" : "exits or launches"
            report(node, field, "must be a number of \(what) per day, 0 or more, with at most 3 decimals, got \(node.summary)")
            return nil
        }
        return thousandths
    }
}

/// The run page's "Apps kept after each launch" (SPEC 33's question, how many apps stay cached):
/// for every instant at which an app came to the foreground from the background, suspended or
/// not running, the apps resident then besides the foreground one, once every state change of
/// that instant (its pressure check's kills included) is done.
enum KeptAppsTable {
    struct Row: Equatable {
        var time: Double
        /// The apps that came to the foreground at that instant, in the order they did.
        var launched: [Int]
        /// Resident apps that are not in the foreground.
        var kept: Int
        /// Of them, `suspended` ones (Android's cached apps, the previous app among them).
        var suspended: Int
    }

    /// The table's note, in the words of the run's `policy` (SPEC 33): lmkd's cached apps and
    /// previous app are lmkd's; under jetsam a suspended app sits in band 0, or 75 when frozen
    /// (SPEC 37); under another policy they are only suspended (a run page never speaks of
    /// lmkd under jetsam).
    static func note(policy: String?) -> String {
        let lead = "Resident apps besides the foreground one once each launch's pressure check is done"
        switch policy {
        case LMKDPolicy.ruleName?: return lead + "; suspended ones are lmkd's cached apps and the previous app (SPEC 33)."
        case JetsamPolicy.ruleName?: return lead + "; suspended ones sit in jetsam's idle band, band 0, unless the freezer moved them to band 75 (SPEC 33, 37)."
        default: return lead + ", and how many of them are suspended (SPEC 33)."
        }
    }

    /// The rows of `reports`, in time order; empty for a run without a launch. The counts of
    /// kept and suspended apps are kept as the states change, so a row costs its instant's
    /// changes, not a pass over every app (SPEC 35: linear in apps).
    static func rows(_ reports: RunReports) -> [Row] {
        let foreground = Set(["active", "inactive"].compactMap(ChartPalette.stateIndex))
        let suspended = ChartPalette.stateIndex("suspended")
        var states = reports.initialStates + Array(repeating: nil, count: max(0, reports.apps.count - reports.initialStates.count))
        // How many apps are resident and not in the foreground, and of them suspended.
        var kept = 0, suspendedCount = 0
        func count(_ state: Int?, _ sign: Int) {
            guard let state, !foreground.contains(state) else { return }
            kept += sign
            if state == suspended { suspendedCount += sign }
        }
        for state in states { count(state, 1) }
        var rows: [Row] = []
        var position = 0
        let changes = reports.transitions
        while position < changes.count {
            let time = changes[position].time
            var launched: [Int] = []
            while position < changes.count, changes[position].time == time {
                let change = changes[position]
                if let to = change.toState, foreground.contains(to), !(states[change.app].map(foreground.contains) ?? false) {
                    launched.append(change.app)
                }
                count(states[change.app], -1)
                states[change.app] = change.toState
                count(change.toState, 1)
                position += 1
            }
            guard !launched.isEmpty else { continue }
            rows.append(Row(time: time, launched: launched, kept: kept, suspended: suspendedCount))
        }
        return rows
    }

    /// The table's header and cells.
    static let header = ["time_s", "launched", "kept", "suspended"]

    static func cells(_ rows: [Row], apps: [String]) -> [[String]] {
        rows.map { row in
            [ChartNumber.fixed(row.time, 3), row.launched.map { apps[$0] }.joined(separator: " "), String(row.kept), String(row.suspended)]
        }
    }
}

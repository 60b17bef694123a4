/// What task requests had to do with an eviction (SPEC 28): `explain` says when the victim was
/// running a task, launched or resumed into the background for it, and when another app's
/// grant came just before the kill, in the same instant (its launch into the background is
/// what the pressure check answered).
package enum TaskNarrative {
    /// A grant as the replay saw it: the app's launch (from `not-running`) or resume (from
    /// `suspended`) into the background for a task request.
    package struct Grant: Sendable {
        package var timeMs: Millis
        package var app: AppIndex
        package var kind: AppProfile.TaskRequest.Kind
        package var launched: Bool
    }

    /// What a replay gives: the grants in order, for each eviction (by `seq`) the grant of its
    /// instant recorded just before it, and the run's task rows.
    package struct Context: Sendable {
        package var grants: [Grant]
        package var grantBefore: [Int: Grant]
        package var tasks: [EventLog.TaskRecord]

        package static let none = Context(grants: [], grantBefore: [:], tasks: [])
    }

    /// The lines for `eviction`: none when no task was involved.
    static func lines(_ eviction: Eviction, context: Context, scenario: Scenario) -> [String] {
        var lines: [String] = []
        let running = context.tasks.first {
            $0.app == eviction.who.app && $0.outcome == .killed && $0.endedMs == eviction.who.timeMs && $0.grantedMs != nil
        }
        if let running, let granted = running.grantedMs {
            let grant = context.grants.last { $0.app == eviction.who.app && $0.timeMs == granted }
            let how = grant.map { $0.launched ? "launched into the background for it" : "resumed into the background for it" } ?? "granted"
            lines.append("    Task: it was running its \(running.kind.rawValue) task (\(running.kind.launchHandler.rawValue)), "
                + "\(how) at \(CSVFormatting.secondsText(granted)) s; the kill ended it (tasks.csv #\(running.seq), outcome killed).")
        }
        if let grant = context.grantBefore[eviction.who.seq], grant.app != eviction.who.app {
            let verb = grant.launched ? "launched" : "resumed"
            lines.append("    Task grant just before: \(scenario.apps[grant.app].id) was \(verb) into the background for its "
                + "\(grant.kind.rawValue) task at this instant; its memory is what this pressure check answered.")
        }
        return lines
    }
}

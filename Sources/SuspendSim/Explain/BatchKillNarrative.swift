/// The text of `explain DIR --app ID` over a batch folder (SPEC 41): the app's kills by
/// mechanism and state across every run (count, share, median time of day) and the three
/// commonest sequences that end in its kill, each with one example's times.
///
/// Times of day read the run's clock from 00:00 (a run's 0 s is midnight, as the typical
/// day's workload starts its day there), modulo 24 h.
package enum BatchKillNarrative {
    /// The text for `app`'s kills in the batch folder `folder`.
    ///
    /// - Throws: `ExplainError` (see `BatchKills.init(folder:app:)`).
    package static func text(folder: String, app: String) throws(ExplainError) -> String {
        let kills = try BatchKills(folder: folder, app: app)
        var text = "\(app) across \(kills.runs) run\(kills.runs == 1 ? "" : "s") of \(folder): "
        guard kills.kills > 0 else { return text + "never killed.\n" }
        text += "\(kills.kills) kill\(kills.kills == 1 ? "" : "s") in \(kills.runsKilled) run\(kills.runsKilled == 1 ? "" : "s") "
            + "(\(percent(kills.runsKilled, of: kills.runs)) of the runs).\n\nBy mechanism and state:\n"
        let rows = kills.times.sorted { ($1.value.count, $0.key) < ($0.value.count, $1.key) }
        let width = rows.map { label($0.key).count }.max() ?? 0
        for (mechanism, times) in rows {
            let name = label(mechanism)
            text += "  " + name + String(repeating: " ", count: width - name.count)
                + "  \(pad(times.count, 5))  \(pad(percent(times.count, of: kills.kills), 6))  median \(clock(medianTimeOfDay(times)))\n"
        }
        let top = kills.patterns.sorted { ($1.value.count, $0.value.order) < ($0.value.count, $1.value.order) }.prefix(3)
        text += "\nCommonest sequences that end in its kill (\(kills.patterns.count) in all):\n"
        for (rank, (pattern, found)) in top.enumerated() {
            text += "  \(rank + 1). \(found.count) of \(kills.kills) (\(percent(found.count, of: kills.kills))), e.g. \(found.example.run):\n"
                + "     \(sequence(pattern, found.example))\n"
        }
        return text
    }

    /// `trigger (reason), state`, e.g. `reaper (long-idle-exit), suspended`.
    static func label(_ mechanism: BatchKills.Mechanism) -> String {
        "\(mechanism.trigger) (\(mechanism.reason)), \(mechanism.state)"
    }

    /// A pattern told with its example's times: "background at 14:01 after a wake, suspended
    /// at 14:02 after its wake ended, reaped at 14:07 with free 620 MB below the reaper's 692 MB".
    static func sequence(_ pattern: BatchKills.Pattern, _ example: BatchKills.Example) -> String {
        var parts: [String] = []
        if let step = pattern.earlier {
            parts.append("\(step.state) at \(example.earlierMs.map(clock) ?? "?") after \(cause(step.cause))")
        }
        if let step = pattern.last {
            parts.append("\(step.state) at \(example.lastMs.map(clock) ?? "?") after \(cause(step.cause))")
        }
        var kill = "\(verb(pattern.mechanism.trigger)) at \(clock(example.timeMs))"
        if pattern.last?.state != pattern.mechanism.state { kill += " while \(pattern.mechanism.state)" }
        if let threshold = example.threshold {
            kill += " with free \(megabytes(example.freeBefore)) MB below \(loop(pattern.mechanism.trigger)) \(megabytes(threshold)) MB"
        } else if pattern.mechanism.trigger == Eviction.Trigger.limit.rawValue || pattern.mechanism.trigger == Eviction.Trigger.timer.rawValue
                    || pattern.mechanism.trigger == Eviction.Trigger.user.rawValue {
            kill += " (\(pattern.mechanism.reason))"
        }
        parts.append(kill)
        return parts.joined(separator: ", ")
    }
}

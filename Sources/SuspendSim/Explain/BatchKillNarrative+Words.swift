extension BatchKillNarrative {
    /// The words for a kill by `trigger` (`evictions.csv`'s, SPEC 14).
    static func verb(_ trigger: String) -> String {
        switch Eviction.Trigger(rawValue: trigger) {
        case .reaper: "reaped"
        case .idle: "killed by jetsam's idle loop"
        case .critical: "killed by the critical loop"
        case .minfree: "killed at lmkd's minfree level"
        case .pageshortage: "killed for a page shortage"
        case .limit: "killed over its memory limit"
        case .timer: "killed by a timer"
        case .user: "ended by the user or itself"
        case nil: "killed (\(trigger))"
        }
    }

    /// Whose free-memory target a kill of `trigger` fell below (a page shortage's is 0 MB).
    static func loop(_ trigger: String) -> String {
        switch Eviction.Trigger(rawValue: trigger) {
        case .reaper: "the reaper's"
        case .idle: "the idle loop's"
        case .critical: "the critical loop's"
        case .minfree: "lmkd's minfree level of"
        default: "the target of"
        }
    }

    /// A `transitions.csv` cause in words, else as it is.
    static func cause(_ cause: String) -> String {
        switch cause {
        case "open": "an open"
        case "home": "going home"
        case "lock": "a lock"
        case "unlock": "an unlock"
        case "wake": "a wake"
        case "wake-done": "its wake ended"
        case "handler-done": "its handler returned"
        case "task-done": "its task ended"
        case "task-expired": "its task expired"
        case "bg-done": "its background work ended"
        case "bg-expired": "its background time ran out"
        case "bg-refresh": "a refresh grant"
        case "bg-processing": "a processing grant"
        case "start_mode": "a mode started"
        case "stop_mode": "its mode stopped"
        case "call": "a call"
        case "alert": "an alert"
        default: cause
        }
    }

    /// `part` of `whole` as a percentage with one decimal: 1 of 3 is `33.3 %`.
    static func percent(_ part: Int, of whole: Int) -> String {
        guard whole > 0 else { return "0.0 %" }
        let tenths = (part * 1000 + whole / 2) / whole
        return "\(tenths / 10).\(tenths % 10) %"
    }

    /// Thousandths of a MB as whole MB with thousands separators, rounded half up: `1,210`.
    static func megabytes(_ thousandths: Int64) -> String {
        let whole = (thousandths.magnitude + 500) / 1000
        var digits = String(whole)
        var grouped = ""
        while digits.count > 3 {
            grouped = "," + digits.suffix(3) + grouped
            digits.removeLast(3)
        }
        return (thousandths < 0 && whole > 0 ? "-" : "") + digits + grouped
    }

    /// A run time as a time of day, `HH:MM` (the run's 0 s is 00:00), modulo 24 h.
    static func clock(_ time: Millis) -> String {
        let minutes = (time.count / 60_000) % (24 * 60)
        let hours = minutes / 60, rest = minutes % 60
        return (hours < 10 ? "0" : "") + "\(hours):" + (rest < 10 ? "0" : "") + "\(rest)"
    }

    /// The median of `times` taken as times of day (modulo 24 h); the lower middle for an
    /// even count, so that it is one of the kills' times.
    static func medianTimeOfDay(_ times: [Millis]) -> Millis {
        let day: Int64 = 86_400_000
        let sorted = times.map { Millis(($0.count % day + day) % day) }.sorted()
        return sorted[(sorted.count - 1) / 2]
    }

    /// `value` right-aligned in `width` characters.
    static func pad(_ value: some CustomStringConvertible, _ width: Int) -> String {
        let text = value.description
        return String(repeating: " ", count: max(0, width - text.count)) + text
    }
}

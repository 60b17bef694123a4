extension ScenarioTemplate {
    /// SPEC 13: a warning for each app of `apps:` that the trace is to map (`TraceMappedApp`)
    /// when neither its id nor its `trace_name` is an `app_name` of the trace (of any user's
    /// `Opened` or `Closed` rows), naming the trace's nearest app names (`NearestNames`).
    ///
    /// Such a scenario is valid, and its runs are not what was meant: the app gets none of the
    /// trace's rows, and the rows meant for it run as `trace.<app_name>` with `default_app`'s
    /// profile (LSApp names apps as the launcher shows them: `Spotify Music`, not `Spotify`).
    /// The warnings are the same for every point of a sweep, so a batch gives them once per
    /// file; they go to stderr and change no report.
    ///
    /// - Complexity: no pass over the trace when every name is among the rows that the
    ///   template's indexes hold (a batch over every user holds them all); else one pass.
    package func traceWarnings() -> [ScenarioLoader.Diagnostic] {
        guard let tracePath, !traceApps.isEmpty else { return [] }
        let covered = traces.coveredAppNames(path: tracePath)
        guard traceApps.contains(where: { !$0.matches(covered) }),
              let names = try? traces.everyAppName(path: tracePath) else { return [] }
        let known = Set(names)
        return traceApps.filter { !$0.matches(known) }.map { app in
            let nearest = NearestNames.nearest(to: app.queries, among: names)
            let hint = nearest.isEmpty
                ? "none of its \(names.count) app names is close"
                : "nearest app name\(nearest.count == 1 ? "" : "s") there: " + nearest.map { "'\($0)'" }.joined(separator: ", ")
            let message: String
            if let traceName = app.traceName {
                message = "'\(traceName)' matches no app_name of the trace \(tracePath), so \(app.id) gets none of its rows; \(hint)"
            } else {
                message = "'\(app.id)' matches no app_name of the trace \(tracePath) and has no trace_name, and no event or "
                    + "initial: entry names it, so the app never runs; \(hint)"
            }
            return ScenarioLoader.Diagnostic(file: path, line: app.line, column: app.column, field: app.field, message: message)
        }
    }
}

extension TraceMappedApp {
    /// Whether `names` holds the app's id or its `trace_name` (SPEC 13's match).
    func matches(_ names: Set<String>) -> Bool {
        names.contains(id) || traceName.map(names.contains) == true
    }

    /// The names to look for near misses of: the `trace_name`, else the id and its last part
    /// (`Gmail` of `com.google.Gmail`).
    var queries: [String] {
        if let traceName { return [traceName] }
        guard let last = id.split(separator: ".").last, last.count < id.count else { return [id] }
        return [id, String(last)]
    }
}

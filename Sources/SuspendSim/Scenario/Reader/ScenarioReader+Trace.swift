import Foundation

extension ScenarioReader {
    /// `trace:` (SPEC 13): one user's records of an LSApp usage trace as the timeline. Reads
    /// `file` (relative to the scenario file), `user` (`all`: every user, as a sweep) and
    /// `default_app` (the profile of trace apps not in `apps:`); adds the trace's other apps to
    /// `apps`, after the listed ones, in order of first appearance, and returns the user's
    /// `open` and `close` events. Inside a template's reading the user's rows come from the
    /// template's trace indexes (`traces`), so that a batch reads the file once (SPEC 21).
    mutating func readTrace(_ node: ScenarioNode, apps: inout AppList) -> [ScenarioEvent]? {
        guard let fields = fields(node, "trace", allowed: TraceKey.names) else { return nil }
        let fileNode = required(fields, TraceKey.file.rawValue)
        let userNode = required(fields, TraceKey.user.rawValue)
        guard let fileNode, let name = nonEmptyString(fileNode, TraceKey.file.path), let userNode else { return nil }
        guard case .scalar(let scalar) = userNode, !userNode.isNullScalar, !scalar.string.isEmpty else {
            report(userNode, TraceKey.user.path, "must be a user id (as written in the trace's user_id column) or all, got \(userNode.summary)")
            return nil
        }
        if let problem = IdentifierRules.controlProblem(scalar.string) {
            report(userNode, TraceKey.user.path, problem)
            return nil
        }
        let path = Self.tracePath(name, besideFile: file)
        tracePath = path
        var user = scalar.string
        if user == TraceKey.allUsers {
            // Every user, in order of first appearance, as a sweep of `trace.user`; the scenario
            // as written replays the first.
            let users: [String]
            do {
                users = try traceUsers(path: path)
            } catch {
                reportTrace(error, path: path, at: fileNode)
                return nil
            }
            guard let first = users.first else {
                report(fileNode, TraceKey.file.path, "the trace has no user")
                return nil
            }
            user = first
            traceUsersAxis = SweepAxis(key: .trace(.user), values: users, source: .file)
        }
        var defaultApp: AppProfile?
        if let defaultNode = fields[TraceKey.defaultApp.rawValue] {
            let field = TraceKey.defaultApp.path
            guard var defaultFields = self.fields(defaultNode, field, allowed: TraceKey.defaultAppKeys.map(\.rawValue)) else { return nil }
            // `app.trace.*.KEY` (a sensitivity variant, SPEC 39) sets KEY on every app the
            // trace adds, as `app.ID.KEY` sets it on one app of `apps:`.
            applyOverrides(to: &defaultFields, allowed: AppKey.sweepNames, prefix: TraceKey.everyTraceAppPrefix)
            guard let profile = readProfile(defaultFields, id: "", path: field) else { return nil }
            defaultApp = profile
            given.traceDefaultAppKeys = defaultFields.entries.map(\.name)
        }
        let index: TraceIndex
        let rows: ArraySlice<TraceIndex.Row>
        do {
            index = try traceIndex(path: path, user: user)
            rows = try index.rows(of: user)
        } catch {
            reportTrace(error, path: path, at: userNode)
            return nil
        }
        return traceEvents(rows, of: index, apps: &apps, defaultApp: defaultApp)
    }

    /// The `open` and `close` events of a user's trace rows. An app name matches an app by id,
    /// else by `trace_name`, else it is the app `trace.<name>`, made from `defaultApp` (and
    /// added to `apps`) at its first row; without `defaultApp` that row is an error.
    private mutating func traceEvents(
        _ rows: ArraySlice<TraceIndex.Row>, of index: TraceIndex, apps: inout AppList, defaultApp: AppProfile?
    ) -> [ScenarioEvent]? {
        // Each app's match, found at its first row. Only names that do not start with `trace.`
        // are kept: an app added later (`trace.<other>`) can become such a name's match by id.
        var matches = [AppIndex?](repeating: nil, count: index.appCount)
        var events: [ScenarioEvent] = []
        events.reserveCapacity(rows.count)
        for row in rows {
            var match = matches[row.app]
            if match == nil {
                let name = index.appName(row.app)
                // Made once: the lookup's key is the new app's id too (building it twice was a
                // fifth of this function's cost in a trace batch).
                let traceID = "trace." + name
                match = apps.indices[name] ?? apps.traceNames[name] ?? apps.indices[traceID]
                if match == nil {
                    guard var profile = defaultApp else {
                        report(file: index.path, line: Int(row.line), field: "app_name",
                               "app '\(name)' is not in apps: (by id or trace_name), and trace: has no default_app for it")
                        return nil
                    }
                    profile.id = traceID
                    match = apps.profiles.count
                    apps.profiles.append(profile)
                    apps.indices[profile.id] = match
                    apps.ids.append(profile.id)
                }
                if !name.hasPrefix("trace.") { matches[row.app] = match }
            }
            events.append(ScenarioEvent(atMs: Millis(row.seconds * 1000), row.opened ? .open(match!) : .close(match!), line: Int(row.line)))
        }
        return events
    }

    /// Every user of the trace at `path`: from the template's trace indexes when it has them
    /// (which keep every user's rows, for the batch this sweep is), else from a pass of its own.
    private func traceUsers(path: String) throws(UsageTrace.Problem) -> [String] {
        guard let traces else { return try UsageTrace.users(path: path) }
        return try traces.users(path: path)
    }

    /// An index of the trace at `path` that covers `user`: the template's trace indexes' when
    /// it has them, else one of that user alone, read now (SPEC 13: one run keeps only its
    /// user's rows).
    private func traceIndex(path: String, user: String) throws(UsageTrace.Problem) -> TraceIndex {
        guard let traces else { return try TraceIndex(path: path, selection: .only([Array(user.utf8)])) }
        return try traces.index(path: path, covering: user)
    }

    /// A trace problem as a diagnostic located in the trace file (its line and column name);
    /// one of the whole file is located at `node` of the scenario.
    private mutating func reportTrace(_ problem: UsageTrace.Problem, path: String, at node: ScenarioNode) {
        if let line = problem.line {
            report(file: path, line: line, field: problem.column, problem.message)
        } else {
            report(node, (problem.column == "user_id" ? TraceKey.user : .file).path, "\(path): \(problem.message)")
        }
    }

    /// `events:` and a trace's events in one timeline, by time; at equal times `events:` first
    /// (SPEC 13).
    static func merge(_ listed: [ScenarioEvent], _ trace: [ScenarioEvent]) -> [ScenarioEvent] {
        guard !trace.isEmpty else { return listed }
        var merged: [ScenarioEvent] = []
        merged.reserveCapacity(listed.count + trace.count)
        var i = 0, j = 0
        while i < listed.count || j < trace.count {
            if j == trace.count || (i < listed.count && listed[i].atMs <= trace[j].atMs) {
                merged.append(listed[i])
                i += 1
            } else {
                merged.append(trace[j])
                j += 1
            }
        }
        return merged
    }
}

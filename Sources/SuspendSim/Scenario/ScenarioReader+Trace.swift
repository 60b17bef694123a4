import Foundation

extension ScenarioReader {
    /// `trace:` (SPEC 13): one user's records of an LSApp usage trace as the timeline. Reads
    /// `file` (relative to the scenario file), `user` (`all`: every user, as a sweep) and
    /// `default_app` (the profile of trace apps not in `apps:`); adds the trace's other apps to
    /// `apps`, after the listed ones, in order of first appearance, and returns the user's
    /// `open` and `close` events.
    mutating func readTrace(_ node: ScenarioNode, apps: inout AppList) -> [ScenarioEvent]? {
        guard let fields = fields(node, "trace", allowed: ["file", "user", "default_app"]) else { return nil }
        let fileNode = required(fields, "file")
        let userNode = required(fields, "user")
        guard let fileNode, let name = nonEmptyString(fileNode, "trace.file"), let userNode else { return nil }
        guard case .scalar(let scalar) = userNode, !userNode.isNullScalar, !scalar.string.isEmpty else {
            report(userNode, "trace.user", "must be a user id (as written in the trace's user_id column) or all, got \(userNode.summary)")
            return nil
        }
        let path = name.hasPrefix("/") ? name : URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent(name).path
        tracePath = path
        var user = scalar.string
        if user == "all" {
            // Every user, in order of first appearance, as a sweep of `trace.user`; the scenario
            // as written replays the first.
            let users: [String]
            do {
                users = try UsageTrace.users(path: path)
            } catch {
                reportTrace(error, path: path, at: fileNode)
                return nil
            }
            guard let first = users.first else {
                report(fileNode, "trace.file", "the trace has no user")
                return nil
            }
            user = first
            traceUsersAxis = SweepAxis(key: "trace.user", values: users, source: .file)
        }
        var defaultApp: AppProfile?
        if let defaultNode = fields["default_app"] {
            let allowed = AppKey.names.filter { $0 != "id" && $0 != "trace_name" }
            guard let defaultFields = self.fields(defaultNode, "trace.default_app", allowed: allowed),
                  let profile = readProfile(defaultFields, id: "", path: "trace.default_app") else { return nil }
            defaultApp = profile
        }
        let records: [UsageTrace.Record]
        do {
            records = try UsageTrace.records(path: path, user: user)
        } catch {
            reportTrace(error, path: path, at: userNode)
            return nil
        }
        var events: [ScenarioEvent] = []
        for record in records {
            var index = apps.indices[record.app] ?? apps.traceNames[record.app] ?? apps.indices["trace." + record.app]
            if index == nil {
                guard var profile = defaultApp else {
                    report(file: path, line: record.line, field: "app_name",
                           "app '\(record.app)' is not in apps: (by id or trace_name), and trace: has no default_app for it")
                    return nil
                }
                profile.id = "trace." + record.app
                index = apps.profiles.count
                apps.profiles.append(profile)
                apps.indices[profile.id] = index
                apps.ids.append(profile.id)
            }
            let atMs = Millis(record.seconds * 1000)
            events.append(ScenarioEvent(atMs: atMs, record.opened ? .open(index!) : .close(index!), line: record.line))
        }
        return events
    }

    /// A trace problem as a diagnostic located in the trace file (its line and column name);
    /// one of the whole file is located at `node` of the scenario.
    private mutating func reportTrace(_ problem: UsageTrace.Problem, path: String, at node: ScenarioNode) {
        if let line = problem.line {
            report(file: path, line: line, field: problem.column, problem.message)
        } else {
            report(node, problem.column == "user_id" ? "trace.user" : "trace.file", "\(path): \(problem.message)")
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

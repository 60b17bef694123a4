extension ScenarioReader {
    /// An app's `bg_tasks` (SPEC 28): a list of `{kind, earliest_s, work_s, requires_power}`
    /// (keys of `BGTaskKey`), or null for none. Bad input (SPEC 29): an unknown `kind`,
    /// `requires_power` on a refresh, two entries of one kind, a kind whose mode the app does
    /// not declare in `modes`, a negative `earliest_s` or `work_s`. Nil, reported, for any.
    /// `sweptModes`: where a sweep point's value set the modes (SPEC 41), which a missing mode
    /// is then reported at.
    mutating func readBGTasks(
        _ node: ScenarioNode, _ field: String, modes: AppProfile.BackgroundModes,
        sweptModes: (node: ScenarioNode, field: String)? = nil
    ) -> [AppProfile.TaskRequest]? {
        if node.isNullScalar { return [] }
        guard let items = list(node, field) else { return nil }
        var requests: [AppProfile.TaskRequest] = []
        var isValid = true
        var firstOfKind: [AppProfile.TaskRequest.Kind: ScenarioNode] = [:]
        for (index, item) in items.enumerated() {
            let entry = Self.path(field, index)
            guard let fields = fields(item, entry, allowed: BGTaskKey.names),
                  let kindNode = required(fields, BGTaskKey.kind.rawValue),
                  let kind = taskKind(kindNode, BGTaskKey.kind.path(in: entry))
            else {
                isValid = false
                continue
            }
            if let first = firstOfKind[kind] {
                report(kindNode, BGTaskKey.kind.path(in: entry), "a second \(kind.rawValue) entry; an app lists at most one per kind" + Self.firstAt(first))
                isValid = false
            }
            firstOfKind[kind] = firstOfKind[kind] ?? kindNode
            if !modes.contains(kind.mode) {
                if let sweptModes {
                    report(sweptModes.node, sweptModes.field,
                           "leaves \(entry) (a \(kind.rawValue) request) without the \(kind.mode.rawValue) mode it needs")
                } else {
                    report(kindNode, BGTaskKey.kind.path(in: entry),
                           "a \(kind.rawValue) request needs the \(kind.mode.rawValue) mode in the app's background_modes")
                }
                isValid = false
            }
            guard let request = readBGTask(kind, fields, entry) else {
                isValid = false
                continue
            }
            requests.append(request)
        }
        return isValid ? requests : nil
    }

    /// One entry's times and switch, once its kind is known.
    private mutating func readBGTask(_ kind: AppProfile.TaskRequest.Kind, _ fields: Fields, _ entry: String) -> AppProfile.TaskRequest? {
        var request = AppProfile.TaskRequest(kind: kind)
        var isValid = true
        // SPEC 36: an entry that leaves a key to its default uses that key's row.
        if fields[BGTaskKey.earliestS.rawValue] == nil { given.bgTaskDefaults.insert(BGTaskKey.earliestS.rawValue) }
        if kind == .processing, fields[BGTaskKey.requiresPower.rawValue] == nil { given.bgTaskDefaults.insert(BGTaskKey.requiresPower.rawValue) }
        if let node = fields[BGTaskKey.earliestS.rawValue] {
            if let value = millis(node, BGTaskKey.earliestS.path(in: entry)) { request.earliestMs = value } else { isValid = false }
        }
        if let node = fields[BGTaskKey.workS.rawValue] {
            if let value = millis(node, BGTaskKey.workS.path(in: entry)) { request.workMs = value } else { isValid = false }
        }
        if let node = fields[BGTaskKey.requiresPower.rawValue] {
            let field = BGTaskKey.requiresPower.path(in: entry)
            if kind == .refresh {
                report(node, field, "is for processing requests only; a refresh does not wait for power")
                isValid = false
            } else if let value = bool(node, field) {
                request.requiresPower = value
            } else {
                isValid = false
            }
        }
        return isValid ? request : nil
    }

    /// `kind`: `refresh` or `processing`; nil, reported, otherwise.
    private mutating func taskKind(_ node: ScenarioNode, _ field: String) -> AppProfile.TaskRequest.Kind? {
        guard let name = string(node, field) else { return nil }
        guard let kind = AppProfile.TaskRequest.Kind(rawValue: name) else {
            let kinds = AppProfile.TaskRequest.Kind.allCases.map(\.rawValue).joined(separator: " or ")
            report(node, field, "unknown kind '\(name)'; expected \(kinds)")
            return nil
        }
        return kind
    }
}

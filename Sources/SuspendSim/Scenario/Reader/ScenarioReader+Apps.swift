/// The apps as read: a profile per app (nil for one with a problem) and the index of every
/// app whose id could be read, so that events and expectations naming a flawed app do not
/// add "unknown app" noise.
struct AppList {
    var profiles: [AppProfile?] = []
    var indices: [String: AppIndex] = [:]
    var ids: [String] = []
    /// Each app's field path (`apps[2]`, `apps[0].include[5]`), by index.
    var paths: [String] = []
    /// Apps by their `trace_name` (SPEC 13).
    var traceNames: [String: AppIndex] = [:]
    /// Each app's `id` node, by id, and its `trace_name` node, by index: where a warning about
    /// the app's trace match points (`ScenarioReader.traceMappedApps`).
    var idNodes: [String: ScenarioNode] = [:]
    var traceNameNodes: [AppIndex: ScenarioNode] = [:]

    /// "com.a, com.b" (at most 10 ids), for "unknown app" messages.
    var idList: String { Self.idList(ids) }

    /// `ids` as "com.a, com.b", at most 10 of them.
    static func idList(_ ids: [String]) -> String {
        ids.count <= 10 ? ids.joined(separator: ", ") : ids.prefix(10).joined(separator: ", ") + ", ..."
    }
}

extension ScenarioReader {
    /// The `apps:` list: at least one app, ids unique; `include:` entries expanded
    /// (`ScenarioReader+Include`).
    mutating func readApps(_ node: ScenarioNode) -> AppList? {
        guard let items = list(node, "apps") else { return nil }
        guard !items.isEmpty else {
            report(node, "apps", "must list at least one app")
            return nil
        }
        appItems = expandingIncludes(items)
        var apps = AppList()
        for (index, entry) in appItems.enumerated() {
            let (item, path) = (entry.node, entry.path)
            apps.paths.append(path)
            guard var fields = fields(item, path, allowed: AppKey.names) else {
                apps.profiles.append(nil)
                continue
            }
            let idNode = required(fields, AppKey.id.rawValue)
            var id = idNode.flatMap { identifier($0, Self.path(path, AppKey.id.rawValue), formula: true) }
            if let someID = id, let idNode {
                if let first = apps.idNodes[someID] {
                    report(idNode, Self.path(path, AppKey.id.rawValue), "duplicate app id '\(someID)'" + Self.firstAt(first))
                    id = nil
                } else {
                    apps.idNodes[someID] = idNode
                    apps.indices[someID] = index
                    apps.ids.append(someID)
                }
            }
            if let id, !overrides.isEmpty {
                // `app.ID.KEY` settings of a sweep point stand in for this app's keys (SPEC 14).
                applyOverrides(to: &fields, allowed: AppKey.sweepNames, prefix: "app.\(id).")
            }
            if let id {
                given.appKeys[id] = fields.entries.map(\.name)
                if entry.isIncluded { given.includedAppIDs.insert(id) }
            }
            apps.profiles.append(readProfile(fields, id: id, path: path))
            let traceNameKey = AppKey.traceName.rawValue
            if let node = fields[traceNameKey], let name = identifier(node, Self.path(path, traceNameKey)) {
                if let other = apps.traceNames[name] {
                    report(node, Self.path(path, traceNameKey), "trace_name '\(name)' is also apps[\(other)]'s; two apps may not share one")
                } else {
                    apps.traceNames[name] = index
                    apps.traceNameNodes[index] = node
                }
            }
        }
        return apps
    }

    /// One app's profile from its checked fields, key by key as `AppKey`'s table says: the
    /// footprints first (their defaults follow each other), then every other key.
    mutating func readProfile(_ fields: Fields, id: String?, path: String) -> AppProfile? {
        var isValid = id != nil
        func footprint(_ key: AppKey) -> KiB? {
            guard let node = fields[key.rawValue] else { return nil }
            let value = kib(node, Self.path(path, key.rawValue))
            if value == nil { isValid = false }
            return value
        }
        let activeKiB = required(fields, AppKey.activeMB.rawValue).flatMap { _ in footprint(.activeMB) }
        if activeKiB == nil { isValid = false }
        var profile = AppProfile(id: id ?? "", activeKiB: activeKiB ?? .zero,
                                 backgroundKiB: footprint(.backgroundMB), suspendedKiB: footprint(.suspendedMB))
        profile.lifecycle = defaultLifecycle
        for entry in fields.entries {
            guard let key = AppKey.byName[entry.name] else { continue }
            if !read(entry.value, Self.path(path, entry.name), as: key.target, into: &profile) { isValid = false }
        }
        // SPEC 28: the requests are read once the modes they need are known.
        if let node = fields[AppKey.bgTasks.rawValue] {
            // SPEC 41: modes a sweep point sets are blamed at the point's value.
            let modesField = Self.path(path, AppKey.backgroundModes.rawValue)
            let swept = overrides[SweepKey.app(id: id ?? "", .backgroundModes).path].flatMap { _ in
                fields[AppKey.backgroundModes.rawValue].map { (node: $0, field: modesField) }
            }
            let requests = readBGTasks(node, Self.path(path, AppKey.bgTasks.rawValue), modes: profile.backgroundModes, sweptModes: swept)
            if let requests { profile.bgTasks = requests } else { isValid = false }
        }
        return isValid ? profile : nil
    }

    /// Puts `node`'s value into `profile` where `target` says; false, reported, when it is not
    /// a valid value. The id, the footprints, the trace name and the task requests are read
    /// elsewhere.
    private mutating func read(_ node: ScenarioNode, _ field: String, as target: AppKey.Target, into profile: inout AppProfile) -> Bool {
        switch target {
        case .id, .footprint, .traceName, .bgTasks:
            return true
        case .memory(let keyPath):
            guard let value = kib(node, field) else { return false }
            profile[keyPath: keyPath] = value
        case .time(let keyPath):
            guard let value = millis(node, field) else { return false }
            profile[keyPath: keyPath] = value
        case .flag(let keyPath):
            guard let value = bool(node, field) else { return false }
            profile[keyPath: keyPath] = value
        case .modes:
            guard let value = backgroundModes(node, field) else { return false }
            profile.backgroundModes = value
        case .lifecycle:
            guard let value = lifecycle(node, field) else { return false }
            profile.lifecycle = value
        case .optionalMemory(let keyPath):
            guard let value = kib(node, field) else { return false }
            profile[keyPath: keyPath] = value
        case .optionalRatio(let keyPath):
            guard let value = ratio(node, field) else { return false }
            profile[keyPath: keyPath] = value
        case .optionalTime(let keyPath):
            guard let value = millis(node, field) else { return false }
            guard value > .zero else {
                report(node, field, "must be above 0 s after rounding to a millisecond, got \(node.summary)")
                return false
            }
            profile[keyPath: keyPath] = value
        }
        return true
    }

    /// `lifecycle`: `app` or `scene` (SPEC 11); nil, reported, otherwise.
    private mutating func lifecycle(_ node: ScenarioNode, _ field: String) -> AppProfile.Lifecycle? {
        guard let name = string(node, field) else { return nil }
        guard let value = AppProfile.Lifecycle(rawValue: name) else {
            report(node, field, "unknown lifecycle '\(name)'; expected app or scene")
            return nil
        }
        return value
    }

    /// `background_modes`: a list of mode names. Listing a mode twice is harmless in the file's
    /// own list; a sweep's value (SPEC 41), `audio+fetch` or `none` (`ModeSetValue`), names
    /// each mode once.
    private mutating func backgroundModes(_ node: ScenarioNode, _ field: String) -> AppProfile.BackgroundModes? {
        if case .scalar(let scalar) = node, !node.isNullScalar {
            do {
                var modes = AppProfile.BackgroundModes()
                for mode in try ModeSetValue.modes(text(of: scalar)) { modes.insert(AppProfile.BackgroundModes(mode)) }
                return modes
            } catch {
                report(node, field, error.message)
                return nil
            }
        }
        guard let items = list(node, field) else { return nil }
        var modes = AppProfile.BackgroundModes()
        var isValid = true
        for (index, item) in items.enumerated() {
            if let mode = backgroundMode(item, Self.path(field, index)) {
                modes.insert(AppProfile.BackgroundModes(mode))
            } else {
                isValid = false
            }
        }
        return isValid ? modes : nil
    }

    /// One background mode by its name; nil, reported, otherwise.
    mutating func backgroundMode(_ node: ScenarioNode, _ field: String) -> BackgroundMode? {
        guard let name = string(node, field) else { return nil }
        guard let mode = BackgroundMode(rawValue: name) else {
            let names = BackgroundMode.allCases.map { $0.rawValue }.joined(separator: ", ")
            report(node, field, "unknown background mode '\(name)'; expected one of \(names)")
            return nil
        }
        return mode
    }
}

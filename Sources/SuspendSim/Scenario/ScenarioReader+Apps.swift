/// The keys of an app in `apps:` (SPEC 7), in the order messages list them.
enum AppKey: String, CaseIterable {
    case id
    case activeMB = "active_mb"
    case backgroundMB = "background_mb"
    case suspendedMB = "suspended_mb"
    case purgeableMB = "purgeable_mb"
    case warningReleaseMB = "warning_release_mb"
    case backgroundModes = "background_modes"
    case exitsOnSuspend = "exits_on_suspend"
    case didEnterBackgroundS = "did_enter_background_s"
    case backgroundTaskS = "background_task_s"
    case endsTaskOnExpiration = "ends_task_on_expiration"
    case wakeWorkS = "wake_work_s"
    case savesState = "saves_state"
    case lifecycle
    case traceName = "trace_name"
    case coldLaunchS = "cold_launch_s"
    case resumeS = "resume_s"

    static let names = allCases.map { $0.rawValue }
    /// The keys by name: a hashed lookup, cheaper for every key of every app than
    /// `init(rawValue:)`, which compares the name with each case's in turn.
    static let byName = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })
}

/// The apps as read: a profile per app (nil for one with a problem) and the index of every
/// app whose id could be read, so that events and expectations naming a flawed app do not
/// add "unknown app" noise.
struct AppList {
    var profiles: [AppProfile?] = []
    var indices: [String: AppIndex] = [:]
    var ids: [String] = []
    /// Apps by their `trace_name` (SPEC 13).
    var traceNames: [String: AppIndex] = [:]

    /// "com.a, com.b" (at most 10 ids), for "unknown app" messages.
    var idList: String { Self.idList(ids) }

    /// `ids` as "com.a, com.b", at most 10 of them.
    static func idList(_ ids: [String]) -> String {
        ids.count <= 10 ? ids.joined(separator: ", ") : ids.prefix(10).joined(separator: ", ") + ", ..."
    }
}

extension ScenarioReader {
    /// The `apps:` list: at least one app, ids unique.
    mutating func readApps(_ node: ScenarioNode) -> AppList? {
        guard let items = list(node, "apps") else { return nil }
        guard !items.isEmpty else {
            report(node, "apps", "must list at least one app")
            return nil
        }
        var apps = AppList()
        var idNodes: [String: ScenarioNode] = [:]
        for (index, item) in items.enumerated() {
            let path = Self.path("apps", index)
            guard var fields = fields(item, path, allowed: AppKey.names) else {
                apps.profiles.append(nil)
                continue
            }
            let idNode = required(fields, "id")
            var id = idNode.flatMap { nonEmptyString($0, Self.path(path, "id")) }
            if let someID = id, let idNode {
                if let first = idNodes[someID] {
                    report(idNode, Self.path(path, "id"), "duplicate app id '\(someID)'" + Self.firstAt(first))
                    id = nil
                } else {
                    idNodes[someID] = idNode
                    apps.indices[someID] = index
                    apps.ids.append(someID)
                }
            }
            if let id, !overrides.isEmpty {
                // `app.ID.KEY` settings of a sweep point stand in for this app's keys (SPEC 14).
                applyOverrides(to: &fields, allowed: SweepAxis.appKeys, prefix: "app.\(id).")
            }
            apps.profiles.append(readProfile(fields, id: id, path: path))
            if let node = fields["trace_name"], let name = nonEmptyString(node, Self.path(path, "trace_name")) {
                if let other = apps.traceNames[name] {
                    report(node, Self.path(path, "trace_name"), "trace_name '\(name)' is also apps[\(other)]'s; two apps may not share one")
                } else {
                    apps.traceNames[name] = index
                }
            }
        }
        return apps
    }

    /// One app's profile from its checked fields.
    mutating func readProfile(_ fields: Fields, id: String?, path: String) -> AppProfile? {
        var isValid = id != nil
        func track<T>(_ value: T?) -> T? {
            if value == nil { isValid = false }
            return value
        }
        let activeKiB = required(fields, "active_mb").flatMap { track(kib($0, Self.path(path, "active_mb"))) }
        let backgroundKiB = fields["background_mb"].flatMap { track(kib($0, Self.path(path, "background_mb"))) }
        let suspendedKiB = fields["suspended_mb"].flatMap { track(kib($0, Self.path(path, "suspended_mb"))) }

        var profile = AppProfile(
            id: id ?? "", activeKiB: activeKiB ?? .zero, backgroundKiB: backgroundKiB, suspendedKiB: suspendedKiB)
        profile.lifecycle = defaultLifecycle
        if activeKiB == nil { isValid = false }
        for entry in fields.entries {
            guard let key = AppKey.byName[entry.name] else { continue }
            let field = Self.path(path, entry.name)
            switch key {
            case .id, .activeMB, .backgroundMB, .suspendedMB, .traceName:
                continue
            case .purgeableMB:
                if let value = track(kib(entry.value, field)) { profile.purgeableKiB = value }
            case .warningReleaseMB:
                if let value = track(kib(entry.value, field)) { profile.warningReleaseKiB = value }
            case .backgroundModes:
                if let value = track(backgroundModes(entry.value, field)) { profile.backgroundModes = value }
            case .exitsOnSuspend:
                if let value = track(bool(entry.value, field)) { profile.exitsOnSuspend = value }
            case .didEnterBackgroundS:
                if let value = track(millis(entry.value, field)) { profile.didEnterBackgroundMs = value }
            case .backgroundTaskS:
                if let value = track(millis(entry.value, field)) { profile.backgroundTaskMs = value }
            case .endsTaskOnExpiration:
                if let value = track(bool(entry.value, field)) { profile.endsTaskOnExpiration = value }
            case .wakeWorkS:
                if let value = track(millis(entry.value, field)) { profile.wakeWorkMs = value }
            case .savesState:
                if let value = track(bool(entry.value, field)) { profile.savesState = value }
            case .lifecycle:
                if let value = track(lifecycle(entry.value, field)) { profile.lifecycle = value }
            case .coldLaunchS:
                if let value = track(millis(entry.value, field)) { profile.coldLaunchMs = value }
            case .resumeS:
                if let value = track(millis(entry.value, field)) { profile.resumeMs = value }
            }
        }
        return isValid ? profile : nil
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

    /// `background_modes`: a list of mode names. Listing a mode twice is harmless.
    private mutating func backgroundModes(_ node: ScenarioNode, _ field: String) -> AppProfile.BackgroundModes? {
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

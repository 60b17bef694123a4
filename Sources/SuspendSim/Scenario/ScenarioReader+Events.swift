import Yams

extension ScenarioReader {
    /// The keys an event may have: `at` and one event name.
    private static var eventKeys: [String] { ["at"] + ScenarioEvent.Kind.allCases.map(\.rawValue) }

    /// The names of the event kinds, for messages.
    private static var eventNames: String { ScenarioEvent.Kind.allCases.map(\.rawValue).joined(separator: ", ") }

    /// The `events:` list, in non-decreasing time order.
    mutating func readEvents(_ node: Node, apps: AppList?) -> [ScenarioEvent]? {
        guard let items = list(node, "events") else { return nil }
        var events: [ScenarioEvent] = []
        var isValid = true
        // The latest time so far, to check the order against.
        var latest: (time: DecimalQuantity, node: Node)?
        for (index, item) in items.enumerated() {
            let path = Self.path("events", index)
            guard let fields = fields(item, path, allowed: Self.eventKeys) else {
                isValid = false
                continue
            }

            var atMs: Millis?
            if let atNode = required(fields, "at"), let time = time(atNode, Self.path(path, "at")) {
                atMs = time.ms
                if let latest, time.exact < latest.time {
                    let line = latest.node.line.map { " (line \($0))" } ?? ""
                    report(
                        atNode, Self.path(path, "at"),
                        "events out of time order: at \(atNode.summary) comes after at \(latest.node.summary)\(line)")
                    atMs = nil
                } else {
                    latest = (time.exact, atNode)
                }
            }

            let eventEntries = fields.entries.filter { $0.name != "at" }
            var action: ScenarioEvent.Action?
            if eventEntries.isEmpty {
                if !fields.hadUnknownKey {
                    report(item, path, "missing an event; expected one of \(Self.eventNames)")
                }
            } else if eventEntries.count > 1 {
                let names = eventEntries.map { "'\($0.name)'" }.joined(separator: " and ")
                report(
                    eventEntries[1].key, Self.path(path, eventEntries[1].name),
                    "an event takes exactly one event key, got \(names)")
            } else if let kind = ScenarioEvent.Kind(rawValue: eventEntries[0].name) {
                action = readAction(kind, eventEntries[0].value, Self.path(path, kind.rawValue), apps: apps)
            }

            if let atMs, let action {
                events.append(ScenarioEvent(atMs: atMs, action, line: item.line ?? 0))
            } else {
                isValid = false
            }
        }
        return isValid ? events : nil
    }

    /// One event's action from its key and value.
    private mutating func readAction(
        _ kind: ScenarioEvent.Kind, _ value: Node, _ field: String, apps: AppList?
    ) -> ScenarioEvent.Action? {
        switch kind {
        case .open: return appIndex(value, field, in: apps).map { .open($0) }
        case .forceQuit: return appIndex(value, field, in: apps).map { .forceQuit($0) }
        case .home: return null(value, field) ? .home : nil
        case .lock: return null(value, field) ? .lock : nil
        case .unlock: return null(value, field) ? .unlock : nil
        case .alert: return null(value, field) ? .alert : nil
        case .alertDismiss: return null(value, field) ? .alertDismiss : nil
        case .alertReply: return null(value, field) ? .alertReply : nil
        case .call: return null(value, field) ? .call : nil
        case .callDecline: return null(value, field) ? .callDecline : nil
        case .callAnswer: return null(value, field) ? .callAnswer : nil
        case .callEnd: return null(value, field) ? .callEnd : nil
        case .wake: return appAndMode(value, field, kind: kind, apps: apps).map { .wake($0.app, $0.mode) }
        case .startMode: return appAndMode(value, field, kind: kind, apps: apps).map { .startMode($0.app, $0.mode) }
        case .stopMode: return appAndMode(value, field, kind: kind, apps: apps).map { .stopMode($0.app, $0.mode) }
        case .allocate:
            guard let fields = fields(value, field, allowed: ["app", "mb"]) else { return nil }
            let app = required(fields, "app").flatMap { appIndex($0, Self.path(field, "app"), in: apps) }
            let amount = required(fields, "mb").flatMap { kib($0, Self.path(field, "mb"), allowsNegative: true) }
            guard let app, let amount else { return nil }
            return .allocate(app, amount)
        case .systemAllocate:
            guard let fields = fields(value, field, allowed: ["mb"]) else { return nil }
            return required(fields, "mb").flatMap { kib($0, Self.path(field, "mb"), allowsNegative: true) }
                .map { .systemAllocate($0) }
        }
    }

    /// `{app, mode}` of `wake` (wake-only modes) or `start_mode` / `stop_mode` (continuous
    /// modes). A mode the app does not declare is fine here: the engine skips the event.
    private mutating func appAndMode(
        _ node: Node, _ field: String, kind: ScenarioEvent.Kind, apps: AppList?
    ) -> (app: AppIndex, mode: BackgroundMode)? {
        guard let fields = fields(node, field, allowed: ["app", "mode"]) else { return nil }
        let app = required(fields, "app").flatMap { appIndex($0, Self.path(field, "app"), in: apps) }
        let modeField = Self.path(field, "mode")
        var mode: BackgroundMode?
        if let modeNode = required(fields, "mode"), let named = backgroundMode(modeNode, modeField) {
            let wantsContinuous = kind != .wake
            if named.isContinuous == wantsContinuous {
                mode = named
            } else {
                let allowed = BackgroundMode.allCases.filter { $0.isContinuous == wantsContinuous }
                let allowedNames = allowed.map(\.rawValue).joined(separator: ", ")
                let (wanted, got) = wantsContinuous ? ("a continuous", "wake-only") : ("a wake-only", "continuous")
                report(
                    modeNode, modeField,
                    "\(kind.rawValue) takes \(wanted) mode (\(allowedNames)), got \(got) mode '\(named.rawValue)'")
            }
        }
        guard let app, let mode else { return nil }
        return (app, mode)
    }

    /// The index of the app a value names; nil, reported, for an unknown id. Nothing is
    /// reported when the apps themselves could not be read.
    mutating func appIndex(_ node: Node, _ field: String, in apps: AppList?) -> AppIndex? {
        guard let id = string(node, field), let apps else { return nil }
        guard let index = apps.indices[id] else {
            let known = apps.ids.isEmpty ? "" : "; apps are \(apps.idList)"
            report(node, field, "unknown app '\(id)'\(known)")
            return nil
        }
        return index
    }
}

extension ScenarioReader {
    /// The keys of an event's value mapping (`EventGrammar`'s table).
    private typealias ValueKey = EventGrammar.ValueKey

    /// The keys an event may have: `at` and one event name.
    private static let eventKeys: [String] = [EventGrammar.timeKey] + ScenarioEvent.Kind.allCases.map { $0.rawValue }

    /// The names of the event kinds, for messages.
    private static var eventNames: String { ScenarioEvent.Kind.allCases.map { $0.rawValue }.joined(separator: ", ") }

    /// The `events:` list, in non-decreasing time order.
    mutating func readEvents(_ node: ScenarioNode, apps: AppList?) -> [ScenarioEvent]? {
        guard let items = list(node, ScenarioKey.events.rawValue) else { return nil }
        var events: [ScenarioEvent] = []
        var isValid = true
        // The latest time so far, to check the order against.
        var latest: (time: DecimalQuantity, node: ScenarioNode)?
        for (index, item) in items.enumerated() {
            let path = Self.path(ScenarioKey.events.rawValue, index)
            guard let fields = fields(item, path, allowed: Self.eventKeys) else {
                isValid = false
                continue
            }

            var atMs: Millis?
            if let atNode = required(fields, EventGrammar.timeKey), let time = time(atNode, Self.path(path, EventGrammar.timeKey)) {
                atMs = time.ms
                if let latest, time.exact < latest.time {
                    let line = latest.node.line.map { " (line \($0))" } ?? ""
                    report(
                        atNode, Self.path(path, EventGrammar.timeKey),
                        "events out of time order: at \(atNode.summary) comes after at \(latest.node.summary)\(line)")
                    atMs = nil
                } else {
                    latest = (time.exact, atNode)
                }
            }

            let eventEntries = fields.entries.filter { $0.name != EventGrammar.timeKey }
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

    /// One event's action from its key and value (`EventGrammar`).
    private mutating func readAction(
        _ kind: ScenarioEvent.Kind, _ value: ScenarioNode, _ field: String, apps: AppList?
    ) -> ScenarioEvent.Action? {
        let shape = EventGrammar.value(of: kind)
        var parts = EventGrammar.Parts()
        switch shape {
        case .null:
            guard null(value, field) else { return nil }
        case .app:
            parts.app = appIndex(value, field, in: apps)
        case .appAndMode(let continuous):
            guard let read = appAndMode(value, field, kind: kind, continuous: continuous, apps: apps) else { return nil }
            (parts.app, parts.mode) = (read.app, read.mode)
        case .appAndMB, .mb:
            guard let fields = fields(value, field, allowed: shape.keyNames) else { return nil }
            let (app, mb, session) = (ValueKey.app.rawValue, ValueKey.mb.rawValue, ValueKey.session.rawValue)
            if shape == .appAndMB {
                parts.app = required(fields, app).flatMap { appIndex($0, Self.path(field, app), in: apps) }
            }
            parts.kib = required(fields, mb).flatMap { kib($0, Self.path(field, mb), allowsNegative: true) }
            if shape == .appAndMB, let node = fields[session] {
                guard let isSession = bool(node, Self.path(field, session)) else { return nil }
                parts.session = isSession
                // SPEC 32: session memory is more than 0 once rounded to a KiB.
                if isSession, let kib = parts.kib, kib <= .zero {
                    report(fields[mb] ?? node, Self.path(field, mb),
                           "with session: true must be more than 0 after rounding to a KiB, got \(fields[mb]?.summary ?? "")")
                    return nil
                }
            }
        case .flag:
            parts.flag = bool(value, field)
        }
        return EventGrammar.action(kind, parts)
    }

    /// `{app, mode}` of `wake` (wake-only modes) or `start_mode` / `stop_mode` (continuous
    /// modes). A mode the app does not declare is fine here: the engine skips the event.
    private mutating func appAndMode(
        _ node: ScenarioNode, _ field: String, kind: ScenarioEvent.Kind, continuous wantsContinuous: Bool, apps: AppList?
    ) -> (app: AppIndex, mode: BackgroundMode)? {
        guard let fields = fields(node, field, allowed: EventGrammar.Value.appAndMode(continuous: wantsContinuous).keyNames)
        else { return nil }
        let app = required(fields, ValueKey.app.rawValue).flatMap { appIndex($0, Self.path(field, ValueKey.app.rawValue), in: apps) }
        let modeField = Self.path(field, ValueKey.mode.rawValue)
        var mode: BackgroundMode?
        if let modeNode = required(fields, ValueKey.mode.rawValue), let named = backgroundMode(modeNode, modeField) {
            if named.isContinuous == wantsContinuous {
                mode = named
            } else {
                let allowed = BackgroundMode.allCases.filter { $0.isContinuous == wantsContinuous }
                let allowedNames = allowed.map { $0.rawValue }.joined(separator: ", ")
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
    mutating func appIndex(_ node: ScenarioNode, _ field: String, in apps: AppList?) -> AppIndex? {
        guard let id = string(node, field), let apps else { return nil }
        guard let index = apps.indices[id] else {
            let known = apps.ids.isEmpty ? "" : "; apps are \(apps.idList)"
            report(node, field, "unknown app '\(id)'\(known)")
            return nil
        }
        return index
    }
}

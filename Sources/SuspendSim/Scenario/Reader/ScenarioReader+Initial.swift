extension ScenarioReader {
    /// `initial:` (SPEC 12, 16, 37): the apps resident at time 0, oldest first, each
    /// `{ app: ID, state: suspended|background|active|inactive, modes: [..], frozen: BOOL }`. An app is listed
    /// once; at most one entry is frontmost (`active` or `inactive`); a `background` entry has
    /// at least one continuous mode in use, declared by the app; a `suspended` one has none.
    mutating func readInitial(_ node: ScenarioNode, apps: AppList?) -> [Scenario.InitialApp]? {
        guard let items = list(node, ScenarioKey.initial.rawValue) else { return nil }
        var entries: [Scenario.InitialApp] = []
        var isValid = true
        var seen: [AppIndex: ScenarioNode] = [:]
        var frontmost: ScenarioNode?
        for (position, item) in items.enumerated() {
            let path = Self.path(ScenarioKey.initial.rawValue, position)
            guard let fields = fields(item, path, allowed: InitialKey.names) else {
                isValid = false
                continue
            }
            let appNode = required(fields, InitialKey.app.rawValue)
            let index = appNode.flatMap { appIndex($0, Self.path(path, InitialKey.app.rawValue), in: apps) }
            let stateNode = required(fields, InitialKey.state.rawValue)
            let state = stateNode.flatMap { initialState($0, Self.path(path, InitialKey.state.rawValue)) }
            let modes = fields[InitialKey.modes.rawValue].flatMap { continuousModes($0, Self.path(path, InitialKey.modes.rawValue), of: index, in: apps) }
            let frozenNode = fields[InitialKey.frozen.rawValue]
            let frozen = frozenNode.flatMap { bool($0, Self.path(path, InitialKey.frozen.rawValue)) }
            guard let index, let state, let appNode, let stateNode, fields[InitialKey.modes.rawValue] == nil || modes != nil,
                  frozenNode == nil || frozen != nil else {
                isValid = false
                continue
            }
            if let first = seen[index] {
                report(appNode, Self.path(path, InitialKey.app.rawValue), "app '\(apps?.ids.first { apps?.indices[$0] == index } ?? "")' is listed twice" + Self.firstAt(first))
                isValid = false
                continue
            }
            seen[index] = appNode
            switch state {
            case .active, .inactive:
                if let first = frontmost {
                    report(stateNode, Self.path(path, InitialKey.state.rawValue), "at most one app is frontmost (active or inactive)" + Self.firstAt(first))
                    isValid = false
                    continue
                }
                frontmost = stateNode
            case .background:
                if modes?.isEmpty ?? true {
                    report(fields[InitialKey.modes.rawValue] ?? item, Self.path(path, InitialKey.modes.rawValue),
                           "an app in background needs a continuous mode in use, such as modes: [audio]")
                    isValid = false
                    continue
                }
            case .suspended:
                if let node = fields[InitialKey.modes.rawValue] {
                    report(node, Self.path(path, InitialKey.modes.rawValue), "a suspended app runs no mode; leave modes out")
                    isValid = false
                    continue
                }
            case .notRunning:
                continue
            }
            // SPEC 40: only a suspended app can be found frozen.
            if let frozenNode, frozen == true, state != .suspended {
                report(frozenNode, Self.path(path, InitialKey.frozen.rawValue), "only a suspended app can be frozen; this one is \(state.rawValue)")
                isValid = false
                continue
            }
            entries.append(Scenario.InitialApp(app: index, state: state, modes: modes, frozen: frozen ?? false))
        }
        return isValid ? entries : nil
    }

    /// An `initial:` state: not `not-running` (leave the app out instead).
    private mutating func initialState(_ node: ScenarioNode, _ field: String) -> LifecycleState? {
        guard let name = string(node, field) else { return nil }
        let allowed: [LifecycleState] = [.suspended, .background, .active, .inactive]
        guard let state = LifecycleState(rawValue: name), allowed.contains(state) else {
            let hint = name == LifecycleState.notRunning.rawValue ? " (leave a not-running app out)" : ""
            report(node, field, "state must be suspended, background, active or inactive, got \(node.summary)\(hint)")
            return nil
        }
        return state
    }

    /// A list of continuous modes the app declares.
    private mutating func continuousModes(_ node: ScenarioNode, _ field: String, of index: AppIndex?, in apps: AppList?) -> AppProfile.BackgroundModes? {
        guard let items = list(node, field) else { return nil }
        var modes = AppProfile.BackgroundModes()
        var isValid = true
        let declared = index.flatMap { apps?.profiles[$0]?.backgroundModes }
        for (position, item) in items.enumerated() {
            let itemField = Self.path(field, position)
            guard let mode = backgroundMode(item, itemField) else {
                isValid = false
                continue
            }
            guard mode.isContinuous else {
                report(item, itemField, "'\(mode.rawValue)' is a wake-only mode; initial modes are continuous (audio, location, voip, ...)")
                isValid = false
                continue
            }
            if let declared, !declared.contains(mode) {
                // SPEC 41: modes a sweep point sets are blamed at the point's value.
                if let index, let id = apps?.ids.first(where: { apps?.indices[$0] == index }),
                   let swept = overrides[SweepKey.app(id: id, .backgroundModes).path] {
                    report(swept.node, Self.path(Self.path(ScenarioKey.apps.rawValue, index), AppKey.backgroundModes.rawValue),
                           "leaves \(itemField) ('\(mode.rawValue)' in use at time 0) without the mode it needs")
                } else {
                    report(item, itemField, "the app does not declare '\(mode.rawValue)' in its background_modes")
                }
                isValid = false
                continue
            }
            modes.insert(AppProfile.BackgroundModes(mode))
        }
        return isValid ? modes : nil
    }
}

@_spi(Generators) import SuspendSimCore

/// An app of `apps:` that a `trace:` block is to map (SPEC 13): a trace row whose `app_name` is
/// its `id` or its `trace_name` opens and closes it. When no `app_name` of the trace is either,
/// the app gets none of the trace's rows, and the rows meant for it run under another app,
/// `trace.<name>`, with `default_app`'s profile: a run that is valid and wrong, which
/// `ScenarioTemplate.traceWarnings` warns about.
struct TraceMappedApp: Sendable, Hashable {
    /// The app's id.
    var id: String
    /// Its `trace_name`, when it has one.
    var traceName: String?
    /// The field a warning names (`apps[6].trace_name`, else `apps[6].id`) and where it is.
    var field: String
    var line: Int?
    var column: Int?
}

extension ScenarioReader {
    /// The apps of `apps:` that the trace block is to map (SPEC 13), in `apps:` order: each app
    /// with a `trace_name`, and each app without one that nothing else opens (no `events:` or
    /// `initial:` entry names it and there is no `workload:`), so that only the trace could.
    /// An app without a `trace_name` that the listed events drive need not be in the trace.
    func traceMappedApps(_ apps: AppList, events: [ScenarioEvent], initial: [Scenario.InitialApp], hasWorkload: Bool)
        -> [TraceMappedApp]
    {
        var named = Set(events.compactMap(\.action.app))
        named.formUnion(initial.map(\.app))
        var mapped: [TraceMappedApp] = []
        for id in apps.ids {
            guard let idNode = apps.idNodes[id], let index = apps.indices[id] else { continue }
            let path = apps.paths.indices.contains(index) ? apps.paths[index] : Self.path("apps", index)
            if let node = apps.traceNameNodes[index], case .scalar(let scalar) = node {
                mapped.append(TraceMappedApp(id: id, traceName: text(of: scalar), field: Self.path(path, AppKey.traceName.rawValue),
                                             line: node.line, column: node.column))
            } else if !hasWorkload, !named.contains(index) {
                mapped.append(TraceMappedApp(id: id, traceName: nil, field: Self.path(path, AppKey.id.rawValue), line: idNode.line, column: idNode.column))
            }
        }
        return mapped
    }
}

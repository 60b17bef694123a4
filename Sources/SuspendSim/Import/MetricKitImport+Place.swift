import Yams

extension MetricKitImport {
    /// Where a new app goes in `apps:` (SPEC 18 "else it is added"): in the place of the
    /// scenario's `observed:` app, so that it has that app's place in the list and so its
    /// popularity rank in a workload (SPEC 13's Zipf ranks follow `apps:` order), rather than
    /// last, where a workload opens it least. A calibration scenario's `observed:` app is the
    /// slot the field's app is meant for (docs/metrickit.md "Which app it replaces").
    ///
    /// It cannot take the place when the scenario has no `observed:` app in `apps:`, or when
    /// anything else in the scenario names that app (an event, `initial:`, `expect:`, a sweep
    /// key such as `app.com.acme.shop.suspended_mb`): those would be left naming an app that
    /// is gone. Then it is appended, and `reason` says why.
    enum Place {
        /// Replace the entry at `index`, the observed app `replaced`, whose keys `keys` were.
        case replacing(index: Int, replaced: String, keys: [String])
        /// Append; `reason` is nil when the scenario has no `observed:` app.
        case appended(reason: String?)
    }

    /// The place of a new app in `apps` of `root`.
    static func place(in apps: Node.Sequence, root: Node.Mapping) -> Place {
        guard let observedApp = root["observed"]?.mapping?[ObservedKey.app.rawValue]?.string,
              let index = apps.firstIndex(where: { $0.mapping?[AppKey.id.rawValue]?.string == observedApp })
        else { return .appended(reason: nil) }
        let namedBy = root.compactMap { pair -> String? in
            guard let key = pair.key.string, key != "observed" else { return nil }
            if key == "apps" {
                return apps.enumerated().contains { $0.offset != index && names($0.element, observedApp) } ? "apps" : nil
            }
            return names(pair.value, observedApp) || names(pair.key, observedApp) ? key : nil
        }
        guard namedBy.isEmpty else {
            return .appended(reason: "it cannot take the place of \(observedApp), the observed: app, which is named in \(namedBy.joined(separator: ", "))")
        }
        let keys = apps[index].mapping?.compactMap { $0.key.string }.filter { $0 != AppKey.id.rawValue } ?? []
        return .replacing(index: index, replaced: observedApp, keys: keys)
    }

    /// Whether `node` names the app `id` anywhere: a scalar that is the id, or a key path
    /// through it (`app.<id>.<key>`).
    private static func names(_ node: Node, _ id: String) -> Bool {
        switch node {
        case .scalar(let scalar): scalar.string == id || scalar.string.contains("app.\(id).")
        case .mapping(let mapping): mapping.contains { names($0.key, id) || names($0.value, id) }
        case .sequence(let sequence): sequence.contains { names($0, id) }
        case .alias: false
        }
    }

    /// The note on a new app's place among `count` apps; `given`: the keys the payloads gave it.
    static func placeNote(_ app: String, _ place: Place, count: Int, given: [String]) -> String {
        switch place {
        case .replacing(let index, let replaced, let keys):
            let dropped = keys.filter { !given.contains($0) }
            let left = dropped.isEmpty ? "" : "; \(replaced)'s \(dropped.joined(separator: ", ")) \(dropped.count == 1 ? "is" : "are") not carried over"
            return "\(app) takes the place of \(replaced), the observed: app, in apps: (\(index + 1) of \(count), "
                + "its popularity rank in a workload)\(left)"
        case .appended(let reason):
            let why = reason.map { " (\($0))" } ?? ""
            return "\(app) is new in apps\(why): no event of the scenario opens it yet; add the events that do"
        }
    }
}

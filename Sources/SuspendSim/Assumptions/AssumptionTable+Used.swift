extension AssumptionTable {
    /// The rows `scenario` takes when run under `policyName` (SPEC 36, "A row is used by a
    /// run when..."), resolved: the catalog figures first (`device.ram_mb`,
    /// `device.app_limit_mb`, `device.system_mb`, each when the catalog gave it), then every
    /// table row, in the table's order, whose `applies` holds for the run and whose key the
    /// file, `--set` and the sweep left unset. The features are atoms of `applies`: `compressor
    /// on`, `freezer on`, `reaper on`, and `policy lmkd` for `minfree`. An `app.*` row is used
    /// when at least one app took its default.
    ///
    /// `otherUsersAddApps`: the point pools trace users (SPEC 24) and some user other than
    /// `scenario`'s has apps the trace adds, made from `default_app`: their defaults are used
    /// at the point too.
    package func usedRows(_ scenario: Scenario, policyName: String, otherUsersAddApps: Bool = false) -> [AssumedRow] {
        let context = AssumptionContext(scenario, policyName: policyName)
        var used = Self.catalogRows(scenario)
        for row in rows where context.holds(row) && Self.takesDefault(row.key, scenario, otherUsersAddApps: otherUsersAddApps) {
            used.append(AssumedRow(
                key: row.key, value: row.value.resolved(unit: row.unit, ramKiB: context.ramKiB), unit: row.unit,
                origin: row.origin, source: row.source, low: row.low.resolved(unit: row.unit, ramKiB: context.ramKiB),
                high: row.high.resolved(unit: row.unit, ramKiB: context.ramKiB)))
        }
        return used
    }

    /// The prefix of an app row's key: `app.*.cold_launch_s`.
    static let appPrefix = "app.*."
    /// The prefix of a `bg_tasks` entry's rows (SPEC 28): `app.*.bg_tasks.earliest_s`.
    static let bgTaskPrefix = "app.*.bg_tasks."
    /// The prefix of lmkd's rows, one per entry of its table, which only the whole table sets.
    static let minfreePrefix = LMKDKey.minfree.path + "."

    /// Whether the run took `key`'s default: no app gave an `app.*` key (for one app at
    /// least), and the file did not give any other.
    static func takesDefault(_ key: String, _ scenario: Scenario, otherUsersAddApps: Bool = false) -> Bool {
        let given = scenario.given.keys
        if key.hasPrefix(bgTaskPrefix) { return scenario.given.bgTaskDefaults.contains(String(key.dropFirst(bgTaskPrefix.count))) }
        if key.hasPrefix(appPrefix) {
            let name = key.dropFirst(appPrefix.count)
            // Another user's trace apps are `default_app`'s (SPEC 13): they take what it leaves.
            if otherUsersAddApps, !(scenario.given.traceDefaultAppKeys?.contains { $0 == name } ?? true) { return true }
            return scenario.apps.contains { !scenario.given.app($0.id, gives: name) }
        }
        if key.hasPrefix(minfreePrefix) { return !given.contains(LMKDKey.minfree.path) }
        return !given.contains(key)
    }

    /// The catalog figures the run took (SPEC 36 "Catalog figures"): `ram_mb` (measured when
    /// the catalog's RAM is what the OS reports, estimated when nominal), `app_limit_mb` (as
    /// the catalog's `limit_source`) and `system_mb` (estimated: `ram_mb` − `app_limit_mb`,
    /// SPEC 30), as the run resolved them, each with the catalog's source and `low` = `high`.
    /// The keys of the catalog figures, in `catalogRows`' order.
    static let catalogFigureKeys: [DeviceKey] = [.ramMB, .appLimitMB, .systemMB]

    static func catalogRows(_ scenario: Scenario) -> [AssumedRow] {
        let device = scenario.device
        guard let model = device.model, let entry = DeviceCatalog.shipped.entry(named: model) else { return [] }
        let given = scenario.given.keys
        let limitOrigin: AssumptionOrigin = entry.limitSource == AssumptionOrigin.measured.rawValue ? .measured : .estimated
        let figures: [(DeviceKey, KiB, AssumptionOrigin)] = [
            (.ramMB, device.ramKiB, ramOrigin(entry)), (.appLimitMB, device.appLimitKiB, limitOrigin),
            (.systemMB, device.systemKiB, .estimated),
        ]
        return figures.compactMap { key, kib, origin in
            guard !given.contains(key.path) else { return nil }
            let mb = CSVFormatting.mbText(kib)
            return AssumedRow(key: key.path, value: mb, unit: .mb, origin: origin, source: entry.source, low: mb, high: mb)
        }
    }

    /// Whether the catalog's RAM is what the OS reports (`measured`: the per-app limit table's
    /// "of total") or Apple's GB figure on SPEC 37's basis (`estimated`): its `ram_source`.
    private static func ramOrigin(_ entry: DeviceCatalog.Entry) -> AssumptionOrigin {
        switch entry.ramSource {
        case .reported: .measured
        case .nominal: .estimated
        }
    }
}

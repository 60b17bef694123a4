@_spi(Generators) import SuspendSimCore

/// One assumption a point of a batch takes and that a sensitivity variant can move (SPEC 39
/// "Keys"): a used row of `assumptions.csv` that `--set` can set, or `device.limit_share` for a
/// catalog phone whose per-app limit is `estimated`; with its value and ends as the point
/// resolves them, in the key's unit's format (SPEC 36).
struct SensitivityCandidate: Sendable, Hashable {
    var key: String
    /// The key's place in SPEC 36's order: `device.limit_share` first (the catalog figures come
    /// first), then the table's rows by the first row of the key.
    var order: Int
    var value: String
    var low: String
    var high: String
    /// For an `app.*` key, the apps of `apps:` that took the default (a variant sets each of
    /// them), and `trace.*` when the apps a trace adds took it too.
    var apps: [String]

    /// The end `isHigh` names.
    func end(high isHigh: Bool) -> String { isHigh ? high : low }

    /// The `--set` settings that run the point with the key at `end` (SPEC 39 "A variant"): the
    /// key itself, or `app.<id>.KEY` for every app that took an app default.
    func settings(end: String) -> [SweepSetting] {
        let keys: [SweepKey]
        if key.hasPrefix(AssumptionTable.appPrefix) {
            let name = key.dropFirst(AssumptionTable.appPrefix.count)
            keys = apps.compactMap { SweepKey(path: "app.\($0).\(name)") }
        } else {
            keys = SweepKey(path: key).map { [$0] } ?? []
        }
        return keys.map { SweepSetting(axis: SweepAxis(key: $0, values: [end], source: .commandLine), index: 0) }
    }

    /// Every assumption `scenario` takes under `policyName` that a variant can move, in SPEC
    /// 36's order, whether or not its ends differ. lmkd's `minfree` rows are left out: only
    /// the whole table is a key (SPEC 34).
    static func all(_ scenario: Scenario, policyName: String) -> [SensitivityCandidate] {
        let table = AssumptionTable.shipped
        var found: [SensitivityCandidate] = limitShare(scenario).map { [$0] } ?? []
        for row in table.usedRows(scenario, policyName: policyName) where isSettable(row.key) && !lacksBlock(row.key, scenario) {
            // A catalog figure the table has no row for (`device.ram_mb`) comes first (SPEC 39:
            // catalog figures first); it has a single value, so it is a key with no variant.
            let order = table.rows.firstIndex(where: { $0.key == row.key }) ?? -1
            var apps: [String] = []
            if row.key.hasPrefix(AssumptionTable.appPrefix) {
                let name = row.key.dropFirst(AssumptionTable.appPrefix.count)
                // Every app that took the default: the `apps:` entries (an included typical day's
                // among them) one by one, and the apps a trace adds (SPEC 13) all at once
                // through `default_app` (`app.trace.*.KEY`).
                apps = scenario.apps.filter { scenario.given.appKeys[$0.id] != nil && !scenario.given.app($0.id, gives: name) }.map(\.id)
                let traceApps = scenario.apps.contains { scenario.given.appKeys[$0.id] == nil }
                if traceApps, let given = scenario.given.traceDefaultAppKeys, !given.contains(String(name)) {
                    apps.append(TraceKey.everyTraceApp)
                }
                if apps.isEmpty { continue }
            }
            found.append(SensitivityCandidate(key: row.key, order: order, value: row.value, low: row.low, high: row.high, apps: apps))
        }
        return found
    }

    /// Whether `key` sets a field of a block the scenario does not have, which `--set` cannot
    /// add: a plain workload without `allocations:` takes `workload.allocations.per_hour` 0
    /// (no bursts, SPEC 32), and `--set workload.allocations.per_hour=40` finds no block to set
    /// it in (both of its keys are required together, so a file that gives the block takes
    /// neither default); the typical day brings the block (SPEC 38).
    static func lacksBlock(_ key: String, _ scenario: Scenario) -> Bool {
        let allocations = ScenarioKey.workload.rawValue + "." + WorkloadKey.allocations.rawValue + "."
        return key.hasPrefix(allocations) && !scenario.given.typicalDayWorkload
    }

    /// Whether `--set` can set `key` (SPEC 14): an app key that sweeps, or any other sweep key.
    static func isSettable(_ key: String) -> Bool {
        if key.hasPrefix(AssumptionTable.appPrefix) {
            return AppKey(rawValue: String(key.dropFirst(AssumptionTable.appPrefix.count)))?.sweeps ?? false
        }
        return SweepKey(path: key) != nil
    }

    /// `device.limit_share` at a point (SPEC 39): when the run took its per-app limit from a
    /// catalog entry whose limit is `estimated`, the limit's value and the catalog's
    /// `limit_low_mb` and `limit_high_mb` scaled to the run's RAM as SPEC 30 scales `system_mb`.
    static func limitShare(_ scenario: Scenario) -> SensitivityCandidate? {
        let device = scenario.device
        guard let model = device.model, let entry = DeviceCatalog.shipped.entry(named: model),
              entry.limitSource == AssumptionOrigin.estimated.rawValue,
              !scenario.given.keys.contains(DeviceKey.appLimitMB.path),
              !scenario.given.keys.contains(SensitivityRequest.limitShareKey) else { return nil }
        let catalogRAM = KiB.mb(Double(entry.ramMB))
        func scaled(_ mb: Int) -> String {
            // The catalog's amounts are checked when it loads and a scenario's RAM is above 0.
            CSVFormatting.mbText((try? Device.scaledSystemKiB(.mb(Double(mb)), ramKiB: device.ramKiB, catalogRAMKiB: catalogRAM)) ?? .zero)
        }
        return SensitivityCandidate(key: SensitivityRequest.limitShareKey, order: -1, value: CSVFormatting.mbText(device.appLimitKiB),
                                    low: scaled(entry.limitLowMB), high: scaled(entry.limitHighMB), apps: [])
    }
}

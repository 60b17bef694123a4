@_spi(Generators) import SuspendSimCore

extension ScenarioReader {
    /// `device.limit_share` from `--set` or a sweep (SPEC 39): a catalog phone's per-app limit
    /// set to the value, and `system_mb` moved by the difference, so that `app_limit_mb` +
    /// `system_mb` stays what the phone resolved (a variant of SPEC 39's sensitivity runs
    /// exactly this). Not a key of `device:` itself. Needs `model`; the value is MB above 0.
    mutating func applyLimitShare(to device: inout Device, catalog entry: DeviceCatalog.Entry?) -> Bool {
        let key = SensitivityRequest.limitShareKey
        guard let override = overrides[key] else { return true }
        appliedOverrides.insert(key)
        given.keys.insert(key)
        guard entry != nil else {
            report(override.node, key, "needs a device.model from the catalog, whose per-app limit it moves (SPEC 39)")
            return false
        }
        guard let limit = kib(override.node, key) else { return false }
        guard limit > .zero else {
            report(override.node, key, "must be more than 0, got \(override.node.summary)")
            return false
        }
        device.systemKiB = device.systemKiB + (device.appLimitKiB - limit)
        device.appLimitKiB = limit
        return true
    }
}

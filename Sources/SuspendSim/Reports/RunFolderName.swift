/// The folder names a batch gives its runs' report folders under `--details`
/// (`<name>/<key>=<value>/.../replicate-<k>`, docs/batch-runs.md): `BatchPlan` makes them, and
/// the page and `explain` read a run's point and replicate back from them.
enum RunFolderName {
    /// A replicate's folder name before its number.
    static let replicatePrefix = "replicate-"

    /// Replicate `index`'s folder name: `replicate-3`.
    static func replicate(_ index: Int) -> String { replicatePrefix + String(index) }

    /// The replicate number a folder name gives, as written (`replicate-3`: "3"); nil for
    /// another name.
    static func replicate(in component: String) -> Substring? {
        component.hasPrefix(replicatePrefix) ? component.dropFirst(replicatePrefix.count) : nil
    }
}

extension RunFolderName {
    /// A sweep point's setting as a folder name: `device.ram_mb=2048` (the key as
    /// `SweepKey.path` spells it, the value as written).
    static func setting(_ setting: SweepSetting) -> String { self.setting(key: setting.axis.key.path, value: setting.value) }

    /// A setting as a folder name, and as the page names a point's settings (a column of
    /// `summary.csv` and its value): `KEY=VALUE`.
    static func setting(key: String, value: String) -> String { key + "=" + value }

    /// The KEY and VALUE of a `KEY=VALUE` text, split at its first `=` (a value may hold
    /// more); nil for a text without one.
    static func split(_ text: String) -> (key: String, value: String)? {
        guard let equals = text.firstIndex(of: "=") else { return nil }
        return (String(text[..<equals]), String(text[text.index(after: equals)...]))
    }

    /// The sweep key and value a folder name gives (`KEY=VALUE`); nil for a name whose KEY is
    /// no sweep key.
    static func setting(in component: String) -> (key: SweepKey, value: String)? {
        guard let parts = split(component), let key = SweepKey(path: parts.key) else { return nil }
        return (key, parts.value)
    }
}

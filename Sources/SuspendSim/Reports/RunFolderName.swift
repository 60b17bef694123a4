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

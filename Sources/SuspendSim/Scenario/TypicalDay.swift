/// SPEC 38's typical day: the workload the assumption table's `workload typical-day` rows
/// give, and the factor on the footprints of the bundled `typical-day` app list.
///
/// - `workload: typical-day` fills every workload key from those rows; `workload: { include:
///   typical-day, KEY: VALUE, ... }` fills the keys it does not give (the keys given win, an
///   `allocations:` block as a whole). `--set workload.*` and a sweep win over both.
/// - `apps.typical-day` (`--set` or a sweep; the row's default is 1) multiplies the written
///   `active_mb`, `background_mb`, `suspended_mb`, `purgeable_mb`, `warning_release_mb` and
///   `compressible_mb` of the apps `include: typical-day` brings, before an app listed after
///   the include replaces one and before `--set app.ID.KEY` (so neither is scaled); each
///   product is exact and is read like a written value, rounded half up to a KiB, and the
///   defaults of the keys left out derive from the products. It scales the file's own
///   `include: typical-day` entries; a list another included file brings is that file's.
package enum TypicalDay {
    /// The name `workload:` and `include:` give the typical day.
    package static let name = "typical-day"
    /// The sensitivity and `--set` key of the footprint factor (SPEC 38, 39).
    package static let factorKey = "apps.typical-day"
    /// The key of `workload: { include: typical-day }`.
    static let includeKey = "include"

    /// The app keys the factor scales (SPEC 38).
    static let scaledKeys: Set<String> = Set([
        AppKey.activeMB, .backgroundMB, .suspendedMB, .purgeableMB, .warningReleaseMB, .compressibleMB,
    ].map(\.rawValue))

    /// The table's typical-day workload, as `workload:` keys and values as written:
    /// `("dwell_s", "71.56")`, and `("allocations", nil)` with its keys in `allocations`.
    struct Defaults: Sendable {
        /// The top-level keys, in the table's order, with their values (nil for `allocations`).
        var keys: [(name: String, value: String?)] = []
        /// `allocations:`'s keys and values, in the table's order.
        var allocations: [(name: String, value: String)] = []
    }

    /// The table's rows whose `applies` is `workload typical-day` (SPEC 36, 38), as `workload:`
    /// keys.
    static let defaults: Defaults = {
        var defaults = Defaults()
        let prefix = "workload.", allocationsPrefix = "workload." + WorkloadKey.allocations.rawValue + "."
        for row in AssumptionTable.shipped.rows where row.applies == [.workloadTypicalDay] {
            guard case .number(let text) = row.value else {
                preconditionFailure("assumptions.csv: \(row.key) is not a number")
            }
            if row.key.hasPrefix(allocationsPrefix) {
                if defaults.allocations.isEmpty { defaults.keys.append((WorkloadKey.allocations.rawValue, nil)) }
                defaults.allocations.append((String(row.key.dropFirst(allocationsPrefix.count)), text))
            } else if row.key.hasPrefix(prefix) {
                defaults.keys.append((String(row.key.dropFirst(prefix.count)), text))
            }
        }
        return defaults
    }()

    /// The `--set` and sweep keys of the typical-day rows (`workload.dwell_s`,
    /// `workload.allocations.per_hour`), in the table's order.
    package static var workloadKeys: [String] {
        defaults.keys.flatMap { key in
            key.value == nil
                ? defaults.allocations.map { "workload.\(key.name).\($0.name)" }
                : ["workload.\(key.name)"]
        }
    }

    /// What a reading of a scenario took from the typical day, for the assumption rows it used
    /// (SPEC 36: a row is used when the run took its default).
    package struct Use: Sendable, Hashable {
        /// Whether `workload:` is the typical day (`workload typical-day`).
        package var workload = false
        /// The workload keys taken from the table (`workload.gap_s`), neither given beside the
        /// include nor set by `--set` or the sweep.
        package var workloadDefaultsTaken: [String] = []
        /// Whether `apps:` includes `typical-day` (`apps include typical-day`).
        package var apps = false
        /// Whether `apps.typical-day` was set (by `--set` or the sweep).
        package var factorSet = false

        package init() {}
    }
}

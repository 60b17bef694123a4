/// SPEC 39's `sensitivity:` as a scenario file or `run --sensitivity` / `--sensitivity-keys`
/// asks it: which assumptions to vary (nil: every key, as `true`) and on how many replicates of
/// each point (`replicates`, default 100). `sensitivity: false`, the default, is no request.
package struct SensitivityRequest: Sendable, Hashable {
    /// One listed key, with where the file wrote it (nil on the command line), for messages.
    package struct Key: Sendable, Hashable {
        package var name: String
        package var place: WhatIf.Place?

        package init(name: String, place: WhatIf.Place? = nil) {
            self.name = name
            self.place = place
        }
    }

    /// The keys listed, in the order given; nil: every key of the batch (SPEC 39 "With `true`").
    package var keys: [Key]?
    /// The replicates of each point a variant runs at most: `R` = min(this, the point's).
    package var replicates: Int
    /// Where the file wrote `sensitivity:`, for a message about the request as a whole.
    package var place: WhatIf.Place?

    /// SPEC 39: `replicates` defaults to 100.
    package static let defaultReplicates = 100

    package init(keys: [Key]? = nil, replicates: Int = defaultReplicates, place: WhatIf.Place? = nil) {
        self.keys = keys
        self.replicates = replicates
        self.place = place
    }

    /// `--sensitivity-keys KEY,KEY`: the keys, each once, none empty.
    ///
    /// - Throws: `SweepAxis.ParseError` naming the option, for an empty list, an empty key or
    ///   a key given twice (a usage error, exit 64).
    package init(parsingKeys option: String) throws(SweepAxis.ParseError) {
        let names = option.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard !option.isEmpty else { throw SweepAxis.ParseError("--sensitivity-keys: must list at least one key") }
        var keys: [Key] = []
        for name in names {
            guard !name.isEmpty else { throw SweepAxis.ParseError("--sensitivity-keys \(option): an empty key") }
            guard !keys.contains(where: { $0.name == name }) else {
                throw SweepAxis.ParseError("--sensitivity-keys \(option): \(name) is listed twice")
            }
            guard Self.isKey(name) else {
                throw SweepAxis.ParseError("--sensitivity-keys \(option): \(name) is not an assumption; \(Self.keyHint)")
            }
            keys.append(Key(name: name))
        }
        self.init(keys: keys)
    }

    /// `device.limit_share`: the spread of a catalog phone's `estimated` per-app limit (SPEC 39).
    package static let limitShareKey = "device.limit_share"

    /// Whether `name` is a key at all: a `key` of the shipped assumption table, a catalog
    /// figure's (`device.ram_mb`, `device.app_limit_mb`, `device.system_mb`: rows of
    /// `assumptions.csv` with a single value, SPEC 39), or `device.limit_share`. Whether a
    /// batch uses it is checked against the batch.
    package static func isKey(_ name: String) -> Bool {
        name == limitShareKey || AssumptionTable.shipped.rows.contains { $0.key == name }
            || AssumptionTable.catalogFigureKeys.contains { $0.path == name }
    }

    /// Where the keys are listed, for messages.
    package static let keyHint = "the keys are the key column of `suspendsim assumptions` and \(limitShareKey)"
}

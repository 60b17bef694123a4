extension ScenarioReader {
    /// `device.lmkd` (SPEC 33, 34): a mapping whose one key, `minfree`, is lmkd's table of
    /// 1 to 6 `{adj, mb}` levels, `adj` strictly ascending YAML integers in 0-1000 and `mb`
    /// strictly ascending after rounding to a KiB, each above 0; nil, reported, otherwise.
    /// Without `minfree` the table is the default (`Device.KillLevel.lmkdDefault`).
    mutating func readLMKD(_ node: ScenarioNode) -> [Device.KillLevel]? {
        let path = DeviceKey.lmkd.path
        guard let fields = fields(node, path, allowed: LMKDKey.names) else { return nil }
        guard !fields.hadUnknownKey else { return nil }
        guard let table = fields[LMKDKey.minfree.rawValue] else { return Device.KillLevel.lmkdDefault }
        return readMinfree(table, LMKDKey.minfree.path)
    }

    /// The most levels a table holds: lmkd's `lowmem_minfree` and `lowmem_adj` have six.
    static let minfreeLevelLimit = 6

    mutating func readMinfree(_ node: ScenarioNode, _ field: String) -> [Device.KillLevel]? {
        guard let items = list(node, field) else { return nil }
        guard (1...Self.minfreeLevelLimit).contains(items.count) else {
            report(node, field, "must have 1 to \(Self.minfreeLevelLimit) entries, got \(items.count)")
            return nil
        }
        var levels: [Device.KillLevel] = []
        var isValid = true
        for (index, item) in items.enumerated() {
            let itemField = Self.path(field, index)
            guard let level = readMinfreeEntry(item, itemField) else {
                isValid = false
                continue
            }
            if let previous = levels.last {
                if level.priority <= previous.priority {
                    report(item, Self.path(itemField, MinfreeKey.adj.rawValue), "must be above the previous entry's adj (\(previous.priority)), got \(level.priority)")
                    isValid = false
                }
                if level.freeKiB <= previous.freeKiB {
                    report(item, Self.path(itemField, MinfreeKey.mb.rawValue),
                           "must be above the previous entry's mb (\(CSVFormatting.mbText(previous.freeKiB)) MB after rounding to a KiB), "
                           + "got \(CSVFormatting.mbText(level.freeKiB)) MB")
                    isValid = false
                }
            }
            levels.append(level)
        }
        return isValid ? levels : nil
    }

    /// One `{adj, mb}` entry: both keys, and no other.
    private mutating func readMinfreeEntry(_ node: ScenarioNode, _ field: String) -> Device.KillLevel? {
        guard case .mapping = node else {
            report(node, field, "must be a mapping {adj, mb}, got \(node.summary)")
            return nil
        }
        guard let fields = fields(node, field, allowed: MinfreeKey.names), !fields.hadUnknownKey else { return nil }
        let adjNode = required(fields, MinfreeKey.adj.rawValue)
        let mbNode = required(fields, MinfreeKey.mb.rawValue)
        let adj = adjNode.flatMap { oomScoreAdj($0, Self.path(field, MinfreeKey.adj.rawValue)) }
        let mb = mbNode.flatMap { levelKiB($0, Self.path(field, MinfreeKey.mb.rawValue)) }
        guard let adj, let mb else { return nil }
        return Device.KillLevel(priority: adj, freeKiB: mb)
    }

    /// An `oom_score_adj`: a YAML integer from 0 to 1000 (`100.0` is not one).
    private mutating func oomScoreAdj(_ node: ScenarioNode, _ field: String) -> Int? {
        guard case .scalar(let scalar) = node, scalar.type == .int, let value = Int(scalar.string), (0...1000).contains(value) else {
            report(node, field, "must be a whole number from 0 to 1000 (an integer, not 100.0), got \(node.summary)")
            return nil
        }
        return value
    }

    /// A level in MB as whole KiB, above 0 after rounding.
    private mutating func levelKiB(_ node: ScenarioNode, _ field: String) -> KiB? {
        guard let value = kib(node, field) else { return nil }
        guard value > .zero else {
            report(node, field, "must be more than 0 (after rounding to a KiB), got \(node.summary)")
            return nil
        }
        return value
    }
}

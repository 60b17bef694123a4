extension ScenarioReader {
    /// `device.freezer` (SPEC 37, 40), key by key as `FreezerKey`'s table says; nil, reported,
    /// when a key is bad or the block is not a mapping (or has no value: write `freezer: {}`).
    mutating func readFreezer(_ node: ScenarioNode) -> Device.Freezer? {
        guard let fields = fields(node, DeviceKey.freezer.path, allowed: FreezerKey.names) else { return nil }
        var freezer = Device.Freezer()
        var isValid = !fields.hadUnknownKey
        for entry in fields.entries {
            guard let key = FreezerKey.byName[entry.name] else { continue }
            switch key.target {
            case .count(let keyPath):
                if let value = wholeCount(entry.value, key.path) { freezer[keyPath: keyPath] = value } else { isValid = false }
            case .memory(let keyPath):
                if let value = kib(entry.value, key.path) { freezer[keyPath: keyPath] = value } else { isValid = false }
            case .optionalMemory(let keyPath, _):
                if let value = kib(entry.value, key.path) { freezer[keyPath: keyPath] = value } else { isValid = false }
            case .time(let keyPath):
                if let value = millis(entry.value, key.path) { freezer[keyPath: keyPath] = value } else { isValid = false }
            case .rate(let keyPath):
                if let value = speed(entry.value, key.path) { freezer[keyPath: keyPath] = value } else { isValid = false }
            }
        }
        return isValid ? freezer : nil
    }

    /// The freezer's block of the device, or an empty one when a sweep point sets a key of it
    /// and the file has none (SPEC 37: every other key at its default).
    func freezerNode(in fields: Fields) -> ScenarioNode? {
        if let node = fields[DeviceKey.freezer.rawValue] { return node }
        let prefix = DeviceKey.freezer.path + "."
        guard overrides.keys.contains(where: { $0.hasPrefix(prefix) }) else { return nil }
        return .mapping(ScenarioNode.Mapping(pairs: [], position: nil))
    }

    /// A count of the freezer's (`max_frozen`, `min_suspended`, ...): a YAML integer from 0 to
    /// 2^31 − 1 (`20.0` is not one, as lmkd's `adj` in SPEC 34); nil, reported, otherwise.
    private mutating func wholeCount(_ node: ScenarioNode, _ field: String) -> Int? {
        guard case .scalar(let scalar) = node, scalar.type == .int, let value = Int64(scalar.string),
              (0...InputLimits.count).contains(value) else {
            report(node, field, "must be a whole number from 0 to \(InputLimits.count) (an integer, not 20.0), got \(node.summary)")
            return nil
        }
        return Int(value)
    }
}

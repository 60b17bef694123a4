extension ScenarioReader {
    /// `device.compressor` (SPEC 22, 23), key by key as `CompressorKey`'s table says; nil,
    /// reported, when a key is bad or the block is not a mapping.
    mutating func readCompressor(_ node: ScenarioNode) -> Device.Compressor? {
        guard let fields = fields(node, DeviceKey.compressor.path, allowed: CompressorKey.names) else { return nil }
        var compressor = Device.Compressor()
        var isValid = true
        for entry in fields.entries {
            guard let key = CompressorKey.byName[entry.name] else { continue }
            switch key.target {
            case .ratio(let keyPath):
                if let value = ratio(entry.value, key.path) { compressor[keyPath: keyPath] = value } else { isValid = false }
            case .optionalMemory(let keyPath, _):
                if let value = kib(entry.value, key.path) { compressor[keyPath: keyPath] = value } else { isValid = false }
            case .rate(let keyPath):
                if let value = speed(entry.value, key.path) { compressor[keyPath: keyPath] = value } else { isValid = false }
            }
        }
        return isValid ? compressor : nil
    }

    /// The compressor's block of the device, or an empty one when a sweep point sets a key of
    /// it and the file has none (SPEC 23: every other key at its default).
    func compressorNode(in fields: Fields) -> ScenarioNode? {
        if let node = fields[DeviceKey.compressor.rawValue] { return node }
        let prefix = DeviceKey.compressor.path + "."
        guard overrides.keys.contains(where: { $0.hasPrefix(prefix) }) else { return nil }
        return .mapping(ScenarioNode.Mapping(pairs: [], position: nil))
    }

    /// A ratio (`compression_ratio`, `compressor.ratio`): a number of at least 1 with at
    /// most 2 decimals, in hundredths; nil, reported, otherwise (SPEC 23).
    mutating func ratio(_ node: ScenarioNode, _ field: String) -> Int64? {
        guard let hundredths = fixedPoint(node, field, decimals: 2) else { return nil }
        guard hundredths >= 100 else {
            report(node, field, "must be at least 1, got \(node.summary)")
            return nil
        }
        return hundredths
    }

    /// A rate in MB per second (`decompress_mb_s`): above 0 with at most 3 decimals, in
    /// thousandths; nil, reported, otherwise (SPEC 23).
    mutating func speed(_ node: ScenarioNode, _ field: String) -> Int64? {
        guard let thousandths = fixedPoint(node, field, decimals: 3) else { return nil }
        guard thousandths > 0 else {
            report(node, field, "must be more than 0, got \(node.summary)")
            return nil
        }
        return thousandths
    }

    /// A number with at most `decimals` decimals, times 10^`decimals`, exactly; nil,
    /// reported, when it is not one, is negative, or is beyond 2^32.
    private mutating func fixedPoint(_ node: ScenarioNode, _ field: String, decimals: Int) -> Int64? {
        guard let value = number(node, field) else { return nil }
        if value.isNegative {
            report(node, field, "must not be negative, got \(node.summary)")
            return nil
        }
        guard value.decimalPlaces <= decimals else {
            report(node, field, "must have at most \(decimals) decimals, got \(node.summary)")
            return nil
        }
        var factor: Int64 = 1
        for _ in 0..<decimals { factor *= 10 }
        guard let scaled = value.scaled(by: factor, limit: Self.magnitudeLimit) else {
            report(node, field, "must be at most 4294967296 (2^32), got \(node.summary)")
            return nil
        }
        return scaled
    }
}

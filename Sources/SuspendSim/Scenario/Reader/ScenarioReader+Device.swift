extension ScenarioReader {
    /// The device, resolved in SPEC 11's order (SPEC 16): the catalog entry of `model`
    /// (its RAM and per-app limit), the defaults of SPEC 7 for the resolved RAM, the profile
    /// of `ios`, then every key the file gives, which always wins, except that with `model`
    /// an explicit `ram_mb` leaves the catalog's `app_limit_mb` in place and scales its
    /// `system_mb` (SPEC 30).
    mutating func readDevice(_ node: ScenarioNode) -> Device? {
        guard let fields = fields(node, "device", allowed: DeviceKey.names) else { return nil }
        var isValid = true
        let entry = fields[DeviceKey.model.rawValue].flatMap { catalogEntry($0) }
        if fields[DeviceKey.model.rawValue] != nil, entry == nil { isValid = false }
        let ios = fields[DeviceKey.ios.rawValue].flatMap { iosVersion($0) }
        if fields[DeviceKey.ios.rawValue] != nil, ios == nil { isValid = false }

        var ramKiB: KiB?
        if let ramNode = fields[DeviceKey.ramMB.rawValue] {
            if let ram = kib(ramNode, DeviceKey.ramMB.path) {
                if ram > .zero { ramKiB = ram } else { report(ramNode, DeviceKey.ramMB.path, "must be more than 0, got \(ramNode.summary)") }
            }
            if ramKiB == nil { isValid = false }
        } else if let entry {
            ramKiB = .mb(Double(entry.ramMB))
        } else if fields[DeviceKey.model.rawValue] == nil {
            _ = required(fields, DeviceKey.ramMB.rawValue)
            isValid = false
        }

        var device = Device(ramKiB: ramKiB ?? KiB(1), catalog: entry, ios: ios)
        for entry in fields.entries {
            // `ram_mb`, `model` and `ios` are resolved above, in SPEC 11's order.
            guard let key = DeviceKey.byName[entry.name], key != .ramMB else { continue }
            let field = Self.path("device", entry.name)
            switch key.target {
            case .model, .ios, .compressor, .freezer:
                continue
            case .lmkd:
                if let levels = readLMKD(entry.value) { device.lmkdMinfree = levels } else { isValid = false }
            case .memory(let keyPath):
                if let value = kib(entry.value, field) { device[keyPath: keyPath] = value } else { isValid = false }
                // SPEC 30: a set `system_mb` wins over the catalog's and says so.
                if key == .systemMB { device.systemSource = .set }
            case .time(let keyPath):
                if let value = millis(entry.value, field) { device[keyPath: keyPath] = value } else { isValid = false }
            case .optionalMemory(let keyPath, _):
                if let value = kib(entry.value, field) { device[keyPath: keyPath] = value } else { isValid = false }
            case .flag(let keyPath):
                if let value = bool(entry.value, field) { device[keyPath: keyPath] = value } else { isValid = false }
            }
        }
        if !applyLimitShare(to: &device, catalog: entry) { isValid = false }
        if let node = compressorNode(in: fields) {
            if let compressor = readCompressor(node) { device.compressor = compressor } else { isValid = false }
        }
        if let node = freezerNode(in: fields) {
            if let freezer = readFreezer(node) { device.freezer = freezer } else { isValid = false }
        }
        // SPEC 16, 29: these times must be more than 0.
        for (key, value) in [(DeviceKey.reaperIntervalS, device.reaperIntervalMs), (.refreshWindowS, device.refreshWindowMs),
                             (.refreshIntervalS, device.refreshIntervalMs)] {
            if let node = fields[key.rawValue], value == .zero {
                report(node, key.path, "must be more than 0, got \(node.summary)")
                isValid = false
            }
        }
        if let node = fields[DeviceKey.appBackgroundLimitMB.rawValue], let limit = device.appBackgroundLimitKiB, limit > device.ramKiB {
            report(node, DeviceKey.appBackgroundLimitMB.path,
                   "must not be above ram_mb (\(CSVFormatting.mbText(device.ramKiB)) MB), got \(node.summary)")
            isValid = false
        }
        return isValid && ramKiB != nil ? device : nil
    }

    /// The catalog entry `model` names, by its model, a product id or its marketing name
    /// (SPEC 11, 19); nil, reported with the nearest names, otherwise.
    private mutating func catalogEntry(_ node: ScenarioNode) -> DeviceCatalog.Entry? {
        guard let model = nonEmptyString(node, DeviceKey.model.path) else { return nil }
        let catalog = DeviceCatalog.shipped
        if let entry = catalog.entry(named: model) { return entry }
        let nearest = catalog.nearestModels(to: model).joined(separator: ", ")
        report(node, DeviceKey.model.path, "unknown model '\(model)'; nearest: \(nearest) (see `suspendsim devices`)")
        return nil
    }

    /// `ios`: a quoted `"MAJOR[.MINOR]"` or a bare integer (SPEC 16) of a major that shipped
    /// (SPEC 37). A YAML float in the file is refused, since `18.10` would read as 18.1; `--set` values are text and taken as
    /// written.
    private mutating func iosVersion(_ node: ScenarioNode) -> IOSVersion? {
        let field = DeviceKey.ios.path
        guard case .scalar(let scalar) = node else {
            report(node, field, "must be \"MAJOR[.MINOR]\", got \(node.summary)")
            return nil
        }
        let fromCommandLine = overrides[field]?.origin != nil
        let tag = scalar.type
        if tag == .float, !fromCommandLine {
            report(node, field, "must be quoted, \"MAJOR[.MINOR]\" (a number such as 18.10 would read as 18.1), got \(node.summary)")
            return nil
        }
        guard tag == .int || tag == .string || tag == .float, let version = IOSVersion(scalar.string) else {
            report(node, field, "must be \"MAJOR[.MINOR]\" (such as \"18.4\"), got \(node.summary)")
            return nil
        }
        // SPEC 37: a major that never shipped (19 to 25, or a typo) is bad input.
        guard version.isShipped else {
            report(node, field, "must be a release that shipped, major \(IOSVersion.shippedMajorsText), got \(node.summary)")
            return nil
        }
        return version
    }
}

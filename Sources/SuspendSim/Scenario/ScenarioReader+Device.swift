/// The keys of `device:` (SPEC 7, 11), in the order messages list them.
enum DeviceKey: String, CaseIterable {
    case ramMB = "ram_mb"
    case reservedMB = "reserved_mb"
    case systemMB = "system_mb"
    case warningFreeMB = "warning_free_mb"
    case idleFreeMB = "idle_free_mb"
    case criticalFreeMB = "critical_free_mb"
    case appLimitMB = "app_limit_mb"
    case didEnterBackgroundLimitS = "did_enter_background_limit_s"
    case backgroundTaskLimitS = "background_task_limit_s"
    case wakeWindowS = "wake_window_s"
    case processingWindowS = "processing_window_s"
    case agingS = "aging_s"
    // SPEC 11's keys, in SPEC 16's order.
    case model
    case ios
    case reaperIntervalS = "reaper_interval_s"
    case reaperFreeMB = "reaper_free_mb"
    case reaperIdleS = "reaper_idle_s"
    case appBackgroundLimitMB = "app_background_limit_mb"

    static let names = allCases.map { $0.rawValue }

    /// The field a number key sets: memory (MB in the file) or time (s); nil for the keys
    /// read on their own (`model`, `ios`, `ram_mb`, `app_background_limit_mb`).
    var target: Target? {
        switch self {
        case .model, .ios, .ramMB, .appBackgroundLimitMB: nil
        case .reservedMB: .memory(\.reservedKiB)
        case .systemMB: .memory(\.systemKiB)
        case .warningFreeMB: .memory(\.warningFreeKiB)
        case .idleFreeMB: .memory(\.idleFreeKiB)
        case .criticalFreeMB: .memory(\.criticalFreeKiB)
        case .appLimitMB: .memory(\.appLimitKiB)
        case .didEnterBackgroundLimitS: .time(\.didEnterBackgroundLimitMs)
        case .backgroundTaskLimitS: .time(\.backgroundTaskLimitMs)
        case .wakeWindowS: .time(\.wakeWindowMs)
        case .processingWindowS: .time(\.processingWindowMs)
        case .agingS: .time(\.agingMs)
        case .reaperIntervalS: .time(\.reaperIntervalMs)
        case .reaperFreeMB: .memory(\.reaperFreeKiB)
        case .reaperIdleS: .time(\.reaperIdleMs)
        }
    }

    /// A device field that a number key sets.
    enum Target {
        case memory(WritableKeyPath<Device, KiB>)
        case time(WritableKeyPath<Device, Millis>)
    }
}

extension ScenarioReader {
    /// The device, resolved in SPEC 11's order (SPEC 16): the catalog entry of `model`
    /// (its RAM and per-app limit), the defaults of SPEC 7 for the resolved RAM, the profile
    /// of `ios`, then every key the file gives, which always wins, except that with `model`
    /// an explicit `ram_mb` leaves the catalog's `app_limit_mb` in place.
    mutating func readDevice(_ node: ScenarioNode) -> Device? {
        guard let fields = fields(node, "device", allowed: DeviceKey.names) else { return nil }
        var isValid = true
        let entry = fields["model"].flatMap { catalogEntry($0) }
        if fields["model"] != nil, entry == nil { isValid = false }
        let ios = fields["ios"].flatMap { iosVersion($0) }
        if fields["ios"] != nil, ios == nil { isValid = false }

        var ramKiB: KiB?
        if let ramNode = fields["ram_mb"] {
            if let ram = kib(ramNode, "device.ram_mb") {
                if ram > .zero { ramKiB = ram } else { report(ramNode, "device.ram_mb", "must be more than 0, got \(ramNode.summary)") }
            }
            if ramKiB == nil { isValid = false }
        } else if let entry {
            ramKiB = .mb(Double(entry.ramMB))
        } else if fields["model"] == nil {
            _ = required(fields, "ram_mb")
            isValid = false
        }

        var device = Device(ramKiB: ramKiB ?? KiB(1), catalog: entry, ios: ios)
        for entry in fields.entries {
            guard let key = DeviceKey(rawValue: entry.name) else { continue }
            let field = Self.path("device", entry.name)
            if key == .appBackgroundLimitMB {
                if let value = kib(entry.value, field) { device.appBackgroundLimitKiB = value } else { isValid = false }
                continue
            }
            guard let target = key.target else { continue }
            switch target {
            case .memory(let keyPath):
                if let value = kib(entry.value, field) { device[keyPath: keyPath] = value } else { isValid = false }
            case .time(let keyPath):
                if let value = millis(entry.value, field) { device[keyPath: keyPath] = value } else { isValid = false }
            }
        }
        if let node = fields["reaper_interval_s"], device.reaperIntervalMs == .zero {
            report(node, "device.reaper_interval_s", "must be more than 0, got \(node.summary)")
            isValid = false
        }
        if let node = fields["app_background_limit_mb"], let limit = device.appBackgroundLimitKiB, limit > device.ramKiB {
            report(node, "device.app_background_limit_mb",
                   "must not be above ram_mb (\(CSVFormatting.mbText(device.ramKiB)) MB), got \(node.summary)")
            isValid = false
        }
        return isValid && ramKiB != nil ? device : nil
    }

    /// The catalog entry `model` names, by its model, a product id or its marketing name
    /// (SPEC 11, 19); nil, reported with the nearest names, otherwise.
    private mutating func catalogEntry(_ node: ScenarioNode) -> DeviceCatalog.Entry? {
        guard let model = nonEmptyString(node, "device.model") else { return nil }
        let catalog = DeviceCatalog.shipped
        if let entry = catalog.entry(named: model) { return entry }
        let nearest = catalog.nearestModels(to: model).joined(separator: ", ")
        report(node, "device.model", "unknown model '\(model)'; nearest: \(nearest) (see `suspendsim devices`)")
        return nil
    }

    /// `ios`: a quoted `"MAJOR[.MINOR]"` or a bare integer (SPEC 16). A YAML float in the file
    /// is refused, since `18.10` would read as 18.1; `--set` values are text and taken as
    /// written.
    private mutating func iosVersion(_ node: ScenarioNode) -> IOSVersion? {
        let field = "device.ios"
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
        return version
    }
}

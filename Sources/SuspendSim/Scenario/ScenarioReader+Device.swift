import Yams

/// The keys of `device:` (SPEC 7), in the order messages list them.
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

    static var names: [String] { allCases.map(\.rawValue) }

    /// The field a key other than `ram_mb` sets, and whether it is memory (MB) or time (s).
    var target: (keyPath: WritableKeyPath<Device, Int64>, isMemory: Bool)? {
        switch self {
        case .ramMB: nil
        case .reservedMB: (\.reservedKiB, true)
        case .systemMB: (\.systemKiB, true)
        case .warningFreeMB: (\.warningFreeKiB, true)
        case .idleFreeMB: (\.idleFreeKiB, true)
        case .criticalFreeMB: (\.criticalFreeKiB, true)
        case .appLimitMB: (\.appLimitKiB, true)
        case .didEnterBackgroundLimitS: (\.didEnterBackgroundLimitMs, false)
        case .backgroundTaskLimitS: (\.backgroundTaskLimitMs, false)
        case .wakeWindowS: (\.wakeWindowMs, false)
        case .processingWindowS: (\.processingWindowMs, false)
        case .agingS: (\.agingMs, false)
        }
    }
}

extension ScenarioReader {
    /// The device: `Device(ramKiB:)`'s defaults, then every value the file gives.
    mutating func readDevice(_ node: Node) -> Device? {
        guard let fields = fields(node, "device", allowed: DeviceKey.names) else { return nil }
        var ramKiB: KiB?
        if let ramNode = required(fields, "ram_mb"), let ram = kib(ramNode, "device.ram_mb") {
            if ram > 0 {
                ramKiB = ram
            } else {
                report(ramNode, "device.ram_mb", "must be more than 0, got \(ramNode.summary)")
            }
        }

        var device = Device(ramKiB: ramKiB ?? 0)
        var isValid = ramKiB != nil
        for entry in fields.entries {
            guard let key = DeviceKey(rawValue: entry.name), let target = key.target else { continue }
            let field = Self.path("device", entry.name)
            let value = target.isMemory ? kib(entry.value, field) : millis(entry.value, field)
            if let value {
                device[keyPath: target.keyPath] = value
            } else {
                isValid = false
            }
        }
        return isValid ? device : nil
    }
}

extension Device {
    /// A device given as a `device:` block gives it, key by key through `DeviceKey`'s table
    /// (SPEC 7, 11, 28): memory in MB, times in seconds, switches as 1 or 0; RAM and the release first (SPEC 11's
    /// order), then each key, which always wins.
    ///
    /// ```swift
    /// let phone = Device(ramMB: 3072, ios: IOSVersion("18.5"), [.reservedMB: 640, .agingS: 1.5])
    /// ```
    ///
    /// `ram_mb`, `ios`, `model`, `compressor`, `freezer` and `lmkd` are not numbers of this kind: RAM and
    /// the release are the parameters, a model comes from `DeviceCatalog`, the compressor is
    /// `Device.Compressor`, the freezer `Device.Freezer` and lmkd's table `Device.lmkdMinfree`. Giving one here is a programmer's error.
    public init(ramMB: Double, ios: IOSVersion? = nil, _ keys: [DeviceKey: Double]) {
        self.init(ramMB: ramMB, ios: ios)
        for key in DeviceKey.allCases {
            guard let value = keys[key] else { continue }
            switch key.target {
            case .memory(let path) where key != .ramMB: self[keyPath: path] = .mb(value)
            case .time(let path): self[keyPath: path] = .seconds(value)
            case .optionalMemory(let path, _): self[keyPath: path] = .mb(value)
            case .flag(let path): self[keyPath: path] = value != 0
            case .memory, .model, .ios, .compressor, .freezer, .lmkd:
                preconditionFailure("Device(ramMB:ios:_:) takes \(key.rawValue) elsewhere")
            }
        }
    }
}

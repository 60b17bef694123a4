extension Device {
    /// A device given as a `device:` block gives it, key by key through `DeviceKey`'s table
    /// (SPEC 7, 11, 28): memory in MB, times in seconds, switches as 1 or 0; RAM and the release first (SPEC 11's
    /// order), then each key, which always wins.
    ///
    /// ```swift
    /// let phone = try Device(ramMB: 3072, ios: IOSVersion("18.5"), [.reservedMB: 640, .agingS: 1.5])
    /// ```
    ///
    /// `ram_mb`, `ios`, `model`, `compressor`, `freezer` and `lmkd` are not numbers of this kind: RAM and
    /// the release are the parameters, a model comes from `DeviceCatalog`, the compressor is
    /// `Device.Compressor`, the freezer `Device.Freezer` and lmkd's table `Device.lmkdMinfree`. Giving one here
    /// throws `Device.KeyError`, before anything is set; so does a number no file could give
    /// (`ramMB` or a key's value not finite, or past 2^32 MB or s in magnitude, the loader's
    /// limit), which would trap in its conversion to KiB or ms.
    public init(ramMB: Double, ios: IOSVersion? = nil, _ keys: [DeviceKey: Double]) throws(Device.KeyError) {
        if let wrong = DeviceKey.allCases.first(where: { keys[$0] != nil && !$0.isNumber }) { throw Device.KeyError(key: wrong) }
        let limit = Double(Scenario.magnitudeLimit)
        for (key, value) in [(DeviceKey.ramMB, ramMB)] + DeviceKey.allCases.compactMap({ key in keys[key].map { (key, $0) } })
        where !(abs(value) <= limit) {
            throw Device.KeyError(key: key, value: String(value))
        }
        self.init(ramMB: ramMB, ios: ios)
        for key in DeviceKey.allCases {
            guard let value = keys[key] else { continue }
            switch key.target {
            case .memory(let path) where key != .ramMB: self[keyPath: path] = .mb(value)
            case .time(let path): self[keyPath: path] = .seconds(value)
            case .optionalMemory(let path, _): self[keyPath: path] = .mb(value)
            case .flag(let path): self[keyPath: path] = value != 0
            case .memory, .model, .ios, .compressor, .freezer, .lmkd: continue   // refused above
            }
        }
    }
}

extension DeviceKey {
    /// A number of the kind `Device(ramMB:ios:_:)` takes: memory (but `ram_mb`), a time or a
    /// switch.
    var isNumber: Bool {
        switch target {
        case .memory: self != .ramMB
        case .time, .optionalMemory, .flag: true
        case .model, .ios, .compressor, .freezer, .lmkd: false
        }
    }
}

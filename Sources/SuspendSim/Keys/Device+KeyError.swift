extension Device {
    /// Why `Device(ramMB:ios:_:)` refused a key: `ram_mb`, `ios`, `model`, `compressor`,
    /// `freezer` and `lmkd` are no number of a `device:` block's kind (SPEC 7, 11, 22, 33, 37),
    /// so each is given elsewhere (the parameters, `Device(model:ios:)`, `Device.Compressor`,
    /// `Device.Freezer`, `Device.lmkdMinfree`); or refused a number no scenario file could
    /// give (`value`): not finite, or past 2^32 MB or s in magnitude, the loader's limit.
    public struct KeyError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The key given (`ramMB` for the parameter too).
        public let key: DeviceKey
        /// The number refused, as `String(_:)` writes it (`nan`, `inf`, `1e+300`); nil when
        /// the key itself is refused.
        public let value: String?

        public init(key: DeviceKey, value: String? = nil) {
            self.key = key
            self.value = value
        }

        /// `device key 'model' is not a number: give it elsewhere (ram_mb and ios are
        /// Device(ramMB:ios:)'s parameters, a model is Device(model:ios:))`.
        public var description: String {
            if let value {
                return "device key '\(key.rawValue)' must be a finite number at most 4294967296 (2^32) in magnitude, got \(value)"
            }
            return "device key '\(key.rawValue)' is not a number: give it elsewhere (ram_mb and ios are Device(ramMB:ios:)'s "
                + "parameters, a model is Device(model:ios:), compressor and freezer are Device.Compressor and "
                + "Device.Freezer, lmkd is Device.lmkdMinfree)"
        }
    }
}

extension Device {
    /// Why `Device(ramMB:ios:_:)` refused a key: `ram_mb`, `ios`, `model`, `compressor`,
    /// `freezer` and `lmkd` are no number of a `device:` block's kind (SPEC 7, 11, 22, 33, 37),
    /// so each is given elsewhere (the parameters, `Device(model:ios:)`, `Device.Compressor`,
    /// `Device.Freezer`, `Device.lmkdMinfree`).
    public struct KeyError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The key given.
        public let key: DeviceKey

        public init(key: DeviceKey) {
            self.key = key
        }

        /// `device key 'model' is not a number: give it elsewhere (ram_mb and ios are
        /// Device(ramMB:ios:)'s parameters, a model is Device(model:ios:))`.
        public var description: String {
            "device key '\(key.rawValue)' is not a number: give it elsewhere (ram_mb and ios are Device(ramMB:ios:)'s "
                + "parameters, a model is Device(model:ios:), compressor and freezer are Device.Compressor and "
                + "Device.Freezer, lmkd is Device.lmkdMinfree)"
        }
    }
}

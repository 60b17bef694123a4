extension Device {
    /// Why `Device(model:ios:)` could not make a device (SPEC 11, 19).
    public enum CatalogError: Error, Sendable, Hashable, CustomStringConvertible {
        /// No catalog entry has this model, product id or marketing name; `nearest` holds up
        /// to three catalog models closest to it, closest first.
        case unknownModel(String, nearest: [String])
        /// The iOS release is not `"MAJOR[.MINOR]"` of a major that shipped (SPEC 37).
        case invalidIOS(String)

        /// `unknown device model 'iphone-1'; nearest: iphone-11, iphone-12, iphone-13 (see
        /// `suspendsim devices`)`, or `invalid iOS release '18.x'; expected "MAJOR[.MINOR]"
        /// (such as "18.4") of a major that shipped: 1 to 18, 26 or 27`.
        public var description: String {
            switch self {
            case .unknownModel(let model, let nearest):
                "unknown device model '\(model)'; nearest: \(nearest.joined(separator: ", ")) (see `suspendsim devices`)"
            case .invalidIOS(let text):
                "invalid iOS release '\(text)'; expected \"MAJOR[.MINOR]\" (such as \"18.4\") of a major that shipped: \(IOSVersion.shippedMajorsText)"
            }
        }
    }
}

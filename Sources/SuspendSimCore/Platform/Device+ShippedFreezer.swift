extension Device {
    /// Whether a device on `ios` without a `freezer:` block has the freezer on (SPEC 37): from
    /// iOS 17.4, where XNU's `FREEZE_ENABLED_DEFAULT` is true on iOS (xnu-10063, `doc/vm/freezer.md`),
    /// with every default, as `freezer: {}` would; earlier releases and the classic profile (nil)
    /// have none. It acts only under a policy with bands (`freezes(_:)`).
    public static func shipsFreezer(ios: IOSVersion?) -> Bool {
        guard let ios else { return false }
        return ios >= IOSVersion(major: 17, minor: 4)
    }

    /// The freezer `ios` ships (SPEC 37): `freezer: {}` when `shipsFreezer(ios:)`, else none. A
    /// file's `freezer:` block, read after it, replaces it (`max_frozen: 0` turns it off).
    public static func shippedFreezer(ios: IOSVersion?) -> Device.Freezer? {
        shipsFreezer(ios: ios) ? Device.Freezer() : nil
    }
}

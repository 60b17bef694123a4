extension Device {
    /// Whether a device on `ios` without a `compressor:` block compresses (SPEC 37, "The
    /// compressor is on"): under iOS 9 or later it does, with every default of SPEC 22 and
    /// 31, as `compressor: {}` would; before iOS 9 and under the classic profile (nil) it does
    /// not. Every public JetsamEvent report from iOS 9.3 on counts compressor pages
    /// (`memoryStatus.compressorSize`); iOS 7 shipped XNU's `vm_compressor` inactive; Apple's
    /// "iOS Memory Deep Dive" (WWDC 2018) counts compressed memory in an app's footprint.
    public static func shipsCompressor(ios: IOSVersion?) -> Bool {
        guard let ios else { return false }
        return ios.major >= 9
    }

    /// The compressor `ios` ships (SPEC 37): `compressor: {}` when `shipsCompressor(ios:)`,
    /// else none. A file's `compressor:` block, read after it, replaces it (`pool_mb: 0`
    /// turns it off).
    public static func shippedCompressor(ios: IOSVersion?) -> Device.Compressor? {
        shipsCompressor(ios: ios) ? Device.Compressor() : nil
    }
}

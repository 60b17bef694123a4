extension Device {
    /// A device of `ramMB` MB (rounded to a whole KiB, as a file's `ram_mb` is) on `ios`,
    /// every other key at its default: SPEC 7's percentages of RAM, then the release's profile
    /// (SPEC 11), its compressor (on from iOS 9, SPEC 37) and its freezer (on from iOS 17.4), as a `device:` block with only
    /// `ram_mb` and `ios` resolves. Other keys are set
    /// by their fields, or by name in `SuspendSim`'s `Device(ramMB:ios:_:)`.
    public init(ramMB: Double, ios: IOSVersion? = nil) {
        self.init(ramKiB: .mb(ramMB))
        self.ios = ios
        apply(PlatformProfile(ios: ios))
        compressor = Device.shippedCompressor(ios: ios)
        freezer = Device.shippedFreezer(ios: ios)
    }
}

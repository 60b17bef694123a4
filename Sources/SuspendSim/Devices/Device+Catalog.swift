extension Device {
    /// A device of the catalog (SPEC 11, 19), as a scenario's `device: { model:, ios: }`
    /// gives it: the catalog's RAM and per-app limit, SPEC 7's thresholds for that RAM, the
    /// platform profile of the iOS release and its compressor (SPEC 37), and the catalog's
    /// system memory (SPEC 30).
    ///
    /// ```swift
    /// let phone = try Device(model: "iPhone 11", ios: "18.4")   // or "iphone-11", "iPhone12,1"
    /// #expect(phone.model == "iphone-11")
    /// ```
    ///
    /// `model` is the catalog's model, a hardware product id or the marketing name, compared
    /// case-insensitively; the device's `model` is the catalog's model whichever was given.
    /// `ios` is `"MAJOR[.MINOR]"`; nil keeps the classic profile (SPEC 11). `suspendsim
    /// devices` lists the catalog. Change any field afterwards as a file's explicit keys
    /// would (an explicit key always wins).
    ///
    /// - Throws: `Device.CatalogError` naming the nearest models for an unknown model, or
    ///   the text of an `ios` that is not `MAJOR[.MINOR]` of a major that shipped (SPEC 37).
    /// - Complexity: O(catalog entries), and O(entries × name length²) to name the nearest
    ///   models when `model` is unknown.
    public init(model: String, ios: String? = nil) throws(Device.CatalogError) {
        let catalog = DeviceCatalog.shipped
        guard let entry = catalog.entry(named: model) else {
            throw .unknownModel(model, nearest: catalog.nearestModels(to: model))
        }
        var version: IOSVersion?
        if let ios {
            guard let parsed = IOSVersion(ios), parsed.isShipped else { throw .invalidIOS(ios) }
            version = parsed
        }
        self.init(ramKiB: .mb(Double(entry.ramMB)), catalog: entry, ios: version)
    }

    /// The device that SPEC 11's order resolves before a file's own keys (SPEC 16): SPEC 7's
    /// defaults for `ramKiB`, then the catalog entry's model, per-app limit and system memory
    /// (scaled to `ramKiB`, SPEC 30, keeping the catalog's source), then the profile of `ios`
    /// (the classic one for nil) and the compressor it ships (SPEC 37). The scenario reader starts `device:` from it and
    /// `init(model:ios:)` is it, so that both resolve a model alike.
    package init(ramKiB: KiB, catalog entry: DeviceCatalog.Entry?, ios: IOSVersion?) {
        self.init(ramKiB: ramKiB)
        if let entry {
            model = entry.model
            appLimitKiB = .mb(Double(entry.appLimitMB))
            // The catalog's RAM is above 0 and its system memory at least 0 (DeviceCatalog
            // checks both) and the reader refuses a RAM below 1 KiB, so this does not throw.
            systemKiB = (try? Device.scaledSystemKiB(.mb(Double(entry.systemMB)), ramKiB: ramKiB,
                                                     catalogRAMKiB: .mb(Double(entry.ramMB)))) ?? .zero
            systemSource = entry.systemSource
        }
        self.ios = ios
        apply(PlatformProfile(ios: ios))
        compressor = Device.shippedCompressor(ios: ios)
        freezer = Device.shippedFreezer(ios: ios)
    }
}

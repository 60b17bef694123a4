extension Device {
    /// A device given as scenario files give it (SPEC 7, 11): memory in MB, times in seconds,
    /// every key with its file default, so that code reads like a `device:` block.
    ///
    /// ```swift
    /// let phone = Device(ramMB: 3072, reservedMB: 640, systemMB: 720, appLimitMB: 1400,
    ///                    ios: IOSVersion("18.5"))
    /// ```
    ///
    /// Thresholds left nil take SPEC 7's percentages of `ramMB`; `ios` applies its release's
    /// profile (SPEC 11) before the explicit keys, as a file's `ios:` does.
    public init(
        ramMB: Double, reservedMB: Double = 0, systemMB: Double = 0,
        warningFreeMB: Double? = nil, idleFreeMB: Double? = nil, criticalFreeMB: Double? = nil,
        appLimitMB: Double? = nil, appBackgroundLimitMB: Double? = nil,
        didEnterBackgroundLimitSeconds: Double = 5, backgroundTaskLimitSeconds: Double? = nil,
        wakeWindowSeconds: Double = 30, processingWindowSeconds: Double = 600, agingSeconds: Double = 2,
        ios: IOSVersion? = nil,
        reaperIntervalSeconds: Double = 30, reaperFreeMB: Double? = nil, reaperIdleSeconds: Double = 300
    ) {
        self.init(ramKiB: .mb(ramMB))
        self.ios = ios
        apply(PlatformProfile(ios: ios))
        reservedKiB = .mb(reservedMB)
        systemKiB = .mb(systemMB)
        if let warningFreeMB { warningFreeKiB = .mb(warningFreeMB) }
        if let idleFreeMB { idleFreeKiB = .mb(idleFreeMB) }
        if let criticalFreeMB { criticalFreeKiB = .mb(criticalFreeMB) }
        if let appLimitMB { appLimitKiB = .mb(appLimitMB) }
        appBackgroundLimitKiB = appBackgroundLimitMB.map { .mb($0) }
        didEnterBackgroundLimitMs = .seconds(didEnterBackgroundLimitSeconds)
        if let backgroundTaskLimitSeconds { backgroundTaskLimitMs = .seconds(backgroundTaskLimitSeconds) }
        wakeWindowMs = .seconds(wakeWindowSeconds)
        processingWindowMs = .seconds(processingWindowSeconds)
        agingMs = .seconds(agingSeconds)
        reaperIntervalMs = .seconds(reaperIntervalSeconds)
        if let reaperFreeMB { reaperFreeKiB = .mb(reaperFreeMB) }
        reaperIdleMs = .seconds(reaperIdleSeconds)
    }
}

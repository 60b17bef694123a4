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

extension AppProfile {
    /// An app given as scenario files give it (SPEC 7, 11, 17): memory in MB, times in seconds,
    /// background modes included, every key with its file default.
    ///
    /// ```swift
    /// let music = AppProfile(id: "com.example.music", activeMB: 200, backgroundMB: 150,
    ///                        backgroundModes: [.audio])
    /// ```
    public init(
        id: String, activeMB: Double, backgroundMB: Double? = nil, suspendedMB: Double? = nil,
        purgeableMB: Double = 0, warningReleaseMB: Double = 0, backgroundModes: AppProfile.BackgroundModes = [],
        exitsOnSuspend: Bool = false, didEnterBackgroundSeconds: Double = 0, backgroundTaskSeconds: Double = 0,
        endsTaskOnExpiration: Bool = true, wakeWorkSeconds: Double = 1, savesState: Bool = true,
        lifecycle: AppProfile.Lifecycle = .app, coldLaunchSeconds: Double = 0.4, resumeSeconds: Double = 0.1
    ) {
        self.init(id: id, activeKiB: .mb(activeMB), backgroundKiB: backgroundMB.map { .mb($0) },
                  suspendedKiB: suspendedMB.map { .mb($0) })
        purgeableKiB = .mb(purgeableMB)
        warningReleaseKiB = .mb(warningReleaseMB)
        self.backgroundModes = backgroundModes
        self.exitsOnSuspend = exitsOnSuspend
        didEnterBackgroundMs = .seconds(didEnterBackgroundSeconds)
        backgroundTaskMs = .seconds(backgroundTaskSeconds)
        self.endsTaskOnExpiration = endsTaskOnExpiration
        wakeWorkMs = .seconds(wakeWorkSeconds)
        self.savesState = savesState
        self.lifecycle = lifecycle
        coldLaunchMs = .seconds(coldLaunchSeconds)
        resumeMs = .seconds(resumeSeconds)
    }
}

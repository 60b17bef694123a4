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

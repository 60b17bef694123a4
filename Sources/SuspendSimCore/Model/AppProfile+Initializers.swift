extension AppProfile {
    /// An app given as scenario files give it (SPEC 7, 11): its footprints in MB, its
    /// background modes and its life cycle. Every other key keeps its file default, which is
    /// its stored property's in `AppProfile.swift` (written there only); `SuspendSim`'s
    /// `AppProfile(id:activeMB:...:_:)` sets any of them through `AppKey`'s table.
    ///
    /// ```swift
    /// let music = AppProfile(id: "com.example.music", activeMB: 200, backgroundMB: 150,
    ///                        backgroundModes: [.audio])
    /// ```
    public init(
        id: String, activeMB: Double, backgroundMB: Double? = nil, suspendedMB: Double? = nil,
        backgroundModes: AppProfile.BackgroundModes = [], lifecycle: AppProfile.Lifecycle = .app
    ) {
        self.init(id: id, activeKiB: .mb(activeMB), backgroundKiB: backgroundMB.map { .mb($0) },
                  suspendedKiB: suspendedMB.map { .mb($0) })
        self.backgroundModes = backgroundModes
        self.lifecycle = lifecycle
    }
}

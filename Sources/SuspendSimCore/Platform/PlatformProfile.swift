/// The device defaults that changed between iOS releases (SPEC 11, "Profiles").
///
/// | default | iOS < 7 | 7-12 | 13-15 | 16-18.3 | >= 18.4 |
/// |---|---|---|---|---|---|
/// | background task limit | 600 s | 180 s | 30 s | 30 s | 30 s |
/// | jetsam band numbers | 0/1/3/10/12 | same | same | 0/20/30/100/120 | same |
/// | long-idle reaper | off | off | off | off | on |
/// | app `lifecycle` | app | app | app | app | app (scene from 27) |
///
/// Sources: Apple's "Extending your app's background execution time" (the finite-length task
/// shrank from 10 minutes to 3 in iOS 7 and to about 30 s in iOS 13); XNU's
/// `kern_memorystatus.h` (the `JETSAM_PRIORITY_*` numbers of iOS 16); XNU's `long-idle-exit`
/// kill cause (iOS 18.4); "Migrating to the UIKit scene-based life cycle" (scenes required
/// with the iOS 27 SDK). Without `ios`, the classic profile of SPEC 1-10 holds: 180 s, the
/// iOS 16 band numbers, no reaper, the app-delegate life cycle.
public struct PlatformProfile: Sendable, Hashable {
    public var backgroundTaskLimitMs: Millis
    public var jetsamBands: Device.BandNumbers
    public var longIdleReaper: Bool
    public var defaultLifecycle: AppProfile.Lifecycle

    /// The profile of `ios`; the classic profile for nil.
    public init(ios: IOSVersion?) {
        guard let ios else {
            self.init(backgroundTaskLimitMs: .seconds(180), jetsamBands: .current, longIdleReaper: false, defaultLifecycle: .app)
            return
        }
        let taskLimitMs: Millis = .seconds(ios.major < 7 ? 600 : ios.major < 13 ? 180 : 30)
        self.init(
            backgroundTaskLimitMs: taskLimitMs,
            jetsamBands: ios.major < 16 ? .beforeIOS16 : .current,
            longIdleReaper: ios >= IOSVersion(major: 18, minor: 4),
            defaultLifecycle: ios.major >= 27 ? .scene : .app)
    }

    public init(backgroundTaskLimitMs: Millis, jetsamBands: Device.BandNumbers, longIdleReaper: Bool, defaultLifecycle: AppProfile.Lifecycle) {
        self.backgroundTaskLimitMs = backgroundTaskLimitMs
        self.jetsamBands = jetsamBands
        self.longIdleReaper = longIdleReaper
        self.defaultLifecycle = defaultLifecycle
    }
}

extension Device {
    /// Puts `profile`'s defaults in the fields it sets: the background-task limit, the band
    /// numbers and the reaper (SPEC 11). Apply it before the file's own keys, which win.
    public mutating func apply(_ profile: PlatformProfile) {
        backgroundTaskLimitMs = profile.backgroundTaskLimitMs
        jetsamBands = profile.jetsamBands
        longIdleReaper = profile.longIdleReaper
    }
}

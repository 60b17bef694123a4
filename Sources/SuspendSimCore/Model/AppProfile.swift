/// One app's profile: its memory in each state, its background modes and its timings
/// (SPEC 7 `apps:`). Every field but `id` and `activeKiB` has the SPEC default.
public struct AppProfile: Sendable, Hashable {
    /// The bundle identifier; unique in a scenario.
    public var id: String
    /// Footprint while `active` or `inactive`.
    public var activeKiB: KiB
    /// Footprint while running in `background`.
    public var backgroundKiB: KiB
    /// Footprint while `suspended`: the suspended snapshot.
    public var suspendedKiB: KiB
    /// Memory the system may purge (once, until the app next becomes active) before a kill.
    public var purgeableKiB: KiB = .zero
    /// Memory the app frees on `applicationDidReceiveMemoryWarning`, until it next becomes active.
    public var warningReleaseKiB: KiB = .zero
    /// The app's `UIBackgroundModes`.
    public var backgroundModes: AppProfile.BackgroundModes = []
    /// `UIApplicationExitsOnSuspend`: terminate instead of running in the background.
    public var exitsOnSuspend: Bool = false
    /// How long `applicationDidEnterBackground` runs.
    public var didEnterBackgroundMs: Millis = .zero
    /// How long the finite-length task begun in `applicationDidEnterBackground` runs (0: none).
    public var backgroundTaskMs: Millis = .zero
    /// Whether the expiration handler ends the task (true) or the app is killed (false).
    public var endsTaskOnExpiration: Bool = true
    /// How long a wake's work runs.
    public var wakeWorkMs: Millis = .ms(1_000)
    /// Whether the app saves its state when `applicationDidEnterBackground` completes.
    public var savesState: Bool = true
    /// The life cycle it adopts (SPEC 11): app-delegate callbacks, or scene callbacks.
    public var lifecycle: AppProfile.Lifecycle = .app
    /// The wait for a cold launch's first frame (MetricKit's time to first draw, SPEC 17);
    /// 0.4 s by default, after Apple's "Reducing your app's launch time". Accounting only:
    /// events and timers keep their times.
    public var coldLaunchMs: Millis = .ms(400)
    /// The wait for a warm launch (MetricKit's application resume time, SPEC 17); 0.1 s by
    /// default. Accounting only.
    public var resumeMs: Millis = .ms(100)
    /// The most of its memory the compressor may compress (SPEC 22 `compressible_mb`); nil:
    /// all of it that is not purgeable.
    public var compressibleKiB: KiB?
    /// Its own compression ratio in hundredths (SPEC 22 `compression_ratio`: images and media
    /// compress less than heaps); nil: the device's.
    public var compressionRatioHundredths: Int64?
    /// The requests it submits to `BGTaskScheduler` at each `applicationDidEnterBackground`,
    /// in the order listed, at most one per kind (SPEC 28 `bg_tasks`); none by default.
    public var bgTasks: [AppProfile.TaskRequest] = []
    /// The mean time a continuous mode stays in use after the app leaves the foreground in a
    /// generated workload (SPEC 41 `mode_in_use_s`); nil, the default: it stays in use until
    /// the app dies (SPEC 4). Only the workload generator reads it (`WorkloadTimeline`).
    public var modeInUseMs: Millis?

    /// A profile with `activeKiB` in every state (background and suspended default to it).
    public init(id: String, activeKiB: KiB, backgroundKiB: KiB? = nil, suspendedKiB: KiB? = nil) {
        self.id = id
        self.activeKiB = activeKiB
        self.backgroundKiB = backgroundKiB ?? activeKiB
        self.suspendedKiB = suspendedKiB ?? backgroundKiB ?? activeKiB
    }

    /// The base footprint for `state` (SPEC 5), before allocations and releases.
    public func baseKiB(in state: LifecycleState) -> KiB {
        switch state {
        case .notRunning: .zero
        case .active, .inactive: activeKiB
        case .background: backgroundKiB
        case .suspended: suspendedKiB
        }
    }
}

/// The eviction policy a run is under (SPEC 6), with what the engine asks of it at every step
/// read once: whether it ranks by jetsam bands (SPEC 6, 11), whether it needs an app's aging
/// after each suspension (SPEC 6), whether its ranks depend on the other candidates (lmkd's
/// previous and cached apps), and its kill levels on the device (SPEC 33; none: the critical
/// loop of SPEC 5).
struct PolicyTraits {
    let policy: any EvictionPolicy
    /// Its bands and kill levels on the device, as the compressor's default start and the
    /// reaper read them too (SPEC 11, 31).
    let levels: Device.PressureKillLevels
    let tracksAging: Bool
    let usesRecency: Bool

    init(_ policy: any EvictionPolicy, on device: Device) {
        self.policy = policy
        levels = Device.PressureKillLevels(policy, on: device)
        tracksAging = policy.tracksAging
        usesRecency = policy.usesRecency
    }

    var usesBands: Bool { levels.usesBands }
    var killLevels: [Device.KillLevel] { levels.killLevels }
}

/// The eviction policy a run is under (SPEC 6), with what the engine asks of it at every step
/// read once: whether it ranks by jetsam bands (SPEC 6, 11), whether it needs an app's aging
/// after each suspension (SPEC 6), whether its ranks depend on the other candidates (lmkd's
/// previous and cached apps), and its kill levels on the device (SPEC 33; none: the critical
/// loop of SPEC 5).
struct PolicyTraits {
    let policy: any EvictionPolicy
    let usesBands: Bool
    let tracksAging: Bool
    let usesRecency: Bool
    let killLevels: [Device.KillLevel]

    init(_ policy: any EvictionPolicy, on device: Device) {
        self.policy = policy
        usesBands = policy.usesBands
        tracksAging = policy.tracksAging
        usesRecency = policy.usesRecency
        killLevels = policy.killLevels(on: device)
    }
}

/// The eviction policy a run is under (SPEC 6), with what the engine asks of it at every step
/// read once: whether it ranks by jetsam bands (SPEC 6, 11), whether its ranks depend on the
/// other candidates (lmkd's previous and cached apps), and its kill levels on the device
/// (SPEC 33; none: the critical loop of SPEC 5).
struct PolicyTraits {
    let policy: any EvictionPolicy
    let usesBands: Bool
    let usesRecency: Bool
    let killLevels: [Device.KillLevel]

    init(_ policy: any EvictionPolicy, on device: Device) {
        self.policy = policy
        usesBands = policy.usesBands
        usesRecency = policy.usesRecency
        killLevels = policy.killLevels(on: device)
    }
}

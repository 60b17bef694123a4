extension Device.PressureKillLevels {
    /// The levels of `policy` on `device` (SPEC 31): its bands, and its own kill levels
    /// (lmkd's `minfree`, SPEC 33; a policy of the user's own may declare some too).
    public init(_ policy: some EvictionPolicy, on device: Device) {
        self.init(usesBands: policy.usesBands, killLevels: policy.killLevels(on: device))
    }
}

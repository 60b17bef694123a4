extension Device.PressureKillLevels {
    /// The levels of `policy` (SPEC 31): its bands, and whether it is lmkd.
    public init(_ policy: some EvictionPolicy) {
        self.init(usesBands: policy.usesBands, isLMKD: policy is LMKDPolicy)
    }
}

extension Device {
    /// The free levels at which a policy kills for pressure (SPEC 31), the ones the
    /// compressor's default `start_free_mb` is the highest of.
    public struct PressureKillLevels: Sendable, Hashable {
        /// The policy has jetsam's bands and idle kills (`EvictionPolicy.usesBands`).
        public var usesBands: Bool
        /// The policy is lmkd (SPEC 33), which kills at its `minfree` levels, not at
        /// `critical_free_mb`.
        public var isLMKD: Bool

        public init(usesBands: Bool, isLMKD: Bool) {
            self.usesBands = usesBands
            self.isLMKD = isLMKD
        }
    }

    /// Whether the long-idle reaper runs under a policy with `levels` (SPEC 11): on a device
    /// that has it, under a policy with bands, with a period above 0.
    public func runsLongIdleReaper(_ levels: PressureKillLevels) -> Bool {
        longIdleReaper && levels.usesBands && reaperIntervalMs > .zero
    }

    /// lmkd's largest `minfree` level (SPEC 33), one of the levels under `lmkd`.
    ///
    /// SPEC 33's `minfree` table is not built yet: until it is, lmkd's largest level is taken
    /// as `warning_free_mb` (what lmkd's pressure kills were measured against so far). This is
    /// the one place to give it the table's largest level.
    public var lmkdLargestMinfreeKiB: KiB { warningFreeKiB }

    /// The default `start_free_mb` under a policy with `levels` (SPEC 31): XNU compresses
    /// long before any jetsam threshold, so the compressor starts at the highest free level at
    /// which the policy kills for pressure: the largest of `warning_free_mb`,
    /// `critical_free_mb` (not under lmkd), `idle_free_mb` (under a policy with bands),
    /// `reaper_free_mb` (when the long-idle reaper runs) and lmkd's largest `minfree` level
    /// (under lmkd).
    public func defaultCompressorStartFreeKiB(_ levels: PressureKillLevels) -> KiB {
        var highest = warningFreeKiB
        if !levels.isLMKD { highest = max(highest, criticalFreeKiB) }
        if levels.usesBands { highest = max(highest, idleFreeKiB) }
        if runsLongIdleReaper(levels) { highest = max(highest, reaperFreeKiB) }
        if levels.isLMKD { highest = max(highest, lmkdLargestMinfreeKiB) }
        return highest
    }

    /// The device as a run under a policy with `levels` sees it (SPEC 31): a compressor
    /// without its own `start_free_mb` gets the policy's default, so that
    /// `compressorStartFreeKiB` is the value in force. A set `start_free_mb` wins; without a
    /// compressor nothing changes.
    public func resolvingCompressorStart(_ levels: PressureKillLevels) -> Device {
        guard compressor != nil, compressor?.startFreeKiB == nil else { return self }
        var device = self
        device.compressor?.startFreeKiB = defaultCompressorStartFreeKiB(levels)
        return device
    }
}

extension Device {
    /// The free levels at which a policy kills for pressure (SPEC 31), the ones the
    /// compressor's default `start_free_mb` is the highest of.
    public struct PressureKillLevels: Sendable, Hashable {
        /// The policy has jetsam's bands and idle kills (`EvictionPolicy.usesBands`).
        public var usesBands: Bool
        /// The policy's own kill levels (`EvictionPolicy.killLevels(on:)`: lmkd's `minfree`,
        /// SPEC 33), ascending; a policy with levels kills at them, not at `critical_free_mb`.
        public var killLevels: [Device.KillLevel]

        public init(usesBands: Bool, killLevels: [Device.KillLevel]) {
            self.usesBands = usesBands
            self.killLevels = killLevels
        }
    }

    /// Whether the long-idle reaper runs under a policy with `levels` (SPEC 11): on a device
    /// that has it, under a policy with bands, with a period above 0.
    public func runsLongIdleReaper(_ levels: PressureKillLevels) -> Bool {
        longIdleReaper && levels.usesBands && reaperIntervalMs > .zero
    }

    /// The default `start_free_mb` under a policy with `levels` (SPEC 31): XNU compresses
    /// long before any jetsam threshold, so the compressor starts at the highest free level at
    /// which the policy kills for pressure: the largest of `warning_free_mb`,
    /// `critical_free_mb` (not under a policy with kill levels, such as lmkd), `idle_free_mb`
    /// (under a policy with bands), `reaper_free_mb` (when the long-idle reaper runs) and the
    /// policy's largest kill level (lmkd's largest `minfree`, SPEC 34: zram takes pages
    /// before lmkd kills).
    public func defaultCompressorStartFreeKiB(_ levels: PressureKillLevels) -> KiB {
        var highest = warningFreeKiB
        if levels.killLevels.isEmpty { highest = max(highest, criticalFreeKiB) }
        if levels.usesBands { highest = max(highest, idleFreeKiB) }
        if runsLongIdleReaper(levels) { highest = max(highest, reaperFreeKiB) }
        if let largest = levels.killLevels.map(\.freeKiB).max() { highest = max(highest, largest) }
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

/// What `explain` says of the compressor at an eviction (SPEC 22, 23): when the victim was
/// compressed and how much ("compressed at 12.000 s: 240.000 MB held in 85.715 MB"), and, for
/// a kill with a free-memory target, why compression did not reach it first.
enum CompressionNarrative {
    /// The lines for `eviction` of `scenario`, given the victim's compression `steps`; none for
    /// a scenario without `compressor:` (nothing to tell, and the text stays as before Part V).
    static func lines(_ eviction: Eviction, steps: [CompressionStep], scenario: Scenario, policy: any EvictionPolicy) -> [String] {
        guard let compressor = scenario.device.compressor else { return [] }
        var lines: [String] = []
        let ratio = scenario.apps[eviction.who.app].compressionRatioHundredths ?? compressor.ratioHundredths
        for step in steps {
            let stored = step.compressedKiB.compressed(ratioHundredths: ratio)
            lines.append("    Compressed at \(CSVFormatting.secondsText(step.timeMs)) s: \(mb(step.compressedKiB)) held in \(mb(stored)).")
        }
        if let shortfall = eviction.compressor.shortfall {
            // SPEC 31: `start_free_mb` as the run's policy resolved it.
            let device = scenario.device.resolvingCompressorStart(Device.PressureKillLevels(policy, on: scenario.device))
            lines.append("    Compression did not reach the target: " + reason(shortfall, device: device))
        }
        return lines
    }

    private static func mb(_ kib: KiB) -> String { CSVFormatting.mbText(kib) + " MB" }

    /// Why, in a sentence.
    private static func reason(_ shortfall: Eviction.CompressionShortfall, device: Device) -> String {
        switch shortfall {
        case .off: "the compressor is off (pool_mb 0)."
        case .poolFull: "the pool was full (pool_mb \(mb(device.compressorPoolKiB)))."
        case .nothingToCompress: "nothing suspended was left to compress."
        case .freeAtOrAboveStart: "free memory was at or above start_free_mb (\(mb(device.compressorStartFreeKiB))) when the check compressed."
        case .roomFreedThisCheck: "the pool's room was freed by a kill of the same check; the next check uses it."
        }
    }
}

/// XNU's memory compressor (`vm_compressor`, SPEC 22): when free memory runs low, the pages of
/// idle apps are compressed (WKdm, LZ4) and held in the compressor's own pages. The app's
/// footprint (`phys_footprint`) still counts them (`internal_compressed`); what shrinks is the
/// physical memory the app occupies, and so free memory.
extension Device {
    /// The compressor's settings (`device.compressor`, SPEC 22). Every value has a default, so
    /// `Compressor()` is `compressor: {}`.
    public struct Compressor: Sendable, Hashable {
        /// Uncompressed ÷ compressed, in hundredths (2.8 is 280): the median of six public
        /// JetsamEvent reports (`memoryStatus.uncompressed` ÷ `compressorSize`).
        public var ratioHundredths: Int64 = 280
        /// The most app memory (at its uncompressed size) the compressor holds; nil: the
        /// default, `ram_mb` (twice `ram_mb` up to 2048 MB). 0 turns it off.
        public var poolKiB: KiB?
        /// It compresses while free memory is below this; nil: `warning_free_mb`.
        public var startFreeKiB: KiB?
        /// How fast a resume decompresses, in thousandths of a MB per second (2000 MB/s is
        /// 2,000,000).
        public var decompressMilliMBPerS: Int64 = 2_000_000

        /// The compressor with every default (`compressor: {}`).
        public init() {}
    }

    /// The compressor's pool in force (SPEC 22): its own `pool_mb`, else RAM, or twice RAM
    /// for 2 GiB or less; 0 without a compressor.
    public var compressorPoolKiB: KiB {
        guard let compressor else { return .zero }
        if let pool = compressor.poolKiB { return pool }
        return ramKiB <= .mb(2048) ? ramKiB + ramKiB : ramKiB
    }

    /// The free memory below which it compresses: its own `start_free_mb`, else the run's
    /// policy's default once `resolvingCompressorStart(_:)` filled it in (SPEC 31); before
    /// that, `warning_free_mb`.
    public var compressorStartFreeKiB: KiB {
        compressor?.startFreeKiB ?? warningFreeKiB
    }

    /// Whether anything can be compressed: a compressor with a pool above 0 (`pool_mb` 0 runs
    /// like no compressor, SPEC 23).
    public var compresses: Bool { compressorPoolKiB > .zero }
}

extension KiB {
    /// What the compressor holds `self` (at its uncompressed size) in at `ratioHundredths`:
    /// ⌈self × 100 ÷ ratio⌉ KiB (SPEC 22 `stored(c)`).
    public func compressed(ratioHundredths: Int64) -> KiB {
        let (quotient, remainder) = (count * 100).quotientAndRemainder(dividingBy: ratioHundredths)
        return KiB(quotient + (remainder > 0 ? 1 : 0))
    }
}

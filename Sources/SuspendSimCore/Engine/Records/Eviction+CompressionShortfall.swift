extension Eviction {
    /// Why the compressor did not bring free memory to a kill's target before the kill (SPEC
    /// 23): `explain` says it for every kill with a free-memory target.
    public enum CompressionShortfall: String, Sendable, Hashable, CaseIterable {
        /// No compressor, or `pool_mb` 0.
        case off
        /// The pool held `pool_mb` already.
        case poolFull
        /// No `suspended` app had memory left to compress.
        case nothingToCompress
        /// Free memory was at or above `start_free_mb` when the check compressed, and fell
        /// below the kill's target only later.
        case freeAtOrAboveStart
        /// Pool room was freed by a kill of the same check; the next check uses it (step 2
        /// runs once per check).
        case roomFreedThisCheck
    }
}

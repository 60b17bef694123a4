extension AppRuntime {
    /// An app's standing with the freezer (SPEC 37), for the life of its process.
    struct FreezerStanding {
        /// Frozen: from its first freeze (or an `initial:` `frozen: true`) until it dies.
        var isFrozen = false
        /// Its copy on flash, `f` (MB in the SPEC): what its last freeze left there.
        var copyKiB: KiB = .zero
        /// On flash: from a freeze to its next thaw; its physical memory is 0.
        var isOnFlash = false
        /// Demoted: from a demotion to its next thaw; a suspended one sits in band 0.
        var isDemoted = false
        /// Thaws since its launch (an `initial:` frozen app starts at 1), for demotion only.
        var thaws = 0
    }
}

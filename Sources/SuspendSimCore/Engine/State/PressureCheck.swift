/// What the pressure check keeps between and within checks (SPEC 5, 10, 22, 32): the apps that
/// may be over their limit, why this check's compression step stopped, whether a warning
/// episode is under way, and settled free memory's low point. `Simulation+PressureCheck` runs
/// the check; this value owns its state.
struct PressureCheck {
    /// Apps whose footprint rose above the per-app limit since the last check (step 1 kills
    /// them): only those can be over it, so the step costs nothing when none is.
    private var overLimit: [AppIndex] = []
    /// Why this check's compression step (step 2, or the reaper's tick) stopped
    /// (`Eviction.Compressor.shortfall`, SPEC 23).
    var compressionStop = Eviction.CompressionShortfall.off
    /// A warning episode is under way: warnings were sent and free has not recovered (SPEC 5).
    private(set) var inWarningEpisode = false
    /// `min_free_mb` (SPEC 32): the lowest settled free memory so far, taken at the start
    /// and at the end of each check.
    private(set) var minFreeKiB: KiB = .zero

    /// App `index`'s footprint is above its state's limit: step 1 looks at it.
    mutating func noteOverLimit(_ index: AppIndex) {
        overLimit.append(index)
    }

    /// Whether an app was noted over its limit since the last check.
    var hasOverLimit: Bool { !overLimit.isEmpty }

    /// The apps noted over their limit since the last check, each once, in scenario order;
    /// the list is emptied.
    mutating func takeOverLimit() -> [AppIndex] {
        let indices = Set(overLimit).sorted()
        overLimit.removeAll(keepingCapacity: true)
        return indices
    }

    /// Step 3: whether free at `freeKiB` starts a warning episode (free below
    /// `warning_free_mb` and no warning sent in this episode); if so, the episode begins.
    mutating func startsWarningEpisode(freeKiB: KiB, warningFreeKiB: KiB) -> Bool {
        guard freeKiB < warningFreeKiB, !inWarningEpisode else { return false }
        inWarningEpisode = true
        return true
    }

    /// The end of a check, free at `freeKiB`: the warning episode is judged after the check's
    /// kills (SPEC 10), and settled free memory's low point taken (SPEC 32).
    mutating func settle(freeKiB: KiB, warningFreeKiB: KiB) {
        if freeKiB >= warningFreeKiB { inWarningEpisode = false }
        minFreeKiB = min(minFreeKiB, freeKiB)
    }

    /// Settled free memory starts at `freeKiB` (SPEC 32): free before the first event, or at
    /// the end of the time-0 check with `initial:` (SPEC 12).
    mutating func startMinimum(at freeKiB: KiB) {
        minFreeKiB = freeKiB
    }
}

/// Jetsam's long-idle reaper (SPEC 11): XNU kills, with cause `long-idle-exit` (iOS 18.4 and
/// later), processes that have sat idle in band 0 for long, before memory runs short.
extension Simulation {
    /// A tick: schedules the next one, runs the compression step first (SPEC 31: XNU's
    /// page-out daemon compresses long before any jetsam threshold), then, while free is below
    /// `reaper_free_mb`, purges and kills the suspended apps idle in band 0 for at least
    /// `reaper_idle_s`, one at a time, oldest first (the jetsam order). A purge that brings
    /// free to the target spares its app.
    mutating func runLongIdleReaper() {
        reaperTick = (nowMs + device.reaperIntervalMs, timers.takeSequenceNumber())
        compressionStop = compressSuspendedApps()
        while freeKiB < device.reaperFreeKiB, let victim = longIdleVictim() {
            if purge(victim.index), freeKiB >= device.reaperFreeKiB { break }
            // Not the policy's own choice: its order is taken at the kill (SPEC 14).
            kill(victim.index, reason: .longIdleExit, trigger: .reaper, thresholdKiB: device.reaperFreeKiB)
        }
    }

    /// The first, in the policy's order, of the suspended apps in band 0 for at least
    /// `reaper_idle_s`; nil when none is.
    private func longIdleVictim() -> Candidate? {
        firstInPolicyOrder(candidates().lazy.filter { candidate in
            candidate.state == .suspended && self.policy.isIdle(candidate)
                && self.nowMs - candidate.bandEnteredMs >= self.device.reaperIdleMs
        })
    }
}

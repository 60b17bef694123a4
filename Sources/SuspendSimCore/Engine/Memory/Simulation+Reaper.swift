/// Jetsam's long-idle reaper (SPEC 11): XNU kills, with cause `long-idle-exit` (iOS 18.4 and
/// later), processes that have sat idle in band 0 for long, before memory runs short.
extension Simulation {
    /// A tick: schedules the next one, runs the freezer's step and the compression step first
    /// (SPEC 31, 37: XNU's page-out daemon compresses long before any jetsam threshold), then, while free is below
    /// `reaper_free_mb`, purges and kills the suspended apps idle in band 0 for at least
    /// `reaper_idle_s`, one at a time, oldest first (the jetsam order). A purge that brings
    /// free to the target spares its app.
    mutating func runLongIdleReaper() {
        reaper.next = (nowMs + device.reaperIntervalMs, timers.takeSequenceNumber())
        // SPEC 37: the freezer's step first, then the compressor's, then the loop.
        freezeIfDue()
        pressure.compressionStop = compressSuspendedApps()
        while freeKiB < device.reaperFreeKiB, let victim = longIdleVictim() {
            if purge(victim.index), freeKiB >= device.reaperFreeKiB { break }
            // Not the policy's own choice: its order is taken at the kill (SPEC 14).
            kill(victim.index, reason: .longIdleExit, trigger: .reaper, thresholdKiB: device.reaperFreeKiB)
        }
    }

    /// After a tick's step (its pressure check and request check included), moves the next
    /// tick past the ticks that cannot do anything. The ticks stay at k × `reaper_interval_s`
    /// (SPEC 16) and keep their place among same-instant timers (the sequence number taken
    /// when the tick ran); only ticks that would change nothing are left out, so the records
    /// are those of running every tick.
    ///
    /// Nothing changes between two steps, and a settled step leaves nothing for the
    /// compression step, the pressure check or the request check to do (a request has its
    /// own due timer). So until the next scenario event or live timer, a tick can only kill,
    /// and only when free is below `reaper_free_mb` and a suspended app in band 0 has been
    /// idle for `reaper_idle_s`: the next tick that can act is the first at or after the
    /// earliest of those moments. Without it, `end_s: 4294967296` (SPEC 35's largest number
    /// of seconds) ran 143 million ticks after the scenario's last event.
    ///
    /// - Complexity: O(n) in the apps, once per tick that runs.
    mutating func skipTicksThatCannotAct() {
        guard reaper.next != nil else { return }
        var next = events.upcoming?.atMs
        if let timer = firstLiveTimer() { next = min(next ?? timer.timeMs, timer.timeMs) }
        // SPEC 37: the daily tick changes the budget and the bands; a freeze held back only by
        // the interval can happen at a tick once it ends.
        if let daily = freezer.nextDaily { next = min(next ?? daily.timeMs, daily.timeMs) }
        if let ready = freezerReadyMs() { next = min(next ?? ready, ready) }
        if freeKiB < device.reaperFreeKiB, let ready = earliestLongIdle() { next = min(next ?? ready, ready) }
        guard let next else {
            // Nothing is left to happen: no tick could act again.
            reaper.next = nil
            return
        }
        reaper.skip(to: next, interval: device.reaperIntervalMs)
    }

    /// The first, in the policy's order, of the suspended apps in band 0 for at least
    /// `reaper_idle_s`; nil when none is.
    private func longIdleVictim() -> Candidate? {
        firstInPolicyOrder(candidates().lazy.filter { candidate in
            self.longIdleFromMs(candidate).map { $0 <= self.nowMs } ?? false
        })
    }

    /// The earliest moment at which a suspended app now in band 0 has been there for
    /// `reaper_idle_s`; nil when no suspended app is in band 0.
    private func earliestLongIdle() -> Millis? {
        var earliest: Millis?
        for index in apps.indices where apps[index].state == .suspended {
            guard let ready = longIdleFromMs(candidate(index)) else { continue }
            earliest = min(earliest ?? ready, ready)
        }
        return earliest
    }

    /// When `candidate` has been idle for `reaper_idle_s` (SPEC 11): the moment it entered
    /// band 0 plus `reaper_idle_s`, for a suspended app in band 0; nil for any other.
    private func longIdleFromMs(_ candidate: Candidate) -> Millis? {
        guard candidate.state == .suspended, traits.policy.isIdle(candidate) else { return nil }
        return candidate.bandEnteredMs + device.reaperIdleMs
    }
}

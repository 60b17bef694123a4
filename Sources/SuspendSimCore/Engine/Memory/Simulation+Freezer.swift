/// XNU's memorystatus freezer (SPEC 37; `memorystatus_freeze_top_process` in
/// `bsd/kern/kern_memorystatus_freeze.c`): step 2 of the pressure check writes one idle
/// suspended app to flash and moves it to the freezer's band; leaving `suspended` thaws it; a
/// daily tick renews the flash budget and demotes frozen apps that are seldom used.
extension Simulation {
    /// Step 2 of the pressure check: when free is below `start_free_mb`, more than
    /// `min_suspended` apps are suspended and not frozen, and `interval_s` has passed since
    /// the last freeze, freezes at most one app: a new candidate, else a refreeze. If the
    /// chosen app would write more than the budget left, nothing is frozen or purged and no
    /// other app is tried.
    ///
    /// Inlined into every pressure check and reaper tick: with the freezer off (every policy
    /// but jetsam, `max_frozen: 0`, an `ios:` before 13) the step is one test of a flag, not
    /// a call (docs/performance.md, Part XI).
    @inline(__always)
    mutating func freezeIfDue() {
        if freezer.isOn { freezeIfDueWithFreezerOn() }
    }

    /// `freezeIfDue()` past its first test.
    private mutating func freezeIfDueWithFreezerOn() {
        guard let settings = device.freezer, freeKiB < device.freezerStartFreeKiB,
              freezer.intervalHasPassed(at: nowMs, intervalMs: settings.intervalMs),
              let choice = nextToFreeze(settings), choice.writtenKiB <= freezer.budgetKiB else { return }
        freeze(choice.index, refreeze: choice.refreeze, writing: choice.writtenKiB)
    }

    /// The app step 2 would freeze now, interval and budget aside, and what it would write:
    /// `w = max(0, d − f)`, `d` its footprint after its purge (SPEC 37).
    ///
    /// - Complexity: O(n) in the apps.
    func nextToFreeze(_ settings: Device.Freezer) -> (index: AppIndex, refreeze: Bool, writtenKiB: KiB)? {
        var suspendedNotFrozen = 0
        var thawed = 0
        for app in apps {
            if app.state == .suspended, !app.freezer.isFrozen { suspendedNotFrozen += 1 }
            if app.freezer.isFrozen, !app.freezer.isOnFlash, !app.freezer.isDemoted { thawed += 1 }
        }
        guard suspendedNotFrozen > settings.minSuspended else { return nil }
        let policy = traits.policy
        var chosen: (index: AppIndex, refreeze: Bool)?
        if freezer.frozenCount < settings.maxFrozen, let candidate = firstInPolicyOrder(candidates().filter { candidate in
            candidate.state == .suspended && !candidate.isFrozen && policy.isIdle(candidate) && candidate.footprintKiB >= settings.minKiB
        }) {
            chosen = (candidate.index, false)
        } else if thawed >= settings.refreezeMinThawed, let candidate = firstInPolicyOrder(candidates().filter { candidate in
            candidate.state == .suspended && candidate.isFrozen && !candidate.isDemoted && !self.apps[candidate.index].freezer.isOnFlash
        }) {
            chosen = (candidate.index, true)
        }
        guard let chosen else { return nil }
        let written = max(.zero, footprintAfterPurge(of: chosen.index) - apps[chosen.index].freezer.copyKiB)
        return (chosen.index, chosen.refreeze, written)
    }

    /// App `index`'s footprint once its purgeable memory not yet purged is purged (SPEC 5).
    private func footprintAfterPurge(of index: AppIndex) -> KiB {
        guard !apps[index].memory.purged, profiles[index].purgeableKiB > .zero else { return apps[index].memory.footprintKiB }
        return max(.zero, apps[index].memory.footprintKiB - profiles[index].purgeableKiB)
    }

    /// Freezes app `index`, writing `written`: purges it, its compressed memory leaves the
    /// compressor, its copy on flash becomes its footprint and its physical memory 0. Its
    /// footprint stays (XNU's `phys_footprint` counts it); one `memory.csv` row, no callback,
    /// no change of state; a new freeze moves it to the freezer's band.
    private mutating func freeze(_ index: AppIndex, refreeze: Bool, writing written: KiB) {
        if profiles[index].purgeableKiB > .zero { apps[index].memory.purged = true }
        releaseCompressedMemory(of: index)
        apps[index].freezer.isFrozen = true
        apps[index].freezer.isOnFlash = true
        apps[index].freezer.copyKiB = computedFootprintKiB(of: index)
        apps[index].stats.freezes += 1
        apps[index].stats.frozenWrittenKiB += written
        freezer.noteFreeze(writtenKiB: written, at: nowMs, isNew: !refreeze)
        appDidChange(index)
        refreshFootprint(of: index)
        recordFreezerAct(refreeze ? .refreeze : .freeze, of: index, writtenKiB: written)
    }

    /// A frozen app leaves `suspended` (not by dying): a thaw, before the transition's row.
    /// Its thaw count grows, it stops being demoted, and its memory is resident again; its
    /// copy on flash stays. The caller's `refreshFootprint` writes the one row.
    mutating func thaw(_ index: AppIndex, into state: LifecycleState) {
        let read = apps[index].freezer.isOnFlash ? apps[index].freezer.copyKiB : .zero
        // A warm launch (into the foreground) waits for it; a wake or a grant does not.
        let wait = read > .zero && state.isForeground ? device.freezer.map { Self.thawWait(of: read, milliMBPerS: $0.thawMilliMBPerS) } : nil
        apps[index].freezer.thaws += 1
        apps[index].freezer.isDemoted = false
        apps[index].freezer.isOnFlash = false
        apps[index].stats.thaws += 1
        recordFreezerAct(.thaw, of: index, writtenKiB: .zero, readKiB: read, waitMs: wait ?? .zero)
    }

    /// A warm launch of app `index` from flash waits for its copy to be read back:
    /// `f ÷ thaw_mb_s` seconds, rounded half up to a ms (SPEC 37), counted as a decompression
    /// into its launch wait and its resume histogram. Returns the wait (0 when not on flash).
    /// Inlined into every warm launch, its first test whether the app is on flash (never,
    /// with the freezer off).
    @inline(__always)
    mutating func countThawWait(of index: AppIndex) -> Millis {
        guard apps[index].freezer.isOnFlash, apps[index].state == .suspended, let settings = device.freezer else { return .zero }
        let wait = Self.thawWait(of: apps[index].freezer.copyKiB, milliMBPerS: settings.thawMilliMBPerS)
        compression.noteDecompressionWait(wait, of: index)
        return wait
    }

    /// `kib ÷ 1024 ÷ (thousandths ÷ 1000)` seconds, rounded half up to a ms, in 128 bits.
    static func thawWait(of kib: KiB, milliMBPerS: Int64) -> Millis {
        let numerator = Int128(kib.count) * 1_000_000
        let denominator = Int128(1024) * Int128(milliMBPerS)
        return Millis.ms(Int64((2 * numerator + denominator) / (2 * denominator)))
    }

    /// The daily tick (SPEC 37), at k × 86,400 s: the next one is scheduled, the budget grows
    /// by `daily_mb`, then up to `demotions_per_day` frozen, suspended, not demoted apps
    /// thawed fewer than `demotion_thaws` times move to band 0, the one that entered the
    /// freezer's band earliest first. The pressure check follows, as after any timer.
    mutating func runDailyFreezerTick() {
        guard let settings = device.freezer else { return }
        freezer.tickDaily(at: nowMs, dailyKiB: settings.dailyKiB, seq: timers.takeSequenceNumber())
        for _ in 0..<settings.demotionsPerDay {
            guard let candidate = firstInPolicyOrder(candidates().filter { candidate in
                candidate.state == .suspended && candidate.isFrozen && !candidate.isDemoted
                    && self.apps[candidate.index].freezer.thaws < settings.demotionThaws
            }) else { break }
            apps[candidate.index].freezer.isDemoted = true
            appDidChange(candidate.index)
            recordFreezerAct(.demote, of: candidate.index, writtenKiB: .zero)
        }
    }

    /// The moment the freezer could next freeze with nothing else happening (for the reaper's
    /// skipped ticks): the end of the interval, when only the interval holds back an app that
    /// step 2 would freeze now; nil otherwise.
    func freezerReadyMs() -> Millis? {
        guard freezer.isOn, let settings = device.freezer, freeKiB < device.freezerStartFreeKiB,
              let end = freezer.intervalEnd(intervalMs: settings.intervalMs), end > nowMs,
              let choice = nextToFreeze(settings), choice.writtenKiB <= freezer.budgetKiB else { return nil }
        return end
    }

    /// Writes one `freezer.csv` row for `action` on app `index`.
    private mutating func recordFreezerAct(
        _ action: EventLog.FreezerRecord.Action, of index: AppIndex, writtenKiB: KiB, readKiB: KiB = .zero, waitMs: Millis = .zero
    ) {
        recorder.record(EventLog.FreezerRecord(
            timeMs: nowMs, app: index, action: action, writtenKiB: writtenKiB, budgetLeftKiB: freezer.budgetKiB,
            frozenCount: freezer.frozenCount, readKiB: readKiB, waitMs: waitMs))
    }
}

/// The freezer's own state (SPEC 37) beside the apps' standings: whether it acts in the run,
/// the flash it may still write, when it last froze, how many apps are frozen, and its daily
/// tick. The daily tick, like the reaper's (`ReaperClock`), is kept outside the timer queue:
/// it belongs to no app and does not keep a run going, but takes a sequence number from the
/// queue, so that it runs in its place among timers due at the same instant.
struct FreezerBook {
    /// One day: the daily tick's period (XNU's `memorystatus_freeze_daily_mb_max` is a budget
    /// per 24 hours).
    static let dayMs = Millis.ms(86_400_000)

    /// The freezer acts in the run (`Device.freezes(_:)`); false: nothing here ever changes.
    let isOn: Bool
    /// Flash it may still write: `daily_mb` at the start, `daily_mb` more at each daily tick,
    /// what is left carrying over; a freeze takes what it writes.
    private(set) var budgetKiB: KiB
    /// When it last froze or refroze; nil: never (none yet counts as long enough ago).
    private(set) var lastFreezeMs: Millis?
    /// Frozen apps now, demoted or not (`max_frozen` counts them; `freezer.csv`'s
    /// `frozen_count`).
    private(set) var frozenCount = 0
    /// The next daily tick and its place among same-instant timers; nil when the freezer is
    /// off.
    var nextDaily: (timeMs: Millis, seq: UInt64)?

    /// The book of a run whose freezer acts when `isOn`, with `budgetKiB` to write on the
    /// first day.
    init(isOn: Bool, budgetKiB: KiB) {
        self.isOn = isOn
        self.budgetKiB = isOn ? budgetKiB : .zero
    }

    /// Whether at least `intervalMs` has passed at `nowMs` since the last freeze (exactly
    /// `intervalMs` is enough; none yet counts as enough, SPEC 37).
    func intervalHasPassed(at nowMs: Millis, intervalMs: Millis) -> Bool {
        lastFreezeMs.map { nowMs - $0 >= intervalMs } ?? true
    }

    /// When the interval since the last freeze ends; nil without one.
    func intervalEnd(intervalMs: Millis) -> Millis? {
        lastFreezeMs.map { $0 + intervalMs }
    }

    /// A freeze (a new one adds a frozen app) or a refreeze at `nowMs` wrote `writtenKiB`.
    mutating func noteFreeze(writtenKiB: KiB, at nowMs: Millis, isNew: Bool) {
        budgetKiB -= writtenKiB
        lastFreezeMs = nowMs
        if isNew { frozenCount += 1 }
    }

    /// An `initial:` app was found frozen (SPEC 37: frozen apps found may exceed `max_frozen`).
    mutating func noteFrozenFound() {
        frozenCount += 1
    }

    /// A frozen app died: it is frozen no more; the budget is not given back.
    mutating func noteFrozenDeath() {
        frozenCount -= 1
    }

    /// The daily tick at `nowMs`: the budget grows by `dailyKiB` (saturating, however long the
    /// run), and the next tick is a day later, with `seq` its place among timers.
    mutating func tickDaily(at nowMs: Millis, dailyKiB: KiB, seq: UInt64) {
        let (grown, overflow) = budgetKiB.count.addingReportingOverflow(dailyKiB.count)
        budgetKiB = KiB(overflow ? Int64.max : grown)
        nextDaily = (nowMs + Self.dayMs, seq)
    }
}

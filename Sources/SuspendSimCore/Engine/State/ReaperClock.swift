/// When jetsam's long-idle reaper next ticks (SPEC 11): every `reaper_interval_s`, at whole
/// multiples of it (SPEC 16). Its tick is kept outside the timer queue because it belongs to
/// no app and does not keep a run going; it takes a sequence number from the queue all the
/// same, so that it runs in its place among timers due at the same instant.
struct ReaperClock {
    /// The next tick and its place among same-instant timers; nil when the reaper does not
    /// run (or no tick could act again).
    var next: (timeMs: Millis, seq: UInt64)?
    /// Runs every tick, also those that cannot act (`skipTicksThatCannotAct()`): for the test
    /// that skipping them changes no record.
    var runsEveryTick = false

    /// Whether the tick comes before `timer` and an event at `eventTime` (a scenario event
    /// runs before any timer due at its instant).
    func isFirst(_ tick: (timeMs: Millis, seq: UInt64), timer: PendingTimer?, eventTime: Millis?) -> Bool {
        if let eventTime, eventTime <= tick.timeMs { return false }
        guard let timer else { return true }
        return (tick.timeMs, tick.seq) < (timer.timeMs, timer.seq)
    }

    /// Moves the next tick to the first multiple of `interval` at or after `time`, keeping
    /// its sequence number; a tick already there or later stays.
    mutating func skip(to time: Millis, interval: Millis) {
        guard let tick = next, time > tick.timeMs else { return }
        let ticks = (time.count + interval.count - 1) / interval.count
        next = (ticks * interval, tick.seq)
    }
}

extension EventLog {
    /// The timers the engine schedules (SPEC 4, 6, 10).
    public enum TimerKind: String, Sendable, CaseIterable, Hashable {
        /// `applicationDidEnterBackground` finished.
        case handlerDone = "handler-done"
        /// The finite-length task finished.
        case taskDone = "task-done"
        /// The finite-length task reached its limit: `expirationHandler`.
        case taskExpired = "task-expired"
        /// A wake's work finished.
        case wakeDone = "wake-done"
        /// The watchdog fired on `applicationDidEnterBackground`.
        case watchdog
        /// A wake's work outlasted its window.
        case wakeTimeout = "wake-timeout"
        /// A suspended app left jetsam's aging band.
        case agingDone = "aging-done"
        /// A task request's due time (SPEC 28): the pressure check, then the request check.
        case taskDue = "task-due"
        /// A granted task's work finished (SPEC 29 `bg-done`).
        case bgDone = "bg-done"
        /// A granted task reached its window: `BGTask.expirationHandler` (SPEC 28 `bg-expired`).
        case bgExpired = "bg-expired"
    }
}

/// The finite work that keeps an app executing in `background`, besides its continuous modes
/// (SPEC 4): the `applicationDidEnterBackground(_:)` handler still running (4.2), a
/// finite-length task begun with `beginBackgroundTask(expirationHandler:)` (4.3), and the work
/// of a wake, such as `application(_:performFetchWithCompletionHandler:)` (SPEC 3 `wake`), and a
/// granted task request's work (SPEC 28).
///
/// Work runs only in `background`, so only `AppRuntime.Phase.background` holds it: entering
/// `background` starts with none, becoming frontmost cancels it with the app's pending
/// background timers (SPEC 3 `open`), and it ends with the process. Once none runs and no
/// continuous mode is in use, the app is `suspended` (SPEC 4.5).
struct BackgroundWork: OptionSet {
    let rawValue: UInt8

    /// `applicationDidEnterBackground(_:)` is still running: `did_enter_background_s`, or
    /// until the watchdog kills the app at `did_enter_background_limit_s` (SPEC 4.2).
    static let handler = BackgroundWork(rawValue: 1 << 0)
    /// A finite-length task is running: `background_task_s`, or until its
    /// `expirationHandler` at `background_task_limit_s` (SPEC 4.3).
    static let task = BackgroundWork(rawValue: 1 << 1)
    /// A wake's work is running: `wake_work_s`, or until the wake-timeout kill at the end of
    /// the window (SPEC 3 `wake`).
    static let wake = BackgroundWork(rawValue: 1 << 2)
    /// A granted task request's work is running (`BGAppRefreshTask`, `BGProcessingTask`):
    /// `work_s`, or until its window (SPEC 28). Which request it is, `AppRuntime.runningTask`
    /// says.
    static let bgTask = BackgroundWork(rawValue: 1 << 3)
}

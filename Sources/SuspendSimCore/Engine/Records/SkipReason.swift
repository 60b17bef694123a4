extension EventLog {
    /// Why an event was a no-op: the `reason` column of `skipped.csv` (SPEC 3). The raw value is
    /// the short phrase people read.
    public enum SkipReason: String, Sendable, CaseIterable, Hashable {
        case deviceLocked = "the device is locked"
        case callRinging = "a call is ringing"
        case alreadyFrontmost = "the app is already frontmost"
        case noFrontmostApp = "no app is frontmost"
        case notFrontmost = "the app is not frontmost"
        case alreadyLocked = "the device is already locked"
        case notLocked = "the device is not locked"
        case alertAlreadyShowing = "an alert is already showing"
        case noAlert = "no alert is showing"
        case callInProgress = "a call is already ringing or in progress"
        case noRingingCall = "no call is ringing"
        case noCallInProgress = "no call is in progress"
        case notRunning = "the app is not running"
        case modeNotDeclared = "the app does not declare this background mode"
        case userTerminated = "the user force-quit the app and has not opened it since"
        case notRunningCode = "the app is not running code"
        case modeAlreadyInUse = "the mode is already in use"
        case modeNotInUse = "the mode is not in use"
        /// A `charge` or `low_power` event with the value already in force (SPEC 28).
        case alreadyInForce = "the value is already in force"
        /// The event names an app index that no app of the scenario has: apps were removed
        /// from `Scenario.apps` after the event was added (`Scenario.checkAppIndexes()`).
        case noSuchApp = "no app of the scenario has the event's app index"
    }
}

/// The lock screen, system alerts and phone calls (SPEC 3, "Overlapping interruptions").
extension Simulation {
    /// `lock`: the frontmost app resigns active and stays `inactive`. Locks the home screen
    /// all the same.
    mutating func lock() {
        if screen.locked { return skip(.lock, .alreadyLocked) }
        screen.locked = true
        if let index = screen.frontmost, apps[index].state == .active {
            resignActive(index, cause: .event(.lock))
        }
    }

    /// `unlock`: `applicationDidBecomeActive` unless an alert or a ringing call still covers.
    mutating func unlock() {
        guard screen.locked else { return skip(.unlock, .notLocked) }
        screen.locked = false
        becomeActiveIfUncovered(cause: .event(.unlock))
        if tasks.isEnabled { endProcessingTasksAtUnlock() }
    }

    /// `alert`: a modal alert over the frontmost app, which resigns active. It may come while
    /// locked or ringing; it needs a frontmost app and belongs to it.
    mutating func showAlert() {
        guard let index = screen.frontmost else { return skip(.alert, .noFrontmostApp) }
        if screen.alertShowing { return skip(.alert, .alertAlreadyShowing) }
        screen.alertShowing = true
        if apps[index].state == .active { resignActive(index, cause: .event(.alert)) }
    }

    /// `alert_dismiss`: the alert goes; `applicationDidBecomeActive` unless still covered.
    mutating func dismissAlert() {
        guard screen.alertShowing else { return skip(.alertDismiss, .noAlert) }
        screen.alertShowing = false
        becomeActiveIfUncovered(cause: .event(.alertDismiss))
    }

    /// `alert_reply`: Messages takes over. Observed on devices: `applicationDidBecomeActive`,
    /// `applicationWillResignActive`, `applicationDidEnterBackground`. While locked or ringing
    /// only `applicationDidEnterBackground` is logged (SPEC 10).
    mutating func replyToAlert() {
        guard screen.alertShowing, screen.frontmost != nil else { return skip(.alertReply, .noAlert) }
        screen.alertShowing = false
        let cause = EventLog.TransitionCause.event(.alertReply)
        becomeActiveIfUncovered(cause: cause)
        leaveForeground(cause: cause)
    }

    /// `call`: an incoming call rings over the frontmost app, which resigns active.
    mutating func ringCall() {
        guard screen.call == .none else { return skip(.call, .callInProgress) }
        screen.call = .ringing
        if let index = screen.frontmost, apps[index].state == .active {
            resignActive(index, cause: .event(.call))
        }
    }

    /// `call_decline`: `applicationDidBecomeActive` unless still covered.
    mutating func declineCall() {
        guard screen.call == .ringing else { return skip(.callDecline, .noRingingCall) }
        screen.call = .none
        becomeActiveIfUncovered(cause: .event(.callDecline))
    }

    /// `call_answer`: the frontmost app gets `applicationDidEnterBackground`; the Phone app
    /// is frontmost until `call_end`.
    mutating func answerCall() {
        guard screen.call == .ringing else { return skip(.callAnswer, .noRingingCall) }
        screen.call = .inProgress(returnTo: screen.frontmost, userOpenedApp: false)
        leaveForeground(cause: .event(.callAnswer))
    }

    /// `call_end`: the app that was frontmost when the call was answered comes back as by
    /// `open` (cold if it died meanwhile; `inactive` if the device is locked), unless the user
    /// opened an app during the call.
    mutating func endCall() {
        guard case .inProgress(let returnTo, let userOpenedApp) = screen.call else {
            return skip(.callEnd, .noCallInProgress)
        }
        screen.call = .none
        guard !userOpenedApp, let index = returnTo else { return }
        bringToForeground(index, cause: .event(.callEnd))
    }
}

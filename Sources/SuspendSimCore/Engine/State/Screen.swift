/// What is on the screen (SPEC 3): the frontmost app, and what covers it (the lock, an alert,
/// a ringing call) or stands in for it (an answered call's Phone app). The engine owns one;
/// `Simulation+Interruptions` and `Simulation+Foreground` change it as events ask.
struct Screen {
    /// What a call is doing (SPEC 3).
    enum Call: Equatable {
        case none
        /// Ringing: covers the frontmost app.
        case ringing
        /// Answered: the Phone app is frontmost. `returnTo` was frontmost when it was answered.
        case inProgress(returnTo: AppIndex?, userOpenedApp: Bool)
    }

    /// The app in `active` or `inactive`; nil on the home screen (or Messages, or Phone).
    var frontmost: AppIndex?
    var locked = false
    /// A modal alert belongs to the frontmost app: it goes when that app leaves (SPEC 3).
    var alertShowing = false
    var call = Call.none
    /// How many times an app has stopped being frontmost: SPEC 6's recency counter, whose
    /// value each app keeps as its `lastFrontmostOrder`.
    private(set) var frontmostEndCounter: UInt64 = 0

    /// Whether a lock, an alert or a ringing call covers the frontmost app; it is `active`
    /// only when nothing does (SPEC 3, "Overlapping interruptions").
    var isCovered: Bool { locked || alertShowing || call == .ringing }

    /// Why `open`, `home` and `force_quit` are skipped now, if they are: a locked device or a
    /// ringing call (SPEC 3).
    var switchingBlocked: EventLog.SkipReason? {
        if locked { return .deviceLocked }
        if call == .ringing { return .callRinging }
        return nil
    }

    /// The user opens an app during an answered call: `call_end` then switches nothing.
    mutating func noteAppOpenedDuringCall() {
        if case .inProgress(let returnTo, _) = call {
            call = .inProgress(returnTo: returnTo, userOpenedApp: true)
        }
    }

    /// The frontmost app stops being frontmost, and its alert goes with it. Returns the app
    /// and its recency order (the counter, advanced), nil on the home screen.
    mutating func endFrontmost() -> (app: AppIndex, order: UInt64)? {
        guard let index = frontmost else { return nil }
        frontmost = nil
        alertShowing = false
        return (index, nextFrontmostEnd())
    }

    /// Advances the recency counter and returns its new value.
    mutating func nextFrontmostEnd() -> UInt64 {
        frontmostEndCounter += 1
        return frontmostEndCounter
    }
}

/// The five life-cycle states of an iOS app (Apple, "Managing your app's life cycle").
///
/// The raw value is the one spelling used in scenario files, reports and the command line.
public enum LifecycleState: String, Sendable, CaseIterable, Hashable {
    /// Not launched, or terminated by the user or the system. Holds no memory.
    case notRunning = "not-running"
    /// Frontmost but not receiving events: launching, or covered by a lock, alert or call.
    case inactive
    /// Frontmost and receiving events.
    case active
    /// Executing code off screen: finishing `applicationDidEnterBackground`, a finite-length
    /// task, a continuous background mode or a wake.
    case background
    /// In memory but executing no code. The system purges suspended apps first and silently.
    case suspended

    /// Any state but `not-running`: a resident app holds memory (SPEC 1).
    public var isResident: Bool {
        switch self {
        case .notRunning: false
        case .inactive, .active, .background, .suspended: true
        }
    }

    /// `active` or `inactive`: the state of the frontmost app.
    public var isForeground: Bool {
        switch self {
        case .inactive, .active: true
        case .notRunning, .background, .suspended: false
        }
    }
}

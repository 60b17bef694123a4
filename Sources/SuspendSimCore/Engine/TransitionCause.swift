extension EventLog {
    /// What made a state change: the `cause` column of `transitions.csv` (SPEC 8).
    public enum TransitionCause: Sendable, Hashable, CustomStringConvertible {
        /// A scenario event, by its name.
        case event(ScenarioEvent.Kind)
        /// A timer, by its name.
        case timer(EventLog.TimerKind)
        /// A termination, by its reason.
        case kill(KillReason)

        public var description: String {
            switch self {
            case .event(let kind): kind.rawValue
            case .timer(let kind): kind.rawValue
            case .kill(let reason): reason.rawValue
            }
        }
    }
}

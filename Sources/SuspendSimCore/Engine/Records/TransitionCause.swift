extension EventLog {
    /// What made a state change: the `cause` column of `transitions.csv` (SPEC 8).
    public enum TransitionCause: Sendable, Hashable, CustomStringConvertible {
        /// A scenario event, by its name.
        case event(ScenarioEvent.Kind)
        /// A timer, by its name.
        case timer(EventLog.TimerKind)
        /// A termination, by its reason.
        case kill(KillReason)
        /// The grant of a task request: the launch or resume into `background` (SPEC 28).
        case grant(EventLog.GrantCause)

        public var description: String {
            switch self {
            case .event(let kind): kind.rawValue
            case .timer(let kind): kind.rawValue
            case .kill(let reason): reason.rawValue
            case .grant(let grant): grant.rawValue
            }
        }
    }
}

extension EventLog {
    /// The `cause` of a grant's launch or resume into `background` (SPEC 28): `bg-refresh`
    /// or `bg-processing`.
    public enum GrantCause: String, Sendable, CaseIterable, Hashable {
        case refresh = "bg-refresh"
        case processing = "bg-processing"

        /// The cause of a grant of a request of `kind`.
        public init(_ kind: AppProfile.TaskRequest.Kind) {
            switch kind {
            case .refresh: self = .refresh
            case .processing: self = .processing
            }
        }
    }
}

extension EventLog {
    /// One task request of a run and what became of it: a row of `tasks.csv` (SPEC 28), in
    /// submission order.
    ///
    /// A request is `pending` from its submission; a grant makes it `running`; it then ends
    /// `completed`, `expired`, `killed` or `opened`, or, before a grant, `replaced` or `cancelled`.
    /// What is still `pending` or `running` at the end of the run stays so.
    public struct TaskRecord: Sendable, Hashable {
        /// What became of a request (`tasks.csv` `outcome`, SPEC 28).
        public enum Outcome: String, Sendable, CaseIterable, Hashable {
            /// The work finished within the window.
            case completed
            /// The window, or an unlock (a processing task), ended it.
            case expired
            /// The app terminated while the task ran, for any reason.
            case killed
            /// The user opened the app while the task ran (SPEC 29).
            case opened
            /// A later submission of its kind replaced it before its grant.
            case replaced
            /// A force-quit cancelled it before its grant.
            case cancelled
            /// Granted and still running at the end of the run.
            case running
            /// Never granted: still waiting at the end of the run.
            case pending
        }

        /// Its place in submission order, from 1.
        public var seq: Int
        public var app: AppIndex
        public var kind: AppProfile.TaskRequest.Kind
        public var submittedMs: Millis
        /// Its due time: submission + `earliest_s`, or later by the refresh rate limit.
        public var dueMs: Millis
        /// When it was granted; nil: never.
        public var grantedMs: Millis?
        /// When the granted task stopped; nil: it did not (or was never granted).
        public var endedMs: Millis?
        public var outcome: Outcome

        public init(
            seq: Int, app: AppIndex, kind: AppProfile.TaskRequest.Kind, submittedMs: Millis, dueMs: Millis,
            grantedMs: Millis?, endedMs: Millis?, outcome: Outcome
        ) {
            self.seq = seq
            self.app = app
            self.kind = kind
            self.submittedMs = submittedMs
            self.dueMs = dueMs
            self.grantedMs = grantedMs
            self.endedMs = endedMs
            self.outcome = outcome
        }
    }
}

extension AppRuntime {
    /// An app's life-cycle state (SPEC 2) with what is valid only in it: the work running, held
    /// by `background` alone (SPEC 4), so that a suspended or not-running app with work running
    /// cannot be written down; and whether a suspended app is past jetsam's aging period (SPEC
    /// 6). `state` is derived from it.
    enum Phase {
        case notRunning
        case inactive
        case active
        /// Executing off screen; the work still running (none while only continuous modes, or
        /// nothing yet, keep the app there).
        case background(BackgroundWork)
        /// Executing no code; `aged`: past jetsam's aging period in this suspension (SPEC 6:
        /// aging counts from each suspension, and the aging timer ends it).
        case suspended(aged: Bool)

        /// `state` as a transition enters it: afresh, with no work running (SPEC 4: work begins
        /// once the app is in `background`) and not aged (SPEC 6).
        init(entering state: LifecycleState) {
            switch state {
            case .notRunning: self = .notRunning
            case .inactive: self = .inactive
            case .active: self = .active
            case .background: self = .background([])
            case .suspended: self = .suspended(aged: false)
            }
        }

        var state: LifecycleState {
            switch self {
            case .notRunning: .notRunning
            case .inactive: .inactive
            case .active: .active
            case .background: .background
            case .suspended: .suspended
            }
        }

        /// The work running: none outside `background`.
        var work: BackgroundWork {
            if case .background(let work) = self { work } else { [] }
        }

        /// Past jetsam's aging period: only a suspended app ages.
        var aged: Bool {
            if case .suspended(let aged) = self { aged } else { false }
        }
    }
}

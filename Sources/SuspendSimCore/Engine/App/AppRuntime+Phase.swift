extension AppRuntime {
    /// An app's life-cycle state (SPEC 2) with what is valid only in it: the work running, held
    /// by `background` alone (SPEC 4), so that a suspended or not-running app with work running
    /// cannot be written down. `state` is derived from it.
    enum Phase {
        case notRunning
        case inactive
        case active
        /// Executing off screen; the work still running (none while only continuous modes, or
        /// nothing yet, keep the app there).
        case background(BackgroundWork)
        case suspended

        /// `state` as a transition enters it: afresh, with no work running (SPEC 4: work begins
        /// once the app is in `background`).
        init(entering state: LifecycleState) {
            switch state {
            case .notRunning: self = .notRunning
            case .inactive: self = .inactive
            case .active: self = .active
            case .background: self = .background([])
            case .suspended: self = .suspended
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
    }
}

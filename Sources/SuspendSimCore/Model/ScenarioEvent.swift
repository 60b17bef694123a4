/// What the user or the system does at one instant of a scenario (SPEC 3).
public struct ScenarioEvent: Sendable, Hashable {
    /// When the event happens.
    public var atMs: Millis
    /// What happens.
    public var action: Action
    /// The line of the scenario file the event came from (0 when built in code).
    public var line: Int

    public init(atMs: Millis, _ action: Action, line: Int = 0) {
        self.atMs = atMs
        self.action = action
        self.line = line
    }

    /// The events of SPEC 3. Apps are named by their index in the scenario's `apps`.
    public enum Action: Sendable, Hashable {
        /// The user taps the app's icon or picks it in the app switcher.
        case open(AppIndex)
        /// The user goes to the home screen.
        case home
        /// The user closes this app: `home` when it is frontmost, skipped otherwise (a usage
        /// trace's `Closed` row, SPEC 13). Its kind is `home`.
        case close(AppIndex)
        /// The user locks the device.
        case lock
        /// The user unlocks the device.
        case unlock
        /// A modal system alert covers the frontmost app.
        case alert
        /// The user dismisses the alert.
        case alertDismiss
        /// The user replies to the alert, so Messages takes over.
        case alertReply
        /// An incoming call rings.
        case call
        /// The user declines the ringing call.
        case callDecline
        /// The user answers the ringing call: the Phone app is frontmost.
        case callAnswer
        /// The answered call ends.
        case callEnd
        /// The user swipes the app away in the app switcher.
        case forceQuit(AppIndex)
        /// The system grants the app a background run in a wake-only mode.
        case wake(AppIndex, BackgroundMode)
        /// A continuous background mode begins being used.
        case startMode(AppIndex, BackgroundMode)
        /// A continuous background mode stops being used.
        case stopMode(AppIndex, BackgroundMode)
        /// The app's kept memory grows by this much (negative: frees kept memory).
        case allocate(AppIndex, KiB)
        /// The app's session memory grows by this much (more than 0), given back at its next
        /// `applicationDidEnterBackground` (SPEC 32: `allocate` with `session: true`).
        case allocateSession(AppIndex, KiB)
        /// The OS takes (negative: gives back) this much memory.
        case systemAllocate(KiB)
        /// The device is plugged in (true) or unplugged (false) (SPEC 28 `charge`).
        case charge(Bool)
        /// Low Power Mode goes on (true) or off (false) (SPEC 28 `low_power`).
        case lowPower(Bool)

        /// The event's name as scenario files and reports spell it.
        public var kind: ScenarioEvent.Kind {
            switch self {
            case .open: .open
            case .home, .close: .home
            case .lock: .lock
            case .unlock: .unlock
            case .alert: .alert
            case .alertDismiss: .alertDismiss
            case .alertReply: .alertReply
            case .call: .call
            case .callDecline: .callDecline
            case .callAnswer: .callAnswer
            case .callEnd: .callEnd
            case .forceQuit: .forceQuit
            case .wake: .wake
            case .startMode: .startMode
            case .stopMode: .stopMode
            case .allocate, .allocateSession: .allocate
            case .systemAllocate: .systemAllocate
            case .charge: .charge
            case .lowPower: .lowPower
            }
        }

        /// The app the event names, if any.
        public var app: AppIndex? {
            switch self {
            case .open(let app), .forceQuit(let app), .wake(let app, _), .startMode(let app, _),
                 .stopMode(let app, _), .allocate(let app, _), .allocateSession(let app, _), .close(let app):
                app
            case .home, .lock, .unlock, .alert, .alertDismiss, .alertReply, .call, .callDecline,
                 .callAnswer, .callEnd, .systemAllocate, .charge, .lowPower:
                nil
            }
        }
    }
}

extension ScenarioEvent {
    /// The name of an event kind: the key in a scenario file, the `event` column of
    /// `skipped.csv` and the `cause` of the transitions it makes.
    public enum Kind: String, Sendable, CaseIterable, Hashable {
        case open, home, lock, unlock, alert
        case alertDismiss = "alert_dismiss"
        case alertReply = "alert_reply"
        case call
        case callDecline = "call_decline"
        case callAnswer = "call_answer"
        case callEnd = "call_end"
        case forceQuit = "force_quit"
        case wake
        case startMode = "start_mode"
        case stopMode = "stop_mode"
        case allocate
        case systemAllocate = "system_allocate"
        case charge
        case lowPower = "low_power"
    }
}

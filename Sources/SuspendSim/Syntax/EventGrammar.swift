/// The grammar of an event in a scenario file (SPEC 3, 7), in one table: the value each event
/// key takes, and how a value's parts make the event's action and back. The YAML reader
/// (`ScenarioReader+Events`), the JSON fast path and `ScenarioJSONWriter` all go through it, so
/// that the three cannot disagree on what an event looks like.
///
/// ```yaml
/// - { at: 0, open: com.example.mail }                       # an app id
/// - { at: 5, home: null }                                   # null
/// - { at: 9, wake: { app: com.example.mail, mode: fetch } } # app and mode
/// - { at: 9, allocate: { app: com.example.mail, mb: 40 } }  # app and MB
/// - { at: 9, allocate: { app: com.example.mail, mb: 40, session: true } }  # given back (SPEC 32)
/// - { at: 9, system_allocate: { mb: 200 } }                 # MB
/// - { at: 9, charge: true }                                 # true or false
/// ```
enum EventGrammar {
    /// The key of an event's time, beside its one event key: `at`.
    static let timeKey = "at"

    /// The keys of an event's value mapping, one row each: the app, a background mode, an
    /// amount of MB, and whether an allocation is the session's (SPEC 32). `Value.keys` names
    /// those each value takes; the YAML reader, the JSON fast path and the messages spell
    /// them from here.
    enum ValueKey: String, CaseIterable, Sendable {
        case app, mode, mb, session
    }

    /// What follows an event's key.
    enum Value: Equatable {
        /// `null`.
        case null
        /// An app id.
        case app
        /// `{app, mode}`; `continuous`: the mode must be a continuous one (`start_mode`,
        /// `stop_mode`), else a wake-only one (`wake`).
        case appAndMode(continuous: Bool)
        /// `{app, mb, session}` (MB may be negative: memory given back; `session`, optional,
        /// true or false, SPEC 32).
        case appAndMB
        /// `{mb}` (may be negative).
        case mb
        /// `true` or `false` (`charge`, `low_power`, SPEC 28).
        case flag

        /// The keys of the value's mapping, in the order files write them; none for `null`
        /// and for an app id.
        var keys: [ValueKey] {
            switch self {
            case .null, .app, .flag: []
            case .appAndMode: [.app, .mode]
            case .appAndMB: [.app, .mb, .session]
            case .mb: [.mb]
            }
        }

        /// `keys`' spellings, for a mapping's allowed keys.
        var keyNames: [String] { keys.map(\.rawValue) }
    }

    /// The parts of an event's value, as read (those its kind takes).
    struct Parts: Equatable {
        var app: AppIndex?
        var mode: BackgroundMode?
        var kib: KiB?
        var flag: Bool?
        /// `allocate`'s `session` (SPEC 32); nil or false: kept memory.
        var session: Bool?
    }

    /// The value an event `kind` takes.
    static func value(of kind: ScenarioEvent.Kind) -> Value {
        switch kind {
        case .home, .lock, .unlock, .alert, .alertDismiss, .alertReply, .call, .callDecline, .callAnswer, .callEnd: .null
        case .open, .forceQuit: .app
        case .wake: .appAndMode(continuous: false)
        case .startMode, .stopMode: .appAndMode(continuous: true)
        case .allocate: .appAndMB
        case .systemAllocate: .mb
        case .charge, .lowPower: .flag
        }
    }

    /// The action of an event of `kind` with `parts`; nil when a part its value needs is
    /// missing.
    static func action(_ kind: ScenarioEvent.Kind, _ parts: Parts) -> ScenarioEvent.Action? {
        switch kind {
        case .home: .home
        case .lock: .lock
        case .unlock: .unlock
        case .alert: .alert
        case .alertDismiss: .alertDismiss
        case .alertReply: .alertReply
        case .call: .call
        case .callDecline: .callDecline
        case .callAnswer: .callAnswer
        case .callEnd: .callEnd
        case .open: parts.app.map { .open($0) }
        case .forceQuit: parts.app.map { .forceQuit($0) }
        case .wake: parts.app.flatMap { app in parts.mode.map { .wake(app, $0) } }
        case .startMode: parts.app.flatMap { app in parts.mode.map { .startMode(app, $0) } }
        case .stopMode: parts.app.flatMap { app in parts.mode.map { .stopMode(app, $0) } }
        case .allocate: parts.app.flatMap { app in parts.kib.map { parts.session == true ? .allocateSession(app, $0) : .allocate(app, $0) } }
        case .systemAllocate: parts.kib.map { .systemAllocate($0) }
        case .charge: parts.flag.map { .charge($0) }
        case .lowPower: parts.flag.map { .lowPower($0) }
        }
    }

    /// An action's key and parts, as a file writes them. A usage trace's `close` is written
    /// `home`: it has no spelling of its own, and is the same whenever the app is frontmost
    /// (docs/decisions.md).
    static func parts(of action: ScenarioEvent.Action) -> (kind: ScenarioEvent.Kind, parts: Parts) {
        switch action {
        case .open(let app), .forceQuit(let app): (action.kind, Parts(app: app))
        case .wake(let app, let mode), .startMode(let app, let mode), .stopMode(let app, let mode):
            (action.kind, Parts(app: app, mode: mode))
        case .allocate(let app, let kib): (action.kind, Parts(app: app, kib: kib))
        case .allocateSession(let app, let kib): (action.kind, Parts(app: app, kib: kib, session: true))
        case .systemAllocate(let kib): (action.kind, Parts(kib: kib))
        case .charge(let on), .lowPower(let on): (action.kind, Parts(flag: on))
        case .home, .close, .lock, .unlock, .alert, .alertDismiss, .alertReply, .call, .callDecline, .callAnswer,
             .callEnd:
            (action.kind, Parts())
        }
    }
}

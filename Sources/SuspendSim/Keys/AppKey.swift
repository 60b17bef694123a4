/// The keys of an app in `apps:` (SPEC 7, 11, 13, 17, 22, 28), one row each, in the order messages list
/// them: the reader, the scenario writers, `--set` and `SweepAxis`, the trace's `default_app`
/// and the importers read this table, so that an app key is declared once.
///
/// `id` and the three footprints are read first: `background_mb` defaults to `active_mb`'s
/// value and `suspended_mb` to `background_mb`'s (`AppProfile.init`). Every other key's value
/// then goes where `target` says.
package enum AppKey: String, CaseIterable, Sendable {
    case id
    case activeMB = "active_mb"
    case backgroundMB = "background_mb"
    case suspendedMB = "suspended_mb"
    case purgeableMB = "purgeable_mb"
    case warningReleaseMB = "warning_release_mb"
    case backgroundModes = "background_modes"
    case exitsOnSuspend = "exits_on_suspend"
    case didEnterBackgroundS = "did_enter_background_s"
    case backgroundTaskS = "background_task_s"
    case endsTaskOnExpiration = "ends_task_on_expiration"
    case wakeWorkS = "wake_work_s"
    case savesState = "saves_state"
    case lifecycle
    case traceName = "trace_name"
    case coldLaunchS = "cold_launch_s"
    case resumeS = "resume_s"
    // SPEC 22's keys.
    case compressibleMB = "compressible_mb"
    case compressionRatio = "compression_ratio"
    // SPEC 28's list.
    case bgTasks = "bg_tasks"
    // SPEC 41's time a continuous mode stays in use in a generated workload.
    case modeInUseS = "mode_in_use_s"

    static let names = allCases.map(\.rawValue)
    /// The keys by name: a hashed lookup, cheaper for every key of every app than
    /// `init(rawValue:)`, which compares the name with each case's in turn.
    static let byName = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })

    /// Where a key's value goes in `AppProfile`.
    enum Target: Sendable {
        /// The bundle id.
        case id
        /// One of the three footprints, read before the profile is made (their defaults
        /// follow each other).
        case footprint(WritableKeyPath<AppProfile, KiB> & Sendable)
        /// Another memory field (MB in the file).
        case memory(WritableKeyPath<AppProfile, KiB> & Sendable)
        /// A time field (seconds in the file).
        case time(WritableKeyPath<AppProfile, Millis> & Sendable)
        /// A switch.
        case flag(WritableKeyPath<AppProfile, Bool> & Sendable)
        /// `UIBackgroundModes`, a list of mode names.
        case modes
        /// `app` or `scene` (SPEC 11).
        case lifecycle
        /// The app's name in a usage trace (SPEC 13): kept in the trace mapping, not the profile.
        case traceName
        /// Memory that is nil until the file gives it (its default is a rule).
        case optionalMemory(WritableKeyPath<AppProfile, KiB?> & Sendable)
        /// A ratio of at least 1 in hundredths, nil until the file gives it.
        case optionalRatio(WritableKeyPath<AppProfile, Int64?> & Sendable)
        /// `BGTaskScheduler` requests, a list of mappings whose keys are `BGTaskKey`'s (SPEC 28).
        case bgTasks
        /// A time that is nil until the file gives it (seconds in the file), above 0 after
        /// rounding to a ms (SPEC 41).
        case optionalTime(WritableKeyPath<AppProfile, Millis?> & Sendable)
    }

    /// Where the key's value goes.
    var target: Target {
        switch self {
        case .id: .id
        case .activeMB: .footprint(\.activeKiB)
        case .backgroundMB: .footprint(\.backgroundKiB)
        case .suspendedMB: .footprint(\.suspendedKiB)
        case .purgeableMB: .memory(\.purgeableKiB)
        case .warningReleaseMB: .memory(\.warningReleaseKiB)
        case .backgroundModes: .modes
        case .exitsOnSuspend: .flag(\.exitsOnSuspend)
        case .didEnterBackgroundS: .time(\.didEnterBackgroundMs)
        case .backgroundTaskS: .time(\.backgroundTaskMs)
        case .endsTaskOnExpiration: .flag(\.endsTaskOnExpiration)
        case .wakeWorkS: .time(\.wakeWorkMs)
        case .savesState: .flag(\.savesState)
        case .lifecycle: .lifecycle
        case .traceName: .traceName
        case .coldLaunchS: .time(\.coldLaunchMs)
        case .resumeS: .time(\.resumeMs)
        case .compressibleMB: .optionalMemory(\.compressibleKiB)
        case .compressionRatio: .optionalRatio(\.compressionRatioHundredths)
        case .bgTasks: .bgTasks
        case .modeInUseS: .optionalTime(\.modeInUseMs)
        }
    }

    /// The key's unit.
    var unit: KeyUnit {
        switch target {
        case .footprint, .memory, .optionalMemory: .mb
        case .optionalRatio: .ratio
        case .time, .optionalTime: .seconds
        case .flag: .flag
        case .modes, .bgTasks: .list
        case .id, .lifecycle, .traceName: .name
        }
    }

    /// Its default, in words (SPEC 7, 11, 13, 17).
    var defaultRule: String {
        switch self {
        case .id, .activeMB: "required"
        case .backgroundMB: "active_mb's value"
        case .suspendedMB: "background_mb's value"
        case .purgeableMB, .warningReleaseMB: "0"
        case .didEnterBackgroundS, .backgroundTaskS, .wakeWorkS, .coldLaunchS, .resumeS: defaultSeconds
        case .backgroundModes: "none"
        case .exitsOnSuspend: "false"
        case .endsTaskOnExpiration, .savesState: "true"
        case .lifecycle: "the iOS release's default (app, or scene from iOS 27)"
        case .traceName: "the app's id"
        case .compressibleMB: "all of its memory that is not purgeable"
        case .compressionRatio: "device.compressor.ratio's value"
        case .bgTasks: "none"
        case .modeInUseS: "absent: a continuous mode stays in use until the app dies"
        }
    }

    /// A time key's default in seconds, as the file writes it ("0.4"), read from a profile that
    /// keeps every default: the value is written once, in `AppProfile`.
    private var defaultSeconds: String {
        guard case .time(let path) = target else { preconditionFailure("\(rawValue) is not a time") }
        let ms = AppProfile(id: "", activeKiB: .zero)[keyPath: path].count
        var thousandths = String(ms % 1000)
        while thousandths.count < 3 { thousandths = "0" + thousandths }
        while thousandths.hasSuffix("0") { thousandths.removeLast() }
        return String(ms / 1000) + (thousandths.isEmpty ? "" : "." + thousandths)
    }

    /// The key in words, for an axis' title (SPEC 15), followed there by "of <id>"; the unit
    /// follows from `unit`.
    var words: String {
        switch self {
        case .activeMB: "active memory"
        case .backgroundMB: "background memory"
        case .suspendedMB: "suspended memory"
        case .purgeableMB: "purgeable memory"
        case .warningReleaseMB: "memory released on a warning"
        case .exitsOnSuspend: "exit on suspend"
        case .didEnterBackgroundS: "applicationDidEnterBackground time"
        case .backgroundTaskS: "background task length"
        case .endsTaskOnExpiration: "task end on expiration"
        case .wakeWorkS: "wake work"
        case .savesState: "state saving"
        case .lifecycle: "life cycle"
        case .coldLaunchS: "cold-launch time"
        case .resumeS: "resume time"
        case .id: "bundle id"
        case .backgroundModes: "background modes"
        case .traceName: "name in the trace"
        case .compressibleMB: "compressible memory"
        case .compressionRatio: "compression ratio"
        case .bgTasks: "background task requests"
        case .modeInUseS: "time a mode stays in use"
        }
    }

    /// Whether `--set app.<id>.<key>` and `sweep:` may vary it (SPEC 14): every key but the id
    /// and the trace name, which name things rather than measure them, and the list of task
    /// requests (SPEC 28). The modes sweep as a set (SPEC 41, `ModeSetValue`).
    var sweeps: Bool {
        switch self {
        case .id, .traceName, .bgTasks: false
        default: true
        }
    }

    /// When the scenario writers write it: SPEC 7's keys always; SPEC 11's and 17's where they
    /// differ from the default; `trace_name` never (the profile does not hold it).
    var writing: KeyWriting {
        switch self {
        case .lifecycle, .coldLaunchS, .resumeS, .compressibleMB, .compressionRatio, .bgTasks, .modeInUseS: .unlessDefault
        case .traceName: .never
        default: .always
        }
    }

    /// The keys that sweep, by name (`app.<id>.<key>`).
    static let sweepNames = allCases.filter(\.sweeps).map(\.rawValue)
}

/// The keys of `trace:` (SPEC 13), one row each, in the order messages list them: the reader,
/// `--set` and `SweepAxis`, the batch's pooling of trace users (SPEC 24) and the page's axis
/// titles read this table, so that a trace key is declared once.
package enum TraceKey: String, CaseIterable, Sendable {
    /// The LSApp file, relative to the scenario file.
    case file
    /// The user whose rows are replayed, or `all` (`allUsers`).
    case user
    /// The profile of the trace's apps that are not in `apps:`.
    case defaultApp = "default_app"

    static let names = allCases.map(\.rawValue)

    /// The value of `user` (and of `--set trace.user=`) that sweeps every user of the trace, in
    /// order of first appearance.
    static let allUsers = "all"

    /// The app keys `default_app` may give: every key of `AppKey` but the `id` (a trace app's
    /// is `trace.<name>`) and `trace_name` (its name is the trace's).
    static let defaultAppKeys = AppKey.allCases.filter { $0 != .id && $0 != .traceName }

    /// The prefix of an `app.*` setting that applies to every app a trace adds (`trace.<name>`,
    /// made from `default_app`): `app.trace.*.suspended_mb`. A sensitivity variant (SPEC 39)
    /// sets an app default this way on the apps that took it from `default_app`.
    static let everyTraceApp = "trace.*"
    static let everyTraceAppPrefix = "app." + everyTraceApp + "."

    /// The key's unit.
    var unit: KeyUnit {
        switch self {
        case .file, .user: .name
        case .defaultApp: .mapping
        }
    }

    /// Its default, in words (SPEC 13).
    var defaultRule: String {
        switch self {
        case .file, .user: "required"
        case .defaultApp: "none: a trace app that is not in apps: is an error"
        }
    }

    /// The key in words, for an axis' title (SPEC 15).
    var words: String {
        switch self {
        case .file: "trace file"
        case .user: "trace user"
        case .defaultApp: "profile of the trace's other apps"
        }
    }

    /// Whether `--set` and `sweep:` may vary it (SPEC 13): the user alone.
    var sweeps: Bool { self == .user }

    /// When the scenario writers write it: never. A scenario read from a trace holds the
    /// trace's events and apps, not the block, and `ScenarioJSONWriter` writes those.
    var writing: KeyWriting { .never }

    /// The key's path in messages, as a sweep column and as a `--set` key: `trace.user`.
    var path: String { "trace." + rawValue }
}

/// The keys of `workload:` (SPEC 10, docs/batch-runs.md), one row each, in the order messages
/// list them: the reader and `--set workload.<key>` read this table.
package enum WorkloadKey: String, CaseIterable, Sendable {
    case durationS = "duration_s"
    case zipfS = "zipf_s"
    case dwellS = "dwell_s"
    case gapS = "gap_s"
    case homeShare = "home_share"
    case callsPerHour = "calls_per_hour"
    case answerShare = "answer_share"
    case ringS = "ring_s"
    case callS = "call_s"
    case alertsPerHour = "alerts_per_hour"
    case replyShare = "reply_share"
    case alertS = "alert_s"
    case replyS = "reply_s"
    case wakesPerHour = "wakes_per_hour"
    case allocations

    static let names = allCases.map(\.rawValue)
    static let byName = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })

    /// Where a key's value goes in `Workload`, and how it is checked.
    enum Target: Sendable {
        /// A time (seconds in the file).
        case time(WritableKeyPath<Workload, Millis> & Sendable)
        /// A time that must be more than 0 (`dwell_s`: a session takes time).
        case positiveTime(WritableKeyPath<Workload, Millis> & Sendable)
        /// A probability from 0 to 1.
        case share(WritableKeyPath<Workload, Workload.Share> & Sendable)
        /// A rate per hour.
        case rate(WritableKeyPath<Workload, Workload.Rate> & Sendable)
        /// Zipf's exponent `s`, in thousandths.
        case exponent(WritableKeyPath<Workload, Int64> & Sendable)
        /// The `allocations:` block (`AllocationsKey`).
        case allocations
    }

    /// Where the key's value goes.
    var target: Target {
        switch self {
        case .durationS: .time(\.durationMs)
        case .zipfS: .exponent(\.zipfExponentThousandths)
        case .dwellS: .positiveTime(\.meanDwellMs)
        case .gapS: .time(\.meanGapMs)
        case .homeShare: .share(\.homeShare)
        case .callsPerHour: .rate(\.callsPerHour)
        case .answerShare: .share(\.answerShare)
        case .ringS: .time(\.ringMs)
        case .callS: .time(\.meanCallMs)
        case .alertsPerHour: .rate(\.alertsPerHour)
        case .replyShare: .share(\.replyShare)
        case .alertS: .time(\.alertMs)
        case .replyS: .time(\.replyMs)
        case .wakesPerHour: .rate(\.wakesPerHour)
        case .allocations: .allocations
        }
    }

    /// The key in words, for an axis' title (SPEC 15).
    var words: String {
        switch self {
        case .durationS: "workload length"
        case .zipfS: "Zipf exponent of app popularity"
        case .dwellS: "mean time in an app"
        case .gapS: "mean time between sessions"
        case .homeShare: "share of app switches by the home screen"
        case .callsPerHour: "calls per hour"
        case .answerShare: "share of calls answered"
        case .ringS: "ring time"
        case .callS: "mean call length"
        case .alertsPerHour: "alerts per hour of app use"
        case .replyShare: "share of alerts replied to"
        case .alertS: "time an alert shows"
        case .replyS: "time spent replying"
        case .wakesPerHour: "background wakes per hour per app"
        case .allocations: "allocation bursts"
        }
    }

    /// The key's unit: seconds for a time, none for a share, a rate or an exponent.
    var unit: String? {
        switch target {
        case .time, .positiveTime: "s"
        case .share, .rate, .exponent, .allocations: nil
        }
    }

    /// Every key sweeps but the `allocations:` block, whose keys sweep one by one
    /// (`workload.allocations.<key>`).
    var sweeps: Bool { self != .allocations }

    /// The key as a sweep column and `--set` key: `workload.gap_s`.
    var path: String { "workload." + rawValue }
}

/// The keys of `workload.allocations:`, both required.
package enum AllocationsKey: String, CaseIterable, Sendable {
    case perHour = "per_hour"
    case meanMB = "mean_mb"

    static let names = allCases.map(\.rawValue)

    /// The key in words and its unit, for an axis' title (SPEC 15).
    var words: (words: String, unit: String?) {
        switch self {
        case .perHour: ("allocation bursts per hour of app use", nil)
        case .meanMB: ("mean allocation burst", "MB")
        }
    }

    /// The key as a sweep column and `--set` key: `workload.allocations.per_hour`.
    var path: String { "workload.allocations." + rawValue }
}

/// The keys of `workload:` (docs/batch-runs.md), in the order messages list them.
enum WorkloadKey: String, CaseIterable {
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

    static let names = allCases.map { $0.rawValue }
}

/// The keys of `workload.allocations:`.
enum AllocationsKey: String, CaseIterable {
    case perHour = "per_hour"
    case meanMB = "mean_mb"

    static let names = allCases.map { $0.rawValue }
}

extension ScenarioReader {
    /// The largest `zipf_s`: beyond it every app but the first has the smallest weight anyway.
    static let zipfExponentLimit: Int64 = 100
    /// The largest rate per hour: one arrival per millisecond.
    static let rateLimit: Int64 = 3_600_000

    /// The `workload:` block: `duration_s` is required, every other key has a default (see
    /// `Workload`).
    mutating func readWorkload(_ node: ScenarioNode) -> Workload? {
        guard let fields = fields(node, "workload", allowed: WorkloadKey.names) else { return nil }
        var workload = Workload(durationMs: .zero)
        var isValid = required(fields, "duration_s") != nil
        func track<T>(_ value: T?) -> T? {
            if value == nil { isValid = false }
            return value
        }
        for entry in fields.entries {
            guard let key = WorkloadKey(rawValue: entry.name) else { continue }
            let field = Self.path("workload", entry.name)
            let value = entry.value
            switch key {
            case .durationS: if let ms = track(millis(value, field)) { workload.durationMs = ms }
            case .zipfS: if let thousandths = track(zipfExponent(value, field)) { workload.zipfExponentThousandths = thousandths }
            case .dwellS:
                if let ms = track(millis(value, field)) {
                    if ms > .zero {
                        workload.meanDwellMs = ms
                    } else {
                        report(value, field, "must be at least 0.001 s, got \(value.summary)")
                        isValid = false
                    }
                }
            case .gapS: if let ms = track(millis(value, field)) { workload.meanGapMs = ms }
            case .homeShare: if let share = track(share(value, field)) { workload.homeShare = share }
            case .callsPerHour: if let rate = track(rate(value, field)) { workload.callsPerHour = rate }
            case .answerShare: if let share = track(share(value, field)) { workload.answerShare = share }
            case .ringS: if let ms = track(millis(value, field)) { workload.ringMs = ms }
            case .callS: if let ms = track(millis(value, field)) { workload.meanCallMs = ms }
            case .alertsPerHour: if let rate = track(rate(value, field)) { workload.alertsPerHour = rate }
            case .replyShare: if let share = track(share(value, field)) { workload.replyShare = share }
            case .alertS: if let ms = track(millis(value, field)) { workload.alertMs = ms }
            case .replyS: if let ms = track(millis(value, field)) { workload.replyMs = ms }
            case .wakesPerHour: if let rate = track(rate(value, field)) { workload.wakesPerHour = rate }
            case .allocations:
                if let allocations = track(readAllocations(value, field)) {
                    workload.allocationsPerHour = allocations.rate
                    workload.meanAllocationKiB = allocations.meanKiB
                }
            }
        }
        return isValid ? workload : nil
    }

    /// `allocations: { per_hour, mean_mb }`, both required.
    private mutating func readAllocations(_ node: ScenarioNode, _ path: String) -> (rate: Workload.Rate, meanKiB: KiB)? {
        guard let fields = fields(node, path, allowed: AllocationsKey.names) else { return nil }
        let perHour = required(fields, "per_hour").flatMap { rate($0, Self.path(path, "per_hour")) }
        let meanKiB = required(fields, "mean_mb").flatMap { kib($0, Self.path(path, "mean_mb")) }
        guard let perHour, let meanKiB else { return nil }
        return (perHour, meanKiB)
    }

    /// A probability from 0 to 1, exactly in parts per million (rounded half up).
    mutating func share(_ node: ScenarioNode, _ field: String) -> Workload.Share? {
        guard let value = number(node, field) else { return nil }
        guard !value.isNegative, let perMillion = value.scaled(byPowerOfTen: 6, limit: 1), perMillion <= 1_000_000 else {
            report(node, field, "must be a share from 0 to 1, got \(node.summary)")
            return nil
        }
        return Workload.Share(perMillion: perMillion)
    }

    /// A rate per hour from 0 to 3 600 000, exactly in thousandths (rounded half up).
    mutating func rate(_ node: ScenarioNode, _ field: String) -> Workload.Rate? {
        guard let value = number(node, field) else { return nil }
        guard !value.isNegative, let thousandths = value.scaled(byPowerOfTen: 3, limit: Self.rateLimit) else {
            report(node, field, "must be a rate per hour from 0 to \(Self.rateLimit), got \(node.summary)")
            return nil
        }
        return Workload.Rate(perThousandHours: thousandths)
    }

    /// `zipf_s`: from 0 to 100, in thousandths (rounded half up).
    private mutating func zipfExponent(_ node: ScenarioNode, _ field: String) -> Int64? {
        guard let value = number(node, field) else { return nil }
        guard !value.isNegative, let thousandths = value.scaled(byPowerOfTen: 3, limit: Self.zipfExponentLimit) else {
            report(node, field, "must be an exponent from 0 to \(Self.zipfExponentLimit), got \(node.summary)")
            return nil
        }
        return thousandths
    }
}

extension ScenarioReader {
    /// The largest `zipf_s`: beyond it every app but the first has the smallest weight anyway.
    static let zipfExponentLimit: Int64 = 100
    /// The largest rate per hour: one arrival per millisecond.
    static let rateLimit: Int64 = 3_600_000

    /// The `workload:` block: `duration_s` is required, every other key has a default (see
    /// `Workload`); or the typical day (SPEC 38, `ScenarioReader+TypicalDay`).
    mutating func readWorkload(_ node: ScenarioNode) -> Workload? {
        guard let node = expandingTypicalDay(node), let fields = fields(node, "workload", allowed: WorkloadKey.names) else { return nil }
        var workload = Workload(durationMs: .zero)
        var isValid = required(fields, WorkloadKey.durationS.rawValue) != nil
        func track<T>(_ value: T?) -> T? {
            if value == nil { isValid = false }
            return value
        }
        for entry in fields.entries {
            guard let key = WorkloadKey.byName[entry.name] else { continue }
            let field = Self.path("workload", entry.name)
            let value = entry.value
            switch key.target {
            case .time(let path): if let ms = track(millis(value, field)) { workload[keyPath: path] = ms }
            case .positiveTime(let path):
                if let ms = track(millis(value, field)) {
                    if ms > .zero {
                        workload[keyPath: path] = ms
                    } else {
                        report(value, field, "must be at least 0.001 s, got \(value.summary)")
                        isValid = false
                    }
                }
            case .share(let path): if let share = track(share(value, field)) { workload[keyPath: path] = share }
            case .rate(let path): if let rate = track(rate(value, field)) { workload[keyPath: path] = rate }
            case .exponent(let path): if let thousandths = track(zipfExponent(value, field)) { workload[keyPath: path] = thousandths }
            case .allocations:
                if let allocations = track(readAllocations(value, field)) {
                    workload.allocationsPerHour = allocations.rate
                    workload.meanAllocationKiB = allocations.meanKiB
                }
            }
        }
        if typicalDay.workload { forgetTypicalDayDefaultsAsGiven() }
        return isValid ? workload : nil
    }

    /// The typical day's keys stand in the `workload:` mapping as if the file wrote them; the
    /// ones the reading took from the table are defaults (SPEC 36: its `workload typical-day`
    /// rows are used), so they leave `Scenario.Given`, and the workload is the typical day.
    private mutating func forgetTypicalDayDefaultsAsGiven() {
        given.typicalDayWorkload = true
        let taken = typicalDay.workloadDefaultsTaken
        for path in taken { given.keys.remove(path) }
        let allocations = Self.path(ScenarioKey.workload.rawValue, WorkloadKey.allocations.rawValue)
        if taken.contains(where: { $0.hasPrefix(allocations + ".") }) { given.keys.remove(allocations) }
    }

    /// `allocations: { per_hour, mean_mb }`, both required.
    private mutating func readAllocations(_ node: ScenarioNode, _ path: String) -> (rate: Workload.Rate, meanKiB: KiB)? {
        guard let fields = fields(node, path, allowed: AllocationsKey.names) else { return nil }
        let (perHourKey, meanKey) = (AllocationsKey.perHour.rawValue, AllocationsKey.meanMB.rawValue)
        let perHour = required(fields, perHourKey).flatMap { rate($0, Self.path(path, perHourKey)) }
        let meanKiB = required(fields, meanKey).flatMap { kib($0, Self.path(path, meanKey)) }
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

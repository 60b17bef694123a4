import Foundation

/// `observed:`'s means (SPEC 18), each over the payloads that measured it (SPEC 26 "Metrics
/// that did not exist"): a payload without `applicationExitMetrics` (iOS 13) did not measure
/// exits, one without `applicationLaunchMetrics` did not measure launches, one without
/// `applicationTimeMetrics` did not measure usage. Absent is unknown, not 0; inside a present
/// object an absent counter, histogram or time is 0.
extension MetricKitFacts {
    /// The per-day means of `observed:`, in its key order: the exit counters over the payloads
    /// with `applicationExitMetrics`, then `cold_launches` and `resumes` (the histograms'
    /// bucket counts) over those with `applicationLaunchMetrics`, then `foreground_s` and
    /// `background_s` (SPEC 26 "Usage": `cumulativeForegroundTime` and
    /// `cumulativeBackgroundTime`, in seconds) over those with `applicationTimeMetrics`. A group
    /// no payload measured is left out.
    static func observed(_ payloads: [MetricKitPayload]) throws(ImportError) -> [(key: String, thousandths: UInt64)] {
        let exits = payloads.filter(\.measuresExits)
        let launches = payloads.filter(\.measuresLaunches)
        var sums: [(key: String, sum: UInt64?, days: Int)] = []
        for counter in Scenario.Observed.Counter.allCases where !exits.isEmpty {
            guard let category = counter.exitCategory else { continue }
            sums.append((counter.rawValue, total(exits.map { $0.exitCounts[category] ?? 0 }), exits.count))
        }
        if !launches.isEmpty {
            sums.append(("cold_launches", total(launches.flatMap { ($0.timeToFirstDraw?.buckets ?? []).map(\.count) }), launches.count))
            sums.append(("resumes", total(launches.flatMap { ($0.resumeTime?.buckets ?? []).map(\.count) }), launches.count))
        }
        var means: [(key: String, thousandths: UInt64)] = []
        for (key, sum, days) in sums {
            means.append((key, try rounded(sum.flatMap { MetricKitDecimal($0).thousandths(over: UInt64(days)) }, key)))
        }
        return means + (try usageMeans(payloads.compactMap(\.usage)))
    }

    /// `foreground_s` and `background_s`: the times' sums in milliseconds over the payloads
    /// that measured usage, per day in thousandths of a second; none when no payload did.
    private static func usageMeans(_ usage: [MetricKitPayload.Usage]) throws(ImportError) -> [(key: String, thousandths: UInt64)] {
        guard !usage.isEmpty else { return [] }
        let milliPerDay = UInt64(usage.count) * 1000
        var means: [(key: String, thousandths: UInt64)] = []
        for (counter, times) in [(Scenario.Observed.Counter.foregroundS, usage.map(\.foreground)),
                                 (.backgroundS, usage.map(\.background))] {
            var sum = MetricKitDecimal.zero
            for time in times {
                guard let next = sum.adding(time) else { throw ImportError(unplaced: "the payloads' \(counter.rawValue) values are too large to add up") }
                sum = next
            }
            means.append((counter.rawValue, try rounded(sum.thousandths(over: milliPerDay), counter.rawValue)))
        }
        return means
    }

    /// The notes for stderr on what some payloads did not measure (SPEC 26: "how many payloads
    /// lacked each"; if none has it, `observed:` has none of those counters, and it says so):
    /// `1 of 3 payloads lacks applicationExitMetrics: the exit counters are means over the 2
    /// that have it (observed.exit_days: 2)`.
    static func noteUnmeasured(_ payloads: [MetricKitPayload], notes: inout [String]) {
        let groups: [(object: String, measured: Int, some: String, none: String)] = [
            ("applicationExitMetrics", payloads.count { $0.measuresExits }, "the exit counters are means over",
             "observed: has no exit counters (exits were not measured; iOS 13 did not)"),
            ("applicationLaunchMetrics", payloads.count { $0.measuresLaunches }, "cold_launches and resumes are means over",
             "observed: has no cold_launches or resumes, and cold_launch_s and resume_s are left as they are"),
            ("applicationTimeMetrics", payloads.count { $0.measuresUsage }, "foreground_s and background_s are means over",
             "observed: has no foreground_s or background_s"),
            ("memoryMetrics", payloads.count { $0.measuresMemory }, "active_mb and suspended_mb are from",
             "active_mb and suspended_mb are left as they are"),
        ]
        let days = ["applicationExitMetrics": " (observed.\(ObservedKey.exitDays.rawValue): %d)",
                    "applicationLaunchMetrics": " (observed.\(ObservedKey.launchDays.rawValue): %d)",
                    "applicationTimeMetrics": " (observed.\(ObservedKey.timeDays.rawValue): %d)"]
        for group in groups where group.measured < payloads.count {
            let lacking = payloads.count - group.measured
            guard group.measured > 0 else {
                notes.append("no payload has \(group.object): \(group.none)")
                continue
            }
            let key = days[group.object].map { $0.replacingOccurrences(of: "%d", with: String(group.measured)) } ?? ""
            notes.append("\(lacking) of \(payloads.count) payloads lack\(lacking == 1 ? "s" : "") \(group.object): "
                + "\(group.some) the \(group.measured) that ha\(group.measured == 1 ? "s" : "ve") it\(key)")
        }
    }
}

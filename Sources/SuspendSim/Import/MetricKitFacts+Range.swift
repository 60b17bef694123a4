/// SPEC 35 "Imports write only what reads back": `observed:`'s per-day means must be what the
/// scenario reader takes (at most 4294967.296, `InputLimits.perDayThousandths`); a mean past
/// that is bad input at import, naming the payload whose value is largest, with its JSON
/// path, never a file that `validate` then refuses.
extension MetricKitFacts {
    /// Refuses the first of `means` past the scenario reader's range.
    ///
    /// - Throws: `ImportError` naming the payload with the largest value of that counter.
    static func checkReadsBack(_ means: [(key: String, thousandths: UInt64)], of payloads: [MetricKitPayload]) throws(ImportError) {
        guard let mean = means.first(where: { $0.thousandths > InputLimits.perDayThousandths }) else { return }
        let limit = MetricKitDecimal.text(thousandths: InputLimits.perDayThousandths)
        let message = "observed.\(mean.key) would be \(MetricKitDecimal.text(thousandths: mean.thousandths)) per day, "
            + "past the \(limit) a scenario may hold (SPEC 35)"
        guard let (payload, path) = largest(mean.key, in: payloads) else { throw ImportError(unplaced: message) }
        throw ImportError(payload.file, path.isRoot ? message : "\(path): \(message)")
    }

    /// Refuses an app figure past the scenario reader's range for MB and seconds (2^32, SPEC
    /// 35 "Ranges"): `active_mb`, `suspended_mb`, `cold_launch_s`, `resume_s`, naming the
    /// payload with the largest value behind it.
    func checkFiguresReadBack(_ payloads: [MetricKitPayload]) throws(ImportError) {
        let limit = UInt64(1 << 32) * 1000
        let figures: [(key: AppKey, thousandths: UInt64?, value: (MetricKitPayload) -> (MetricKitDecimal, MetricKitJSONPath)?)] = [
            (.activeMB, activeMB, { p in p.peakMemory.map { ($0, p.path.key("memoryMetrics").key("peakMemoryUsage")) } }),
            (.suspendedMB, suspendedMB, { p in p.averageSuspendedMemory.map { ($0.value, p.path.key("memoryMetrics").key("averageSuspendedMemory")) } }),
            (.coldLaunchS, coldLaunchS, { p in p.timeToFirstDraw.map { ($0.buckets.map(\.end).max() ?? .zero, p.path.key("applicationLaunchMetrics")) } }),
            (.resumeS, resumeS, { p in p.resumeTime.map { ($0.buckets.map(\.end).max() ?? .zero, p.path.key("applicationLaunchMetrics")) } }),
        ]
        for figure in figures {
            guard let thousandths = figure.thousandths, thousandths > limit else { continue }
            let message = "\(figure.key.rawValue) would be \(MetricKitDecimal.text(thousandths: thousandths)), past the 4294967296 "
                + "a scenario may hold (SPEC 35)"
            var best: (payload: MetricKitPayload, path: MetricKitJSONPath, value: MetricKitDecimal)?
            for payload in payloads {
                guard let (value, path) = figure.value(payload) else { continue }
                if best.map({ value > $0.value }) ?? true { best = (payload, path, value) }
            }
            guard let best else { throw ImportError(unplaced: message) }
            throw ImportError(best.payload.file, best.path.isRoot ? message : "\(best.path): \(message)")
        }
    }

    /// The payload whose value of `key` is largest, with the JSON path of that value (of its
    /// histogram's object for the launch counts, whose key has two spellings).
    private static func largest(_ key: String, in payloads: [MetricKitPayload]) -> (MetricKitPayload, MetricKitJSONPath)? {
        guard let counter = Scenario.Observed.Counter(rawValue: key) else { return nil }
        var best: (payload: MetricKitPayload, path: MetricKitJSONPath, value: MetricKitDecimal)?
        for payload in payloads {
            guard let (value, path) = value(of: counter, in: payload) else { continue }
            if best.map({ value > $0.value }) ?? true { best = (payload, path, value) }
        }
        return best.map { ($0.payload, $0.path) }
    }

    /// `counter`'s value in `payload` and its JSON path; nil when the payload did not measure it.
    private static func value(of counter: Scenario.Observed.Counter, in payload: MetricKitPayload) -> (MetricKitDecimal, MetricKitJSONPath)? {
        let path = payload.path
        switch counter {
        case .coldLaunches, .resumes:
            guard payload.measuresLaunches else { return nil }
            let histogram = counter == .coldLaunches ? payload.timeToFirstDraw : payload.resumeTime
            return (MetricKitDecimal(histogram?.total ?? 0), path.key("applicationLaunchMetrics"))
        case .foregroundS, .backgroundS:
            guard let usage = payload.usage else { return nil }
            let key = counter == .foregroundS ? "cumulativeForegroundTime" : "cumulativeBackgroundTime"
            return (counter == .foregroundS ? usage.foreground : usage.background, path.key("applicationTimeMetrics").key(key))
        default:
            guard payload.measuresExits, let category = counter.exitCategory, let field = category.metricKitField else { return nil }
            return (MetricKitDecimal(payload.exitCounts[category] ?? 0), path.key("applicationExitMetrics").key(field.exitData).key(field.key))
        }
    }
}

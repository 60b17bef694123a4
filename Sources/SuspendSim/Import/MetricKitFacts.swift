/// What the payloads of one app say (SPEC 18), ready to be put into a scenario: the app's
/// memory and launch times, the device, and the per-day means of `observed:`.
///
/// Every figure is exact until it is rounded once, half up, to 3 decimals (thousandths):
/// memory in MB of 2^20 bytes (MetricKit's `kB` is 1000 bytes), times in seconds.
struct MetricKitFacts: Sendable {
    /// The app's id: `--app`, else the payloads' `metaData.bundleIdentifier`.
    var app: String
    /// The payloads counted: those of the app (and those naming no app).
    var days: Int
    /// The payloads that measured exits (have `applicationExitMetrics`, SPEC 26).
    var exitDays: Int
    /// The payloads that measured launches (have `applicationLaunchMetrics`, SPEC 26).
    var launchDays: Int
    /// The payloads that measured usage (have `applicationTimeMetrics`, SPEC 26).
    var timeDays: Int
    /// The payloads that measured memory (have `memoryMetrics`, SPEC 26).
    var memoryDays: Int
    /// The largest `peakMemoryUsage`, in thousandths of a MB; nil when no payload has it.
    var activeMB: UInt64?
    /// The mean of `averageSuspendedMemory.averageValue` weighted by `sampleCount` (1 when
    /// absent), in thousandths of a MB; nil when no payload has it.
    var suspendedMB: UInt64?
    /// The pooled median of the time-to-first-draw histograms, in thousandths of a second.
    var coldLaunchS: UInt64?
    /// The pooled median of the resume-time histograms, in thousandths of a second.
    var resumeS: UInt64?
    /// The device as the payloads give it; nil leaves the scenario's device as it is.
    var device: Device?
    /// `observed:` after `app` and the days: each key with its mean per day over the days
    /// that measured it, in thousandths; a counter no payload measured is left out.
    var observed: [(key: String, thousandths: UInt64)]
    /// What the user should know (a device chosen by vote, payloads skipped), for stderr.
    var notes: [String]
    /// Figures read but hard to believe (SPEC 26 "Plausibility"), for stderr.
    var warnings: [String] = []

    /// The device's catalog model (SPEC 11) and iOS release, each nil when no payload says.
    struct Device: Sendable, Hashable {
        var model: DeviceCatalog.Entry?
        var ios: String?
        /// The payloads' `deviceType` when the catalog does not know it (then `model` is nil).
        var unknownProduct: String?
    }

    /// 2^20: bytes in a MB.
    private static let bytesPerMB: UInt64 = 1 << 20

    /// The facts of `payloads` for `app` (nil: the app the payloads name), on one device and
    /// one release (`device`, `ios`: `--device`, `--ios`; nil: the most frequent, SPEC 26).
    ///
    /// - Throws: `ImportError` when the app cannot be told (no bundle id and no `--app`, two
    ///   bundle ids without `--app`), when no payload is the app's, when `device` or `ios`
    ///   keeps none, or when a sum overflows.
    init(_ payloads: [MetricKitPayload], app: String?, device: String? = nil, ios: String? = nil) throws(ImportError) {
        let (app, ofApp, appNotes) = try Self.select(payloads, app: app)
        let (kept, filterNote) = try Self.filtered(ofApp, device: device, ios: ios)
        let notes = appNotes + (filterNote.map { [$0] } ?? [])
        self.app = app
        self.days = kept.count
        self.exitDays = kept.count { $0.measuresExits }
        self.launchDays = kept.count { $0.measuresLaunches }
        self.timeDays = kept.count { $0.measuresUsage }
        self.memoryDays = kept.count { $0.measuresMemory }
        self.notes = notes
        Self.noteUnmeasured(kept, notes: &self.notes)
        if let peak = kept.compactMap(\.peakMemory).max() {
            activeMB = try Self.rounded(peak.thousandths(over: Self.bytesPerMB), "peakMemoryUsage")
        }
        suspendedMB = try Self.weightedSuspendedMB(kept, notes: &self.notes)
        coldLaunchS = MetricKitHistogram.pooledMedianThousandths(kept.compactMap(\.timeToFirstDraw))
        resumeS = MetricKitHistogram.pooledMedianThousandths(kept.compactMap(\.resumeTime))
        self.device = Self.device(kept, notes: &self.notes)
        warnings = Self.plausibilityWarnings(kept, model: self.device?.model)
        observed = try Self.observed(kept)
        try Self.checkReadsBack(observed, of: kept)
        try checkFiguresReadBack(kept)
    }

    /// The app and its payloads (SPEC 18): with `--app`, the payloads naming it or no app
    /// (the others skipped, with a note); without, the one app every payload names.
    private static func select(_ payloads: [MetricKitPayload], app: String?) throws(ImportError)
        -> (app: String, payloads: [MetricKitPayload], notes: [String]) {
        guard let first = payloads.first else { throw ImportError(unplaced: "no payload to read") }
        guard let app else {
            let chosen = try namedApp(payloads)
            return (chosen, payloads, [])
        }
        var skipped: [(id: String, count: Int)] = []
        for id in payloads.compactMap(\.bundleIdentifier) where id != app {
            if let index = skipped.firstIndex(where: { $0.id == id }) { skipped[index].count += 1 } else { skipped.append((id, 1)) }
        }
        let kept = payloads.filter { $0.bundleIdentifier == nil || $0.bundleIdentifier == app }
        guard !kept.isEmpty else {
            throw ImportError(first.file, "no payload of \(app) (--app): the payloads name \(skipped.map(\.id).joined(separator: ", "))")
        }
        let notes = skipped.map { "skipped \($0.count) payload\($0.count == 1 ? "" : "s") of \($0.id), not the app (--app \(app))" }
        return (app, kept, notes)
    }

    /// The one bundle id every payload names; an error naming the payload that names none or
    /// another.
    private static func namedApp(_ payloads: [MetricKitPayload]) throws(ImportError) -> String {
        var chosen: (id: String, payload: MetricKitPayload)?
        for payload in payloads {
            let path = payload.path.key("metaData").key("bundleIdentifier")
            guard let id = payload.bundleIdentifier else {
                throw ImportError(payload.file, "\(path): is missing (payloads before iOS 15 or so name no app); name the app with --app")
            }
            if let chosen, chosen.id != id {
                throw ImportError(payload.file, "\(path): names \(id), but \(chosen.payload.place) names \(chosen.id); "
                    + "the payloads are of two apps: choose one with --app")
            }
            if chosen == nil { chosen = (id, payload) }
        }
        guard let chosen else { throw ImportError(unplaced: "no payload to read") }
        return chosen.id
    }

    /// `suspended_mb`: the weighted mean of the payloads' `averageSuspendedMemory`.
    private static func weightedSuspendedMB(_ payloads: [MetricKitPayload], notes: inout [String]) throws(ImportError) -> UInt64? {
        let averages = payloads.compactMap(\.averageSuspendedMemory)
        guard !averages.isEmpty else { return nil }
        var sum = MetricKitDecimal.zero
        var weights: UInt64 = 0
        for average in averages {
            let weight = average.sampleCount ?? 1
            guard let term = average.value.multiplied(by: weight), let next = sum.adding(term) else {
                throw ImportError(unplaced: "the payloads' averageSuspendedMemory values are too large to add up")
            }
            let (nextWeights, overflow) = weights.addingReportingOverflow(weight)
            guard !overflow else { throw ImportError(unplaced: "the payloads' sampleCount values are too large to add up") }
            sum = next
            weights = nextWeights
        }
        guard weights > 0 else {
            notes.append("every averageSuspendedMemory has sampleCount 0: suspended_mb left as it is")
            return nil
        }
        let (denominator, overflow) = weights.multipliedReportingOverflow(by: bytesPerMB)
        return try rounded(overflow ? nil : sum.thousandths(over: denominator), "averageSuspendedMemory")
    }

    /// `value`, or an error saying that the figure `field` overflowed.
    static func rounded(_ value: UInt64?, _ field: String) throws(ImportError) -> UInt64 {
        guard let value else { throw ImportError(unplaced: "the payloads' \(field) values are too large to add up") }
        return value
    }

    /// The sum of `counts`, or nil when it does not fit.
    static func total(_ counts: [UInt64]) -> UInt64? {
        var sum: UInt64 = 0
        for count in counts {
            let (next, overflow) = sum.addingReportingOverflow(count)
            if overflow { return nil }
            sum = next
        }
        return sum
    }
}

extension ImportError {
    /// An error about the payloads together rather than one file.
    init(unplaced message: String) { description = message }
}

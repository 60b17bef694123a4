import Foundation

/// Reads the MetricKit payloads of one file (SPEC 18): one `MXMetricPayload` JSON object (the
/// shape of its `jsonRepresentation()`), a JSON array of them, or an object whose `payloads`
/// is such an array, as collectors store them.
///
/// Keys are Apple's (`MXMetaData`, `MXAppExitMetric` with `MXForegroundExitData` and
/// `MXBackgroundExitData`, `MXMemoryMetric`, `MXAppLaunchMetric` with its two `MXHistogram`s,
/// `MXAppRunTimeMetric` under `applicationTimeMetrics`). Unknown keys are ignored: Apple adds fields every year. An absent counter is 0, and
/// `"foregroundExitData": {}` holds only zeros. Every payload must have its `metaData`
/// object, even when `--app` names the app: it is what every `MXMetricPayload` carries, and a
/// payload without it is not one. `metaData.bundleIdentifier` may be absent (before iOS 15 or
/// so); then `--app` is needed.
///
/// Anything else is refused with the file and the JSON path: `payloads[3].memoryMetrics.
/// peakMemoryUsage: cannot read "12 parsecs" ...`. A file in another shape (the iOS 27 SDK's
/// `MetricReport` among them) is refused, listing the top-level keys it has.
struct MetricKitPayloadReader {
    /// The file's name, as messages give it.
    let file: String
    /// `--region`: overrides every payload's `metaData.regionFormat` (SPEC 26 "Locale").
    var region: MetricKitRegion? = nil

    /// The keys that make an object an `MXMetricPayload`: it has at least one.
    static let payloadKeys: Set<String> = [
        "metaData", "timeStampBegin", "timeStampEnd", "appVersion",
        "applicationExitMetrics", "applicationLaunchMetrics", "applicationTimeMetrics",
        "applicationResponsivenessMetrics", "memoryMetrics", "cpuMetrics", "gpuMetrics",
        "diskIOMetrics", "displayMetrics", "networkTransferMetrics", "cellularConditionMetrics",
        "locationActivityMetrics", "signpostMetrics", "animationMetrics",
    ]

    /// The payloads of the file's bytes, in file order.
    ///
    /// - Throws: `ImportError` naming the file and the JSON path of the first problem; first
    ///   of all a duplicate key or nesting deeper than 256 levels (SPEC 35).
    func payloads(_ data: Data) throws(ImportError) -> [MetricKitPayload] {
        if let problem = JSONShapeCheck.firstProblem(in: data) { throw ImportError(file, problem.description) }
        let json: MetricKitJSON
        do {
            json = try MetricKitJSON.decode(data)
        } catch {
            // Where the text stops being JSON (SPEC 35), when it does: a truncated file says so.
            guard let failure = JSONSyntaxCheck.firstError(in: [UInt8](data)) else {
                throw ImportError(file, "not JSON (\(Self.reason(error)))")
            }
            throw ImportError(file, "not JSON: \(failure)")
        }
        let items = try payloadItems(json)
        guard !items.isEmpty else {
            throw ImportError(file, "holds no payload (an empty array)")
        }
        var payloads: [MetricKitPayload] = []
        for (value, path) in items { payloads.append(try payload(value, at: path)) }
        return payloads
    }

    /// The payload objects of the file with their paths, whichever of the three shapes it has.
    private func payloadItems(_ json: MetricKitJSON) throws(ImportError) -> [(MetricKitJSON, MetricKitJSONPath)] {
        switch json {
        case .array(let items):
            return items.enumerated().map { ($0.element, MetricKitJSONPath.root.index($0.offset)) }
        case .object(let fields):
            if let list = fields["payloads"] {
                let path = MetricKitJSONPath.root.key("payloads")
                guard case .array(let items) = list else {
                    throw fail(path, "expected an array of MXMetricPayload objects, got \(list.kind)")
                }
                return items.enumerated().map { ($0.element, path.index($0.offset)) }
            }
            return [(json, .root)]
        case .string, .integer, .number, .bool, .null:
            throw ImportError(file, "not MetricKit payloads: the top level is \(json.kind); " + Self.shapes)
        }
    }

    /// What the file may hold, for messages.
    private static let shapes = "expected an MXMetricPayload object, an array of them, or an object whose payloads is such an array"

    /// One payload's facts.
    private func payload(_ value: MetricKitJSON, at path: MetricKitJSONPath) throws(ImportError) -> MetricKitPayload {
        guard case .object(let fields) = value else {
            throw fail(path, "expected an MXMetricPayload object, got \(value.kind)")
        }
        guard !Self.payloadKeys.isDisjoint(with: fields.keys) else {
            let keys = fields.keys.sorted().joined(separator: ", ")
            let found = keys.isEmpty ? "an empty object" : "an object with the keys \(keys)"
            throw fail(path, "not a MetricKit payload: found \(found); " + Self.shapes
                + " (the iOS 27 SDK's MetricReport form is not read)")
        }
        var payload = MetricKitPayload(file: file, path: path)
        guard let meta = try object(fields, "metaData", at: path) else {
            throw fail(path.key("metaData"), "is missing; every MXMetricPayload has its MXMetaData")
        }
        let metaPath = path.key("metaData")
        payload.bundleIdentifier = try string(meta, "bundleIdentifier", at: metaPath)
        if let id = payload.bundleIdentifier, let problem = IdentifierRules.controlProblem(id) ?? IdentifierRules.formulaProblem(id) {
            throw fail(metaPath.key("bundleIdentifier"), problem)
        }
        payload.deviceType = try string(meta, "deviceType", at: metaPath)
        payload.osVersion = try string(meta, "osVersion", at: metaPath)
        payload.regionFormat = try string(meta, "regionFormat", at: metaPath)
        try readExits(fields, at: path, into: &payload)
        try readMemory(fields, at: path, into: &payload)
        try readLaunches(fields, at: path, into: &payload)
        try readUsage(fields, at: path, into: &payload)
        return payload
    }

    /// `applicationExitMetrics` (`MXAppExitMetric`): the counters of SPEC 17 it has.
    private func readExits(_ fields: [String: MetricKitJSON], at path: MetricKitJSONPath, into payload: inout MetricKitPayload) throws(ImportError) {
        guard let exits = try object(fields, "applicationExitMetrics", at: path) else { return }
        payload.measuresExits = true
        let exitsPath = path.key("applicationExitMetrics")
        for counter in Scenario.Observed.Counter.allCases {
            guard let category = counter.exitCategory, let field = category.metricKitField,
                  let data = try object(exits, field.exitData, at: exitsPath) else { continue }
            payload.exitCounts[category] = try count(data, field.key, at: exitsPath.key(field.exitData)) ?? 0
        }
    }

    /// `memoryMetrics` (`MXMemoryMetric`): `peakMemoryUsage` and `averageSuspendedMemory`.
    private func readMemory(_ fields: [String: MetricKitJSON], at path: MetricKitJSONPath, into payload: inout MetricKitPayload) throws(ImportError) {
        guard let memory = try object(fields, "memoryMetrics", at: path) else { return }
        payload.measuresMemory = true
        let memoryPath = path.key("memoryMetrics")
        let numbers = numberReading(of: payload)
        payload.peakMemory = try measurement(memory, "peakMemoryUsage", at: memoryPath, .memory, numbers)
        guard let average = try object(memory, "averageSuspendedMemory", at: memoryPath) else { return }
        let averagePath = memoryPath.key("averageSuspendedMemory")
        guard let value = try measurement(average, "averageValue", at: averagePath, .memory, numbers) else {
            throw fail(averagePath.key("averageValue"), "is missing")
        }
        payload.averageSuspendedMemory = .init(value: value, sampleCount: try count(average, "sampleCount", at: averagePath))
    }

    /// `applicationLaunchMetrics` (`MXAppLaunchMetric`): its two histograms, under Apple's
    /// JSON keys or the Swift property names.
    private func readLaunches(_ fields: [String: MetricKitJSON], at path: MetricKitJSONPath, into payload: inout MetricKitPayload) throws(ImportError) {
        guard let launches = try object(fields, "applicationLaunchMetrics", at: path) else { return }
        payload.measuresLaunches = true
        let launchPath = path.key("applicationLaunchMetrics")
        let numbers = numberReading(of: payload)
        payload.timeToFirstDraw = try histogram(launches, ["histogrammedTimeToFirstDrawKey", "histogrammedTimeToFirstDraw"], at: launchPath, numbers)
        payload.resumeTime = try histogram(launches, ["histogrammedResumeTime", "histogrammedApplicationResumeTime"], at: launchPath, numbers)
    }

    /// `applicationTimeMetrics` (`MXAppRunTimeMetric`): `cumulativeForegroundTime` and
    /// `cumulativeBackgroundTime`, each 0 when absent inside the object (SPEC 18, 26).
    private func readUsage(_ fields: [String: MetricKitJSON], at path: MetricKitJSONPath, into payload: inout MetricKitPayload) throws(ImportError) {
        guard let times = try object(fields, "applicationTimeMetrics", at: path) else { return }
        let timePath = path.key("applicationTimeMetrics")
        let numbers = numberReading(of: payload)
        payload.usage = .init(foreground: try measurement(times, "cumulativeForegroundTime", at: timePath, .time, numbers) ?? .zero,
                              background: try measurement(times, "cumulativeBackgroundTime", at: timePath, .time, numbers) ?? .zero)
    }

    /// The `MXHistogram` under the first of `keys` present; nil when none is. Its buckets
    /// are read in the order of their keys ("0", "1", ...), so that the first problem
    /// reported is the same every time; the median does not depend on that order.
    private func histogram(_ fields: [String: MetricKitJSON], _ keys: [String], at path: MetricKitJSONPath,
                           _ numbers: Numbers) throws(ImportError) -> MetricKitHistogram? {
        guard let key = keys.first(where: { fields[$0] != nil }), let histogram = try object(fields, key, at: path) else { return nil }
        let histogramPath = path.key(key)
        guard let values = try object(histogram, "histogramValue", at: histogramPath) else { return MetricKitHistogram(buckets: []) }
        let valuesPath = histogramPath.key("histogramValue")
        var buckets: [MetricKitHistogram.Bucket] = []
        for name in values.keys.sorted(by: { (Int($0) ?? .max, $0) < (Int($1) ?? .max, $1) }) {
            guard let bucket = try object(values, name, at: valuesPath) else { continue }
            let bucketPath = valuesPath.key(name)
            guard let start = try measurement(bucket, "bucketStart", at: bucketPath, .time, numbers) else {
                throw fail(bucketPath.key("bucketStart"), "is missing")
            }
            guard let end = try measurement(bucket, "bucketEnd", at: bucketPath, .time, numbers) else {
                throw fail(bucketPath.key("bucketEnd"), "is missing")
            }
            buckets.append(.init(start: start, end: end, count: try count(bucket, "bucketCount", at: bucketPath) ?? 0))
        }
        return MetricKitHistogram(buckets: buckets)
    }
}

extension MetricKitPayloadReader {
    /// The error for the value at `path`.
    private func fail(_ path: MetricKitJSONPath, _ message: String) -> ImportError {
        ImportError(file, path.isRoot ? message : "\(path): \(message)")
    }

    /// The object under `key`; nil when absent or null.
    private func object(_ fields: [String: MetricKitJSON], _ key: String, at path: MetricKitJSONPath) throws(ImportError) -> [String: MetricKitJSON]? {
        switch fields[key] {
        case nil, .null?: return nil
        case .object(let object)?: return object
        case let value?: throw fail(path.key(key), "expected an object, got \(value.summary)")
        }
    }

    /// The string under `key`; nil when absent, null or empty.
    private func string(_ fields: [String: MetricKitJSON], _ key: String, at path: MetricKitJSONPath) throws(ImportError) -> String? {
        switch fields[key] {
        case nil, .null?: return nil
        case .string(let text)?: return text.isEmpty ? nil : text
        case let value?: throw fail(path.key(key), "expected a string, got \(value.summary)")
        }
    }

    /// The count under `key` (an exit counter, `bucketCount`, `sampleCount`): a JSON number
    /// that is a whole number, 0 or more, as Apple writes them; nil when absent or null.
    private func count(_ fields: [String: MetricKitJSON], _ key: String, at path: MetricKitJSONPath) throws(ImportError) -> UInt64? {
        switch fields[key] {
        case nil, .null?: return nil
        case .integer(let value)? where (0...InputLimits.count).contains(value): return UInt64(value)
        case .number(let value)? where value >= 0 && value <= Double(InputLimits.count) && value.rounded() == value: return UInt64(value)
        case let value?: throw fail(path.key(key), "must be a whole number from 0 to \(InputLimits.count) (SPEC 35), got \(value.summary)")
        }
    }

    /// How a payload's numbers are read (SPEC 26 "Locale"): by `--region`, else by its
    /// `metaData.regionFormat` when listed; `written` is the region as the payload gives it
    /// (nil when absent), for messages.
    struct Numbers {
        var region: MetricKitRegion?
        var written: String?
        var overridden: Bool
    }

    /// How `payload`'s numbers are read: `--region` wins over its `regionFormat`.
    private func numberReading(of payload: MetricKitPayload) -> Numbers {
        if let region { return Numbers(region: region, written: region.code, overridden: true) }
        return Numbers(region: payload.regionFormat.flatMap(MetricKitRegion.init), written: payload.regionFormat, overridden: false)
    }

    /// The measurement string under `key`, in bytes or milliseconds as `dimension` says, its
    /// number read by `numbers`; nil when absent or null. A bare number is refused: Apple
    /// writes these with a unit. An ambiguous number without a listed region, and a number
    /// that does not fit its region, are refused saying so (SPEC 26, 27).
    private func measurement(_ fields: [String: MetricKitJSON], _ key: String, at path: MetricKitJSONPath,
                             _ dimension: MetricKitQuantity.Dimension, _ numbers: Numbers) throws(ImportError) -> MetricKitDecimal? {
        let expected = switch dimension {
        case .memory: "a memory measurement: a number, then B, kB, KB, MB or GB, such as \"367,000 kB\""
        case .time: "a time measurement: a number, then ms, sec, s, min or h, such as \"1,010 ms\""
        }
        let text: String
        switch fields[key] {
        case nil, .null?: return nil
        case .string(let string)?: text = string
        case let value?: throw fail(path.key(key), "cannot read \(value.summary); expected \(expected)")
        }
        switch MetricKitQuantity.read(text, convention: numbers.region?.convention) {
        case .success(let quantity) where quantity.dimension == dimension:
            return quantity.value
        case .success, .failure(.unreadable):
            throw fail(path.key(key), "cannot read \"\(text)\"; expected \(expected)")
        case .failure(.ambiguous(let number)):
            throw fail(path.key(key), "cannot read \"\(text)\": \(number) is ambiguous (one separator followed by three digits: "
                + "a group or a decimal point?) and \(Self.regionSaid(numbers)), which says which; set --region")
        case .failure(.foreignCharacter(let number)):
            throw fail(path.key(key), "cannot read \"\(text)\": \"\(number)\" holds a character that is no separator "
                + "(only \",\", \".\" and spaces separate digits)")
        case .failure(.doesNotFit(let number)):
            let convention = numbers.region?.convention ?? .pointDecimal
            let by = numbers.region.map { "region \($0.code)\(numbers.overridden ? " (--region)" : "")" }
                ?? "SPEC 18's reading, as \(Self.regionSaid(numbers))"
            throw fail(path.key(key), "cannot read \"\(text)\": \(number) does not fit \(by) (\(convention.summary))"
                + (numbers.region == nil ? "; set --region" : ""))
        }
    }

    /// What the payload says of its region when no listed one reads its numbers.
    private static func regionSaid(_ numbers: Numbers) -> String {
        guard let written = numbers.written else { return "metaData.regionFormat is absent" }
        return "metaData.regionFormat \"\(written)\" is not a listed region"
    }

    /// What the JSON decoder found wrong, in a few words.
    private static func reason(_ error: any Error) -> String {
        guard case DecodingError.dataCorrupted(let context) = error else { return "\(error)" }
        if let underlying = context.underlyingError { return "\(underlying)" }
        return context.debugDescription
    }
}

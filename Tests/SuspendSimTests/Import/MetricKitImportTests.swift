import Foundation
import Testing
import Yams
@testable import SuspendSim

/// SPEC 18 `suspendsim import metrickit`: measurement strings, the pooled median, the weighted
/// mean, exact rounding, the device vote, every refusal with its JSON path, and the scenario
/// written back (checked by composing it with Yams). Fixtures: `Tests/Data/metrickit/`.
@Suite struct MetricKitImportTests {
    static func fixture(_ name: String) -> String { packageFile("Tests/Data/metrickit/\(name)") }

    /// The payloads of `json`, read as the file `day3.json`.
    static func payloads(_ json: String, file: String = "day3.json") throws(ImportError) -> [MetricKitPayload] {
        try MetricKitPayloadReader(file: file).payloads(Data(json.utf8))
    }

    /// The description of the `ImportError` `body` throws; nil when it throws none.
    static func failure(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch let error as ImportError {
            return error.description
        } catch {
            return "not an ImportError: \(error)"
        }
    }

    /// A small payload of `app` with the given peak memory, as JSON text.
    static func payload(app: String? = "com.acme.shop", device: String = "iPhone12,1", os: String = "iPhone OS 17.2.1 (21C66)",
                        extra: String = "\"memoryMetrics\": {\"peakMemoryUsage\": \"300,000 kB\"}") -> String {
        let bundle = app.map { ", \"bundleIdentifier\": \"\($0)\"" } ?? ""
        return "{\"metaData\": {\"regionFormat\": \"US\", \"deviceType\": \"\(device)\", \"osVersion\": \"\(os)\"\(bundle)}, \(extra)}"
    }

    /// The facts of the fixture files `names`.
    static func facts(_ names: [String], app: String? = nil) throws(ImportError) -> MetricKitFacts {
        try MetricKitFacts(MetricKitPayloadFile.read(names.map(fixture)), app: app)
    }

    /// `text` composed with Yams: its top-level mapping.
    static func compose(_ text: String) throws -> Node.Mapping {
        let node = try Yams.compose(yaml: text)
        return try #require(node?.mapping)
    }

    /// The scalar strings of a mapping's keys, in order.
    static func keys(_ mapping: Node.Mapping?) -> [String] { (mapping?.keys.compactMap(\.string)) ?? [] }

    /// The entry of `apps` with id `id`.
    static func app(_ root: Node.Mapping, _ id: String) -> Node.Mapping? {
        root["apps"]?.sequence?.first { $0.mapping?["id"]?.string == id }?.mapping
    }

    // MARK: Measurement strings

    @Test("Measurement strings: each unit, group separators, decimals, Chinese units, exactly (SPEC 18)", arguments: [
        ("367,000 kB", MetricKitQuantity.Dimension.memory, "367000000"), ("12 B", .memory, "12"), ("1.5 KB", .memory, "1500"),
        ("2 MB", .memory, "2000000"), ("1.25 GB", .memory, "1250000000"), ("1.2345 kB", .memory, "1234.5"),
        ("12kB", .memory, "12000"), ("12\u{00A0}kB", .memory, "12000"),
        ("1,010 ms", .time, "1010"), ("0.5 ms", .time, "0.5"), ("1,234,567.891 ms", .time, "1234567.891"),
        ("2.5 sec", .time, "2500"), ("3 s", .time, "3000"), ("2 min", .time, "120000"), ("1 h", .time, "3600000"),
        ("1,106,818千字节", .memory, "1106818000"), ("1,530毫秒", .time, "1530"), ("2,717秒", .time, "2717000"),
        ("5兆字节", .memory, "5000000"), ("12字节", .memory, "12"), ("3分钟", .time, "180000"), ("1小时", .time, "3600000"),
    ])
    func measurement(_ text: String, _ dimension: MetricKitQuantity.Dimension, _ value: String) throws {
        let quantity = try #require(MetricKitQuantity(text))
        #expect(quantity.dimension == dimension)
        #expect(quantity.value.description == value)
    }

    @Test("Anything else is not a measurement (SPEC 18)", arguments: [
        "12 parsecs", "12a kB", "1,2,3", "", "kB", "12", "12  kB", "-5 kB", "1,23 kB", "1,2345 kB", "12. kB", ".5 kB",
        "12 kb", "1e3 kB", " 12 kB", "12 kB ", "12,kB", "1234567890123456789 B", "12 千 字节",
    ])
    func notAMeasurement(_ text: String) {
        #expect(MetricKitQuantity(text) == nil)
    }

    // MARK: Exact arithmetic

    @Test("Rounding is half up and exact: 0.5 ms is 0.001 s, a 1,000-1,001 ms bucket 1.001 s, 65,536 bytes 0.063 MB, 65,535 bytes 0.062")
    func halfUp() throws {
        let halfMillisecond = try #require(MetricKitQuantity("0.5 ms")).value
        #expect(halfMillisecond.thousandths(over: 1_000) == 1)
        #expect(try #require(MetricKitQuantity("65.536 kB")).value.thousandths(over: 1 << 20) == 63)
        #expect(try #require(MetricKitQuantity("65.535 kB")).value.thousandths(over: 1 << 20) == 62)
        // Midpoints at .0005 s: 0.5 ms, and 1,000.5 ms, which `String(format: "%.3f", 1.0005)`
        // writes as 1.000 (the Double just below 1.0005).
        func median(_ start: UInt64, _ end: UInt64) -> UInt64? {
            let bucket = MetricKitHistogram.Bucket(start: MetricKitDecimal(start), end: MetricKitDecimal(end), count: 1)
            return MetricKitHistogram.pooledMedianThousandths([MetricKitHistogram(buckets: [bucket])])
        }
        #expect(median(0, 1) == 1)
        #expect(median(1_000, 1_001) == 1_001)
        #expect(MetricKitDecimal.text(thousandths: try #require(median(1_000, 1_001))) == "1.001")
    }

    @Test("Numbers are written with up to 3 decimals, trailing zeros dropped", arguments: [
        (UInt64(1333), "1.333"), (800, "0.8"), (5000, "5"), (0, "0"), (1005, "1.005"), (10, "0.01"), (362_873, "362.873"),
    ])
    func numberText(_ thousandths: UInt64, _ text: String) {
        #expect(MetricKitDecimal.text(thousandths: thousandths) == text)
    }

    // MARK: The median, the mean, the counters

    @Test("The pooled median: buckets in rising bucketStart whatever their keys, the first reaching half the total; the outlier ignored")
    func pooledMedian() throws {
        let facts = try Self.facts(["resume-outlier.json"])
        #expect(facts.resumeS == 275)
        // Every order of the keys gives the same median.
        let buckets = [("270 ms", "280 ms", 3), ("440 ms", "450 ms", 2), ("1,190,070 ms", "1,190,080 ms", 1)]
        for order in [[0, 1, 2], [2, 0, 1], [1, 2, 0], [2, 1, 0]] {
            let values = order.enumerated().map { key, index in
                "\"\(key)\": {\"bucketStart\": \"\(buckets[index].0)\", \"bucketEnd\": \"\(buckets[index].1)\", \"bucketCount\": \(buckets[index].2)}"
            }
            let extra = "\"applicationLaunchMetrics\": {\"histogrammedResumeTime\": {\"histogramValue\": {\(values.joined(separator: ", "))}}}"
            let payloads = try Self.payloads("[\(Self.payload(extra: extra))]")
            #expect(MetricKitHistogram.pooledMedianThousandths(payloads.compactMap(\.resumeTime)) == 275, "order \(order)")
        }
        // Across payloads: 1,000 ms x2 (day 1), 1,000 ms x3 and 2,000 ms x1 (day 2), 1,500 ms x1: the 5th of 7 is at 1,005.
        #expect(try Self.facts(["ios17-days.json"]).coldLaunchS == 1_005)
    }

    @Test("The median is the first bucket whose running count reaches half: 1 of 2 does, 1 of 3 does not")
    func medianReachesHalf() {
        func histogram(_ counts: [UInt64]) -> MetricKitHistogram {
            MetricKitHistogram(buckets: counts.enumerated().map { index, count in
                .init(start: MetricKitDecimal(UInt64(index) * 100), end: MetricKitDecimal(UInt64(index) * 100 + 10), count: count)
            })
        }
        #expect(MetricKitHistogram.pooledMedianThousandths([histogram([1, 1])]) == 5)
        #expect(MetricKitHistogram.pooledMedianThousandths([histogram([1, 2])]) == 105)
        #expect(MetricKitHistogram.pooledMedianThousandths([histogram([0, 0])]) == nil)
        #expect(MetricKitHistogram.pooledMedianThousandths([]) == nil)
    }

    @Test("suspended_mb: averageValue weighted by sampleCount, 1 without it; active_mb: the largest peak")
    func weightedMean() throws {
        // (120,000 kB x 500 + 130,000 kB x 1,500) / 2,000 = 127,500,000 bytes = 121.5934... MB.
        let days = try Self.facts(["ios17-days.json"])
        #expect(days.suspendedMB == 121_593)
        #expect(days.activeMB == 362_873)  // 380,500 kB
        // No sampleCount: (90,000 kB + 110,000 kB) / 2 = 95.367 MB (a weighted mean would differ).
        #expect(try Self.facts(["collector.json"]).suspendedMB == 95_367)
        // 3 samples of 100,000 kB beside one payload without sampleCount at 200,000 kB: 125,000 kB = 119.209 MB.
        func average(_ value: String, _ count: String) -> String {
            "\"memoryMetrics\": {\"averageSuspendedMemory\": {\"averageValue\": \"\(value)\"\(count)}}"
        }
        let mixed = try Self.payloads("[\(Self.payload(extra: average("100,000 kB", ", \"sampleCount\": 3"))), \(Self.payload(extra: average("200,000 kB", "")))]")
        let facts = try MetricKitFacts(mixed, app: nil)
        #expect(facts.suspendedMB == 119_209)
        #expect(facts.activeMB == nil)
    }

    @Test("observed: per-day means of the counters and histogram counts, absent counters and {} as 0; exits over the 2 of 3 days that measured them (SPEC 26)")
    func observedMeans() throws {
        let facts = try Self.facts(["ios17-days.json"])
        #expect(facts.days == 3)
        #expect(facts.exitDays == 2 && facts.launchDays == 3)
        // No payload of this file has applicationTimeMetrics: no seconds (SPEC 26).
        #expect(facts.observed.map(\.key) == Scenario.Observed.Counter.allCases.filter { $0.kind != .seconds }.map(\.rawValue))
        // Exit totals 1, 2, 0, 0, 1, 0, 4 over the 2 days with applicationExitMetrics (not 3:
        // the third payload did not measure exits); launches 7 and 15 over all 3.
        #expect(facts.observed.map(\.thousandths) == [500, 1_000, 0, 0, 500, 0, 2_000, 2_333, 5_000])
    }

    // MARK: The device

    @Test("osVersion gives MAJOR.MINOR", arguments: [
        ("iPhone OS 17.2.1 (21C66)", "17.2"), ("iPhone OS 14.8 (18H17)", "14.8"), ("iPhone OS 18 (22A3354)", "18.0"),
        ("iPadOS 17.4 (21E219)", "17.4"), ("iOS", nil), ("iPhone OS 17.x", nil),
    ] as [(String, String?)])
    func iosRelease(_ osVersion: String, _ release: String?) {
        #expect(MetricKitFacts.iosRelease(osVersion) == release)
    }

    @Test("The most frequent value, ties to the first in file order")
    func mostFrequent() {
        #expect(MetricKitFacts.mostFrequent(["a", "b", "b", "a", "c"])?.value == "a")
        #expect(MetricKitFacts.mostFrequent(["x", "y", "y"])?.value == "y")
        #expect(MetricKitFacts.mostFrequent([]) == nil)
    }

    @Test("A folder is read in name order: its two days tie, so the first (a-day.json) gives the device; the other is left out (SPEC 26)")
    func folderVote() throws {
        #expect(try MetricKitPayloadFile.files([Self.fixture("folder")]).map { $0.split(separator: "/").last.map(String.init) } == ["a-day.json", "b-day.json"])
        let facts = try Self.facts(["folder"])
        #expect(facts.device?.model?.model == "iphone-14")
        #expect(facts.device?.ios == "17.2")
        #expect(facts.days == 1)
        #expect(facts.notes.contains("kept 1 of 2 payloads (device iphone-14, iOS 17.2): left out 1 by device and 0 by release"))
        #expect(facts.observed.first { $0.key == "background_memory_pressure" }?.thousandths == 1_000)
    }

    @Test("An unknown product id gives no model but keeps the payloads' release and the id, for the import's note (SPEC 18)")
    func unknownDevice() throws {
        let facts = try MetricKitFacts(try Self.payloads(Self.payload(device: "iPhone99,9")), app: nil)
        #expect(facts.device?.model == nil)
        #expect(facts.device?.unknownProduct == "iPhone99,9")
        #expect(facts.device?.ios == "17.2")
    }

    // MARK: The app

    @Test("--app keeps payloads naming it or none and skips the others with a note; without --app one app is needed")
    func appChoice() throws {
        let mixed = try Self.payloads("[\(Self.payload()), \(Self.payload(app: "com.other")), \(Self.payload(app: nil))]")
        let chosen = try MetricKitFacts(mixed, app: "com.acme.shop")
        #expect(chosen.days == 2)
        #expect(chosen.notes.first == "skipped 1 payload of com.other, not the app (--app com.acme.shop)")
        #expect(Self.failure { _ = try MetricKitFacts(mixed, app: nil) }
            == "day3.json: [1].metaData.bundleIdentifier: names com.other, but day3.json: [0] names com.acme.shop; the payloads are of two apps: choose one with --app")
        #expect(try MetricKitFacts(mixed, app: "com.third").days == 1, "the payload naming no app counts")
        let named = Array(mixed.prefix(2))
        #expect(Self.failure { _ = try MetricKitFacts(named, app: "com.third") }
            == "day3.json: no payload of com.third (--app): the payloads name com.acme.shop, com.other")
        let single = try Self.payloads(Self.payload(app: nil))
        #expect(Self.failure { _ = try MetricKitFacts(single, app: nil) }
            == "day3.json: metaData.bundleIdentifier: is missing (payloads before iOS 15 or so name no app); name the app with --app")
        #expect(try MetricKitFacts(single, app: "com.acme.shop").app == "com.acme.shop")
    }

    // MARK: Refusals

    /// A collector file whose fourth payload has `peakMemoryUsage` `peak`.
    static func collector(peak: String) -> String {
        let good = payload()
        return "{\"payloads\": [\(good), \(good), \(good), \(payload(extra: "\"memoryMetrics\": {\"peakMemoryUsage\": \(peak)}"))]}"
    }

    /// A histogram with one bucket whose `key` is `value`, under `applicationLaunchMetrics`.
    static func bucket(_ key: String, _ value: String) -> String {
        var fields = ["bucketStart": "\"100 ms\"", "bucketEnd": "\"110 ms\"", "bucketCount": "1"]
        fields[key] = value
        let bucket = fields.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ")
        return payload(extra: "\"applicationLaunchMetrics\": {\"histogrammedResumeTime\": {\"histogramValue\": {\"0\": {\(bucket)}}}}")
    }

    @Test("Bad payloads are refused with the file and the JSON path (SPEC 18)", arguments: [
        (collector(peak: "\"12 parsecs\""), "day3.json: payloads[3].memoryMetrics.peakMemoryUsage: cannot read \"12 parsecs\"; expected a memory measurement"),
        (collector(peak: "\"12a kB\""), "day3.json: payloads[3].memoryMetrics.peakMemoryUsage: cannot read \"12a kB\"; "),
        (collector(peak: "\"12 ms\""), "day3.json: payloads[3].memoryMetrics.peakMemoryUsage: cannot read \"12 ms\"; "),
        (collector(peak: "367000"), "day3.json: payloads[3].memoryMetrics.peakMemoryUsage: cannot read 367000; expected a memory measurement"),
        ("[\(payload()), \(bucket("bucketStart", "\"12a ms\""))]", "day3.json: [1].applicationLaunchMetrics.histogrammedResumeTime.histogramValue.0.bucketStart: cannot read \"12a ms\"; expected a time measurement"),
        (bucket("bucketCount", "-1"), "day3.json: applicationLaunchMetrics.histogrammedResumeTime.histogramValue.0.bucketCount: must be a whole number from 0 to 2147483647 (SPEC 35), got -1"),
        (bucket("bucketCount", "2.5"), "day3.json: applicationLaunchMetrics.histogrammedResumeTime.histogramValue.0.bucketCount: must be a whole number from 0 to 2147483647 (SPEC 35), got 2.5"),
        (bucket("bucketCount", "\"3\""), "day3.json: applicationLaunchMetrics.histogrammedResumeTime.histogramValue.0.bucketCount: must be a whole number from 0 to 2147483647 (SPEC 35), got \"3\""),
        (bucket("bucketEnd", "null"), "day3.json: applicationLaunchMetrics.histogrammedResumeTime.histogramValue.0.bucketEnd: is missing"),
        (payload(extra: "\"applicationExitMetrics\": {\"backgroundExitData\": {\"cumulativeMemoryPressureExitCount\": -2}}"),
         "day3.json: applicationExitMetrics.backgroundExitData.cumulativeMemoryPressureExitCount: must be a whole number from 0 to 2147483647 (SPEC 35), got -2"),
        (payload(extra: "\"applicationExitMetrics\": {\"foregroundExitData\": []}"), "day3.json: applicationExitMetrics.foregroundExitData: expected an object, got an array"),
        (payload(extra: "\"memoryMetrics\": {\"averageSuspendedMemory\": {\"sampleCount\": 4}}"), "day3.json: memoryMetrics.averageSuspendedMemory.averageValue: is missing"),
        ("[\(payload()), {\"timeStampBegin\": \"2026-03-01 00:00:00 +0000\", \"memoryMetrics\": {}}]", "day3.json: [1].metaData: is missing; every MXMetricPayload has its MXMetaData"),
        ("[]", "day3.json: holds no payload (an empty array)"),
        ("{\"payloads\": []}", "day3.json: holds no payload (an empty array)"),
        ("{\"payloads\": {}}", "day3.json: payloads: expected an array of MXMetricPayload objects, got an object"),
        ("not json at all", "day3.json: not JSON: expected a value, found 'n' at byte 0 (line 1, column 1)"),
        ("", "day3.json: not JSON: the text ends before any value at byte 0 (line 1, column 1): is the file cut short?"),
        // SPEC 35: a truncated payload names where it ends.
        ("{\"metaData\": {\"bundleIdentifier\": \"com.a\"},\n \"memoryMetrics\": [1, 2", "day3.json: not JSON: the text ends inside an array at byte 67 (line 2, column 24): is the file cut short?"),
        ("{\"schemaVersion\": 2, \"reports\": [], \"summary\": {}}", "day3.json: not a MetricKit payload: found an object with the keys reports, schemaVersion, summary; expected an MXMetricPayload object"),
        ("[\(payload()), 42]", "day3.json: [1]: expected an MXMetricPayload object, got a number"),
        ("[{}]", "day3.json: [0]: not a MetricKit payload: found an empty object"),
        ("\"text\"", "day3.json: not MetricKit payloads: the top level is a string"),
        (payload(extra: "\"metaData2\": 1").replacingOccurrences(of: "\"deviceType\": \"iPhone12,1\"", with: "\"deviceType\": 7"),
         "day3.json: metaData.deviceType: expected a string, got 7"),
    ])
    func refused(_ json: String, _ message: String) {
        let description = Self.failure { _ = try Self.payloads(json) }
        #expect(description?.hasPrefix(message) == true, "\(description ?? "accepted")")
    }

    @Test("Unknown keys, absent counters and {} are fine; a bare number is read where Apple writes numbers")
    func lenientWhereAppleIs() throws {
        let payloads = try MetricKitPayloadFile.read([Self.fixture("ios17-days.json")])
        #expect(payloads.count == 3)
        #expect(payloads[1].exitCounts.values.allSatisfy { $0 == 0 })
        #expect(payloads[2].timeToFirstDraw == nil && payloads[2].averageSuspendedMemory == nil)
        #expect(payloads.map(\.path.description) == ["[0]", "[1]", "[2]"])
        let single = try MetricKitPayloadFile.read([Self.fixture("ios14-single.json")])
        #expect(single.map(\.path.description) == [""] && single[0].bundleIdentifier == nil)
        #expect(single[0].averageSuspendedMemory == .init(value: MetricKitDecimal(200_000_000), sampleCount: 120))
    }

    @Test("Files: a missing argument, a folder without .json files")
    func files() throws {
        #expect(Self.failure { _ = try MetricKitPayloadFile.read(["/nonexistent/day.json"]) } == "/nonexistent/day.json: no such file or folder")
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("metrickit-empty-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: empty) }
        #expect(Self.failure { _ = try MetricKitPayloadFile.read([empty]) } == "\(empty): a folder with no .json file")
    }
}

import Foundation
import Testing
@testable import SuspendSim

/// SPEC 26 "Locale" and SPEC 27 "Field data (26)" Numbers: a payload's numbers are read by the
/// separators of its `metaData.regionFormat` (or `--region`); an ambiguous number without a
/// listed region, and a number that does not fit its region, are bad input with the JSON path.
@Suite struct MetricKitLocaleTests {
    /// A payload whose metaData has `region` (none when nil) and whose peak memory is `peak`.
    static func payload(region: String?, peak: String) -> String {
        let format = region.map { "\"regionFormat\": \"\($0)\", " } ?? ""
        return "{\"metaData\": {\(format)\"deviceType\": \"iPhone12,1\", \"bundleIdentifier\": \"com.acme.shop\"}, "
            + "\"memoryMetrics\": {\"peakMemoryUsage\": \"\(peak)\"}}"
    }

    /// The peak memory, in thousandths of a MB, of the payload `payload(region:peak:)` writes.
    static func peakMB(region: String?, peak: String, override: MetricKitRegion? = nil) throws -> UInt64? {
        let json = "[\(payload(region: region, peak: peak))]"
        let payloads = try MetricKitPayloadReader(file: "day3.json", region: override).payloads(Data(json.utf8))
        return try MetricKitFacts(payloads, app: nil).activeMB
    }

    /// The message the payload is refused with; nil when it is read.
    static func refusal(region: String?, peak: String, override: MetricKitRegion? = nil) -> String? {
        MetricKitImportTests.failure { _ = try peakMB(region: region, peak: peak, override: override) }
    }

    @Test("A German payload: \"352.100 kB\" is 352,100 kB (. groups), 335.789 MB, not 352.1 kB (0.336 MB)")
    func germanGroups() throws {
        #expect(try Self.peakMB(region: "DE", peak: "352.100 kB") == 335_789)
        #expect(try Self.peakMB(region: "US", peak: "352.100 kB") == 336)
    }

    @Test("Each convention's numbers, exactly (SPEC 26; spaces group before a digit, Indian grouping fits)", arguments: [
        ("DE", "1.234,5 kB", "1234500"), ("DE", "1,5 MB", "1500000"), ("FR", "12 345,6 kB", "12345600"),
        ("FR", "12\u{202F}345,6 kB", "12345600"), ("FR", "12\u{00A0}345 kB", "12345000"), ("PL", "1 530 ms", "1530"),
        ("SE", "2,717 s", "2717"), ("IN", "12,34,567 B", "1234567"), ("US", "1,234,567.891 ms", "1234567.891"),
        ("GB", "352.100 kB", "352100"), ("de", "352.100 kB", "352100000"), ("CN", "1,530毫秒", "1530"),
        ("US", "1 530 ms", "1530"),
    ])
    func conventions(_ region: String, _ text: String, _ value: String) throws {
        let convention = try #require(MetricKitRegion(region)).convention
        guard case .success(let quantity) = MetricKitQuantity.read(text, convention: convention) else {
            Issue.record("\(text) in \(region) was not read")
            return
        }
        #expect(quantity.value.description == value)
    }

    @Test("Ambiguous: one , or . once, followed by exactly three digits; a space never is (SPEC 26)", arguments: [
        ("352.100 kB", true), ("1,530 ms", true), ("1,106,818 kB", false), ("1.5 kB", false), ("1.2345 kB", false),
        ("1 530 ms", false), ("12 kB", false), ("1,234.5 kB", false),
    ])
    func ambiguous(_ text: String, _ isAmbiguous: Bool) {
        let read = MetricKitQuantity.read(text, convention: nil)
        if case .failure(.ambiguous) = read { #expect(isAmbiguous, "\(text)") } else { #expect(!isAmbiguous, "\(text)") }
    }

    @Test("An ambiguous number with the region absent or unlisted (CA) is bad input: the JSON path, \"set --region\"", arguments: [
        (String?.none, "metaData.regionFormat is absent"), ("CA", "metaData.regionFormat \"CA\" is not a listed region"),
    ])
    func ambiguousWithoutRegion(_ region: String?, _ said: String) throws {
        let message = try #require(Self.refusal(region: region, peak: "352.100 kB"))
        #expect(message.hasPrefix("day3.json: [0].memoryMetrics.peakMemoryUsage: cannot read \"352.100 kB\": 352.100 is ambiguous"))
        #expect(message.contains(said))
        #expect(message.hasSuffix("set --region"))
    }

    @Test("A number that does not fit its region is bad input (SPEC 27)", arguments: [
        ("DE", "1,106,818 kB", "1,106,818 does not fit region DE"), (nil, "1,5 kB", "1,5 does not fit SPEC 18's reading"),
        ("US", "1.234,5 kB", "1.234,5 does not fit region US"),
        ("DE", "1.23 kB", "1.23 does not fit region DE"), ("US", "1,2,3 kB", "1,2,3 does not fit region US"),
    ] as [(String?, String, String)])
    func doesNotFit(_ region: String?, _ peak: String, _ expected: String) throws {
        let message = try #require(Self.refusal(region: region, peak: peak))
        #expect(message.hasPrefix("day3.json: [0].memoryMetrics.peakMemoryUsage: cannot read \"\(peak)\": \(expected)"), "\(message)")
    }

    @Test("--region overrides every payload's regionFormat: an absent, unlisted or other region")
    func override() throws {
        let germany = try #require(MetricKitRegion("DE"))
        #expect(try Self.peakMB(region: nil, peak: "352.100 kB", override: germany) == 335_789)
        #expect(try Self.peakMB(region: "CA", peak: "352.100 kB", override: germany) == 335_789)
        #expect(try Self.peakMB(region: "US", peak: "352.100 kB", override: germany) == 335_789)
        #expect(Self.refusal(region: "US", peak: "1,106,818 kB", override: germany)?.contains("does not fit region DE (--region)") == true)
    }

    @Test("The listed regions, and only they (CA counts as absent)")
    func regions() {
        #expect(MetricKitRegion.known == ["US", "GB", "CN", "JP", "KR", "IN", "AU", "DE", "FR", "ES", "IT", "NL", "RU", "BR", "PT", "TR", "SE", "PL"])
        #expect(MetricKitRegion("CA") == nil)
        #expect(MetricKitRegion("ch") == nil)
        #expect(MetricKitRegion("br")?.convention == .commaDecimal)
        #expect(MetricKitRegion("AU")?.convention == .pointDecimal)
    }
}

import Foundation
import Testing

/// SPEC 26 "Locale" from the command line: `--region XX`, an ambiguous number without a listed
/// region (exit 2, the JSON path, "set --region"), an unknown `--region` (exit 64, the known
/// ones).
@Suite struct MetricKitLocaleCommandTests {
    /// A payload of com.acme.shop with `region` (none when nil) and the peak memory `peak`.
    static func payload(region: String?, peak: String) -> String {
        let format = region.map { "\"regionFormat\": \"\($0)\", " } ?? ""
        return "{\"metaData\": {\(format)\"deviceType\": \"iPhone12,1\", \"bundleIdentifier\": \"com.acme.shop\"}, "
            + "\"memoryMetrics\": {\"peakMemoryUsage\": \"\(peak)\"}}"
    }

    /// `suspendsim import metrickit day3.json --onto iphone-11 ARGUMENTS` on a file holding `json`.
    static func importing(_ json: String, _ arguments: [String] = []) throws -> CLIRun {
        try withTemporaryFolder { folder in
            try json.write(to: folder.appendingPathComponent("day3.json"), atomically: true, encoding: .utf8)
            return try suspendsim(["import", "metrickit", "day3.json", "--onto", MetricKitImportCommandTests.iphone11] + arguments, in: folder)
        }
    }

    @Test("A German payload's \"352.100 kB\" is 352,100 kB: active_mb 335.789")
    func german() throws {
        let run = try Self.importing(Self.payload(region: "DE", peak: "352.100 kB"))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("\n  active_mb: 335.789\n"), "\(run.stdout)")
    }

    @Test("An ambiguous number without regionFormat: exit 2, the JSON path, \"set --region\"; --region reads it")
    func ambiguous() throws {
        let json = "{\"payloads\": [\(Self.payload(region: nil, peak: "352.100 kB"))]}"
        let refused = try Self.importing(json)
        #expect(refused.status == 2)
        #expect(refused.stderr.hasPrefix("error: day3.json: payloads[0].memoryMetrics.peakMemoryUsage: cannot read \"352.100 kB\": 352.100 is ambiguous"))
        #expect(refused.stderr.contains("metaData.regionFormat is absent"))
        #expect(refused.stderr.contains("set --region"))
        #expect(refused.stdout.isEmpty)
        let us = try Self.importing(json, ["--region", "us"])
        #expect(us.status == 0, "\(us.stderr)")
        #expect(us.stdout.contains("\n  active_mb: 0.336\n"))
    }

    @Test("An unknown --region is a usage error listing the known ones")
    func unknownRegion() throws {
        let run = try Self.importing(Self.payload(region: "DE", peak: "1 kB"), ["--region", "CA"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("--region CA is not a known region; the known ones: US, GB, CN, JP, KR, IN, AU, DE, FR, ES, IT, NL, RU, BR, PT, TR, SE, PL."), "\(run.stderr)")
    }
}

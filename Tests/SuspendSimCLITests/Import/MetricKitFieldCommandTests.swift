import Foundation
import Testing

/// SPEC 26 from the command line: plausibility warnings on stderr; `--device` and `--ios`.
@Suite struct MetricKitFieldCommandTests {
    @Test("A peak above the device's RAM: exit 0, the scenario written, a warning naming the payload on stderr")
    func plausibilityWarning() throws {
        let json = "{\"metaData\": {\"regionFormat\": \"US\", \"deviceType\": \"iPhone12,1\", \"bundleIdentifier\": \"com.acme.shop\"}, "
            + "\"memoryMetrics\": {\"peakMemoryUsage\": \"5 GB\"}}"
        let run = try MetricKitLocaleCommandTests.importing(json)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("\n  active_mb: 4768.372\n"))
        #expect(run.stderr.contains("warning: day3.json: memoryMetrics.peakMemoryUsage is 4768.372 MB, above the RAM of iphone-11 (3844 MB): kept, but check the payload\n"), "\(run.stderr)")
    }

    @Test("--device iPhone12,1 keeps the folder's other day: iphone-11, iOS 17.3, its 3 exits; a note says what was left out")
    func deviceOption() throws {
        let run = try suspendsim(["import", "metrickit", MetricKitImportCommandTests.fixture("folder"), "--onto", MetricKitImportCommandTests.iphone11,
                                  "--device", "iPhone12,1"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("\n  model: iphone-11\n  ios: \"17.3\"\n"), "\(run.stdout)")
        #expect(run.stdout.contains("\n  days: 1\n  foreground_memory_resource_limit: 0\n  background_memory_pressure: 3\n"))
        #expect(run.stderr.contains("note: kept 1 of 2 payloads (device iphone-11, iOS 17.3): left out 1 by device and 0 by release\n"), "\(run.stderr)")
    }

    @Test("--ios that is not MAJOR[.MINOR] is a usage error (exit 64)", arguments: ["17.2.1", "seventeen", "17.", ""])
    func badIOS(_ ios: String) throws {
        let run = try suspendsim(["import", "metrickit", MetricKitImportCommandTests.fixture("folder"), "--onto", MetricKitImportCommandTests.iphone11, "--ios", ios])
        #expect(run.status == 64)
        #expect(run.stderr.contains("--ios must be MAJOR or MAJOR.MINOR, such as 17 or 17.2, got \(ios)."), "\(run.stderr)")
    }
}

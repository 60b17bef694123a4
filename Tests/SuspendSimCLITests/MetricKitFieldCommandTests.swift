import Foundation
import Testing

/// SPEC 26 from the command line: plausibility warnings on stderr.
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
}

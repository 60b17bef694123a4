import Foundation
import Testing
@testable import SuspendSim

/// SPEC 26 "Plausibility": a peakMemoryUsage above the kept device's RAM (the catalog's
/// ram_mb, MB of 2^20 bytes), or an averageSuspendedMemory above the peak, is kept and warned
/// about, naming the payload.
@Suite struct MetricKitPlausibilityTests {
    /// A payload of com.acme.shop on `device` (US) with `memory` as its memoryMetrics.
    static func payload(_ memory: String, device: String = "iPhone12,1") -> String {
        "{\"metaData\": {\"regionFormat\": \"US\", \"deviceType\": \"\(device)\", \"bundleIdentifier\": \"com.acme.shop\"}, "
            + "\"memoryMetrics\": \(memory)}"
    }

    static func facts(_ payloads: [String]) throws -> MetricKitFacts {
        try MetricKitFacts(MetricKitImportTests.payloads("[" + payloads.joined(separator: ", ") + "]"), app: nil)
    }

    @Test("A peak above the iPhone 11's 3844 MB is kept and warned about; exactly 3844 MB is not")
    func peakAboveRAM() throws {
        let exact = "{\"peakMemoryUsage\": \"4,030,726,144 B\"}"   // 3844 x 2^20
        let above = "{\"peakMemoryUsage\": \"4,030,726,145 B\"}"
        let facts = try Self.facts([Self.payload(exact), Self.payload(above)])
        #expect(facts.warnings == ["day3.json: [1]: memoryMetrics.peakMemoryUsage is 3844 MB, above the RAM of iphone-11 (3844 MB): kept, but check the payload"])
        #expect(facts.activeMB == 3_844_000, "kept: the largest peak is still active_mb")
    }

    @Test("An averageSuspendedMemory above the payload's peak is kept and warned about; equal is not")
    func suspendedAbovePeak() throws {
        let above = "{\"peakMemoryUsage\": \"300,000 kB\", \"averageSuspendedMemory\": {\"averageValue\": \"400,000 kB\", \"sampleCount\": 2}}"
        let equal = "{\"peakMemoryUsage\": \"300,000 kB\", \"averageSuspendedMemory\": {\"averageValue\": \"300,000 kB\"}}"
        let facts = try Self.facts([Self.payload(equal), Self.payload(above)])
        #expect(facts.warnings == ["day3.json: [1]: memoryMetrics.averageSuspendedMemory is 381.47 MB, above the payload's peakMemoryUsage (286.102 MB): kept, but check the payload"])
        #expect(facts.suspendedMB == 349_681)   // (300,000 kB + 2 x 400,000 kB) / 3
    }

    @Test("An unknown device has no RAM to compare with: no warning for the peak")
    func unknownDevice() throws {
        let facts = try Self.facts([Self.payload("{\"peakMemoryUsage\": \"99 GB\"}", device: "iPhone99,9")])
        #expect(facts.warnings.isEmpty)
    }
}

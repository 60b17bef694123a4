import Foundation
import Testing
@testable import SuspendSim

/// SPEC 26 "One device, one release" and SPEC 27's Filtering: the device first (by catalog
/// model; an unknown product id counts as itself), then the release within it; `--device` and
/// `--ios` choose, else the most frequent; a payload without the field is left out when others
/// have it; each left-out payload counted once; `observed.days` counts the kept payloads.
@Suite struct MetricKitFilterTests {
    /// A payload of com.acme.shop on `device` and `os` (either absent when nil), with `exits`
    /// background memory-pressure exits.
    static func payload(_ device: String?, _ os: String?, exits: Int = 1) -> String {
        let fields = [device.map { "\"deviceType\": \"\($0)\"" }, os.map { "\"osVersion\": \"iPhone OS \($0) (21C66)\"" }].compactMap { $0 }
        return "{\"metaData\": {\"regionFormat\": \"US\", \"bundleIdentifier\": \"com.acme.shop\"\(fields.map { ", " + $0 }.joined())}, "
            + "\"applicationExitMetrics\": {\"backgroundExitData\": {\"cumulativeMemoryPressureExitCount\": \(exits)}}, "
            + "\"memoryMetrics\": {\"peakMemoryUsage\": \"300,000 kB\"}}"
    }

    static func facts(_ payloads: [String], device: String? = nil, ios: String? = nil) throws -> MetricKitFacts {
        try MetricKitFacts(MetricKitImportTests.payloads("[" + payloads.joined(separator: ", ") + "]"), app: nil, device: device, ios: ios)
    }

    /// iPhone12,1 is iphone-11; iPhone14,7 is iphone-14; iPhone99,9 is unknown.
    static let mixed = [
        payload("iPhone12,1", "17.2.1", exits: 1), payload("iPhone14,7", "17.2", exits: 9), payload("iPhone12,1", "17.2", exits: 3),
        payload("iPhone12,1", "16.4", exits: 7), payload(nil, "17.2", exits: 20), payload("iPhone12,1", nil, exits: 40),
    ]

    @Test("Without options: the most frequent device (iphone-11, 4), then the most frequent release in it (17.2, 2)")
    func mostFrequent() throws {
        let facts = try Self.facts(Self.mixed)
        #expect(facts.days == 2)
        #expect(facts.device?.model?.model == "iphone-11" && facts.device?.ios == "17.2")
        #expect(facts.observed.first { $0.key == "background_memory_pressure" }?.thousandths == 2_000)
        // Left out by device: iPhone14,7 and the payload without deviceType; by release: 16.4
        // and the payload without osVersion.
        #expect(facts.notes.contains("kept 2 of 6 payloads (device iphone-11, iOS 17.2): left out 2 by device and 2 by release"))
    }

    @Test("--device by model, product id or marketing name; --ios 17 keeps 17.x, --ios 16.4 keeps 16.4.x")
    func options() throws {
        for name in ["iphone-14", "iPhone14,7", "iPhone 14"] {
            let facts = try Self.facts(Self.mixed, device: name)
            #expect(facts.days == 1 && facts.device?.model?.model == "iphone-14", "\(name)")
        }
        let old = try Self.facts(Self.mixed, ios: "16.4")
        #expect(old.days == 1 && old.device?.ios == "16.4")
        #expect(old.notes.contains("kept 1 of 6 payloads (device iphone-11, iOS 16.4): left out 2 by device and 3 by release"))
        let seventeen = try Self.facts(Self.mixed + [Self.payload("iPhone12,1", "17.3")], ios: "17")
        #expect(seventeen.days == 3)
    }

    @Test("An unknown product id counts as itself; a filter that keeps nothing is an error naming what there is")
    func unknownAndNothing() throws {
        let unknown = try Self.facts([Self.payload("iPhone99,9", "17.2"), Self.payload("iPhone12,1", "17.2")], device: "iPhone99,9")
        #expect(unknown.days == 1)
        #expect(unknown.device?.model == nil, "an unknown product leaves the scenario's device as it is")
        #expect(unknown.device?.unknownProduct == "iPhone99,9" && unknown.device?.ios == "17.2")
        let message = MetricKitImportTests.failure { _ = try Self.facts(Self.mixed, device: "iphone-15") }
        #expect(message == "no payload is of the device --device iphone-15 asks for: the payloads have iphone-11 in 4, iphone-14 in 1")
        #expect(MetricKitImportTests.failure { _ = try Self.facts(Self.mixed, ios: "18") }?.hasPrefix("no payload is of the release --ios 18 asks for") == true)
    }

    @Test("Payloads without deviceType or osVersion are kept when none has one; no note when nothing is left out")
    func noneHasTheField() throws {
        let facts = try Self.facts([Self.payload(nil, nil), Self.payload(nil, nil)])
        #expect(facts.days == 2 && facts.device == nil)
        #expect(!facts.notes.contains { $0.hasPrefix("kept ") })
    }
}

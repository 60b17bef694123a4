import Foundation
import Testing
@testable import SuspendSim

/// SPEC 15 "Labels": a scenario's `labels:` block, read with its sweep, each problem located.
@Suite struct ScenarioLabelsTests {
    static func text(_ labels: String) -> String {
        HostileScenarioTests.text(extra: "sweep: {device.compressor.pool_mb: [0, 4096], device.ram_mb: [2048], policy: [lru]}\nlabels: \(labels)\n")
    }

    @Test("labels: names swept values of the file's sweep keys")
    func reads() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("labels-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("s.yaml")
        try Self.text("{device.compressor.pool_mb: {0: \"no compressor\", 4096.0: \"4 GB pool\"}}").write(to: file, atomically: true, encoding: .utf8)
        let template = try ScenarioLoader.template(path: file.path)
        #expect(template.labels == [SweepValueLabel(key: "device.compressor.pool_mb", value: "0", text: "no compressor"),
                                    SweepValueLabel(key: "device.compressor.pool_mb", value: "4096", text: "4 GB pool")])
    }

    @Test("Bad labels are bad input at their place", arguments: [
        ("{device.model: {a: b}}", "x.yaml:6:10: labels.device.model: unknown swept key 'device.model'"),
        ("{policy: {jetsam: J}}", "x.yaml:6:19: labels.policy.jetsam: policy is not swept at 'jetsam'; it takes lru"),
        ("{device.ram_mb: {1024: small}}", "x.yaml:6:26: labels.device.ram_mb.1024: device.ram_mb is not swept at '1024'; it takes 2048"),
        ("{device.ram_mb: {2048: \"\"}}", "x.yaml:6:32: labels.device.ram_mb.2048: the label must not be empty"),
        ("{device.ram_mb: {2048: \"=SUM(A1)\"}}", "x.yaml:6:32: labels.device.ram_mb.2048: the label begins with '='"),
        ("{device.ram_mb: [2 GB]}", "x.yaml:6:25: labels.device.ram_mb: must be a mapping from swept values to labels"),
    ])
    func refusals(_ labels: String, _ expected: String) {
        let message = HostileScenarioTests.refusal(Self.text(labels))
        #expect(message.hasPrefix(expected), "\(message)")
    }

    @Test("labels: names a swept policy, a built-in one and one of the file's policies: alike")
    func policies() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("labels-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("s.yaml")
        let text = HostileScenarioTests.text(extra: "policies: [{name: mine, order: [state, last_frontmost]}]\n"
            + "sweep: {policy: [lru, mine]}\nlabels: {policy: {lru: LRU, mine: \"my policy\"}}\n")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let template = try ScenarioLoader.template(path: file.path)
        #expect(template.labels == [SweepValueLabel(key: "policy", value: "lru", text: "LRU"),
                                    SweepValueLabel(key: "policy", value: "mine", text: "my policy")])
        // The page's labels: a policy's label, else its name.
        let labels = SweepValueLabels(template.labels)
        #expect(labels.policy("mine") == "my policy" && labels.policy("jetsam") == "jetsam" && labels.text("policy", "lru") == "LRU")
    }

    @Test("labels: without a sweep is bad input")
    func withoutSweep() {
        #expect(HostileScenarioTests.refusal(HostileScenarioTests.text(extra: "labels: {device.ram_mb: {2048: x}}\n"))
            .hasPrefix("x.yaml:5:9: labels: names swept values, but the file sweeps no key"))
    }
}

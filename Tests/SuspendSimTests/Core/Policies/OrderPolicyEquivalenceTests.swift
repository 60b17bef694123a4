import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// A YAML policy that reproduces a built-in gives the built-in's reports, byte for byte but
/// for the policy's name, on every bundled scenario (its base run: a sweep's or a workload's
/// scenario as written, the workload's events generated from its seed).
@Suite struct OrderPolicyEquivalenceTests {
    /// The policy a scenario file writes as `policy: { name: NAME, order: [ORDER] }`, read by
    /// the scenario reader.
    static func yamlPolicy(_ name: String, _ order: String, levels: String = "") throws -> any EvictionPolicy {
        let text = """
            name: p
            policy: { name: \(name), order: [\(order)]\(levels.isEmpty ? "" : ", levels: [\(levels)]") }
            device: { ram_mb: 1024 }
            apps: [{ id: com.a, active_mb: 10 }]

            """
        return try ScenarioLoader.parse(text, path: "p.yaml").policy
    }

    static let bundled: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: bundledScenariosFolder)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted()
    }()

    @Test("A YAML [state, last_frontmost] gives lru's reports", arguments: bundled)
    func lru(file: String) throws {
        try expectSameReports(file, builtIn: LRUPolicy(), yaml: Self.yamlPolicy("yaml-lru", "state, last_frontmost"))
    }

    @Test("A YAML [state, -footprint_mb] gives largest-first's reports", arguments: bundled)
    func largestFirst(file: String) throws {
        try expectSameReports(file, builtIn: LargestFirstPolicy(), yaml: Self.yamlPolicy("yaml-largest", "state, -footprint_mb"))
    }

    @Test("docs/research.md's policy gives the same reports in YAML and in Swift", arguments: bundled)
    func researchPolicy(file: String) throws {
        let yaml = try Self.yamlPolicy(
            "frees-most-yaml", "mode_in_use, state, -physical_mb", levels: "{ adj: 0, mb: 72 }, { adj: 200, mb: 108 }, { adj: 900, mb: 216 }")
        try expectSameReports(file, builtIn: FreesMostPolicy(), yaml: yaml)
    }

    func expectSameReports(_ file: String, builtIn: any EvictionPolicy, yaml: any EvictionPolicy) throws {
        #expect(Self.bundled.count >= 10)
        var scenario = try ScenarioLoader.load(path: bundledScenariosFolder + "/" + file)
        // device.csv resolves a run's levels by its policy's name from the scenario.
        scenario.namedPolicies += [builtIn, yaml]
        try withTemporaryFolder { folder in
            let out = folder.appendingPathComponent("out")
            _ = try Simulation.runEveryPolicy(scenario, policies: [builtIn, yaml], writingReportsTo: out)
            let expected = try snapshot(of: out.appendingPathComponent(builtIn.name))
            let actual = try snapshot(of: out.appendingPathComponent(yaml.name))
            #expect(expected.keys.sorted() == actual.keys.sorted())
            #expect(expected.values.contains { $0.range(of: Data(builtIn.name.utf8)) != nil })
            for (name, bytes) in expected {
                let renamed = String(decoding: actual[name] ?? Data(), as: UTF8.self)
                    .replacingOccurrences(of: yaml.name, with: builtIn.name)
                #expect(renamed == String(decoding: bytes, as: UTF8.self), "\(file): \(name)")
            }
        }
    }
}

/// docs/research.md's policy in Swift: a continuous mode in use spares an app, suspended
/// before background, the most physical memory first, at three lmkd-style levels.
struct FreesMostPolicy: EvictionPolicy {
    let name = "frees-most"

    func rank(of candidate: Candidate) -> Candidate.Rank {
        let spared = candidate.modesInUse.isEmpty ? 0 : 2
        return Candidate.Rank(Int64(spared + (candidate.state == .suspended ? 0 : 1)), -candidate.physicalKiB.count)
    }

    func priority(of candidate: Candidate) -> Int? { LMKDPolicy().adj(of: candidate) }
    var usesRecency: Bool { true }

    func killLevels(on device: Device) -> [Device.KillLevel] {
        [Device.KillLevel(priority: 0, freeKiB: .mb(72)), Device.KillLevel(priority: 200, freeKiB: .mb(108)),
         Device.KillLevel(priority: 900, freeKiB: .mb(216))]
    }
}

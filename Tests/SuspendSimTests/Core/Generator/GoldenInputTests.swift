import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// The generated scenarios under `Tests/Goldens/scenarios/` are `RandomScenario.make` for fixed
/// seeds, written by `ScenarioJSONWriter`. The golden reports (`SuspendSimCLITests`
/// `GoldenReportTests`) are taken on them, so the generator must keep giving the same
/// scenario for a seed (SplitMix64, integer arithmetic only).
///
/// `SUSPENDSIM_RECORD_GOLDENS=1 swift test --filter GoldenInputTests` writes them anew.
@Suite struct GoldenInputTests {
    /// Six workloads of different sizes on the three RAM classes of SPEC 7.
    static let workloads: [(apps: Int, events: Int, seed: UInt64, ramMB: Int64)] = [
        (6, 300, 1, 1024), (12, 400, 2, 2048), (20, 500, 3, 3072),
        (30, 600, 4, 4096), (15, 500, 5, 6144), (40, 600, 6, 8192),
    ]

    static let folder = packageRoot.appendingPathComponent("Tests/Goldens/scenarios")

    @Test("The generated golden inputs are what RandomScenario gives for their seeds (deterministic generator)")
    func generatedInputsAreStable() throws {
        let record = ProcessInfo.processInfo.environment["SUSPENDSIM_RECORD_GOLDENS"] == "1"
        for workload in Self.workloads {
            let scenario = RandomScenario.make(apps: workload.apps, events: workload.events,
                                               seed: workload.seed, ramMB: workload.ramMB)
            let json = ScenarioJSONWriter.json(scenario)
            let url = Self.folder.appendingPathComponent("\(scenario.name).json")
            if record { try json.write(to: url, atomically: true, encoding: .utf8) }
            let committed = try String(contentsOf: url, encoding: .utf8)
            #expect(committed == json, "\(url.lastPathComponent) differs from the generator's output")
        }
    }
}

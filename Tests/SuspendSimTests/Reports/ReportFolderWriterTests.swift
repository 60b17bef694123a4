import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// `ReportFolderWriter.write(_:of:at:)`, the one call that writes a run's report folder (SPEC 8):
/// every file of the run, and with payloads `metrickit/` (SPEC 17), whether the run is run or
/// replayed, one folder or a subfolder per policy; whole or not at all.
@Suite struct ReportFolderWriterTests {
    @Test("One run's folder holds SPEC 8's files, the same bytes whether run or replayed")
    func oneRunTheSameWhetherRunOrReplayed() throws {
        try withTemporaryFolder { root in
            let run = root.appendingPathComponent("run")
            let replayed = root.appendingPathComponent("replayed")
            let scenario = goldenScenario()
            let outcomes = try ReportFolderWriter.write(.running(scenario.policy), of: scenario, at: run.path)
            let result = Simulation.run(scenario)
            let again = try ReportFolderWriter.write(.replaying(result), of: scenario, at: replayed.path)
            #expect(try contents(of: run) == reportFiles)
            #expect(try snapshot(of: replayed) == snapshot(of: run))
            #expect(outcomes == [result.outcome] && again == [result.outcome])
            #expect(FileManager.default.fileExists(atPath: run.appendingPathComponent(FolderOwnership.markerName).path))
        }
    }

    @Test("Every policy's run goes into a subfolder of its name, in order, each with its payloads")
    func everyPolicyIntoItsSubfolder() throws {
        try withTemporaryFolder { root in
            let scenario = goldenScenario()
            let policies: [any EvictionPolicy] = [LRUPolicy(), JetsamPolicy()]
            let outcomes = try ReportFolderWriter.write(.runningEach(policies), of: scenario, at: root.path + "/all", metricKitPayloads: true)
            #expect(outcomes.map(\.policyName) == ["lru", "jetsam"])
            let all = root.appendingPathComponent("all")
            #expect(try contents(of: all) == ["jetsam", "lru"])
            for policy in policies {
                let folder = all.appendingPathComponent(policy.name)
                // Both apps of the golden scenario launch, so each has its payload.
                #expect(try contents(of: folder) == (reportFiles + ["metrickit"]).sorted())
                #expect(try contents(of: folder.appendingPathComponent("metrickit")).count == scenario.apps.count)
                #expect(try read("survivors.csv", in: folder)
                    == read("survivors.csv", in: try oneRun(scenario, policy, root: root)))
            }
        }
    }

    @Test("A failure before the folder is put in place leaves nothing, and the earlier folder stays")
    func nothingLeftBehind() throws {
        struct Refused: Error {}
        try withTemporaryFolder { root in
            let scenario = goldenScenario()
            let target = root.appendingPathComponent("report")
            try ReportFolderWriter.write(.running(LRUPolicy()), of: scenario, at: target.path)
            let before = try snapshot(of: target)
            #expect(throws: Refused.self) {
                try ReportFolderWriter.write(.running(JetsamPolicy()), of: scenario, at: target.path) { _ in throw Refused() }
            }
            #expect(try snapshot(of: target) == before)
            #expect(try contents(of: root) == ["report"])
        }
    }

    /// `scenario` under `policy` alone, into a folder of `root`.
    private func oneRun(_ scenario: Scenario, _ policy: any EvictionPolicy, root: URL) throws -> URL {
        let folder = root.appendingPathComponent("one-" + policy.name)
        try ReportFolderWriter.write(.running(policy), of: scenario, at: folder.path)
        return folder
    }
}

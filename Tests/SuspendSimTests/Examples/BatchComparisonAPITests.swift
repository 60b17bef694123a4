import Foundation
import Testing
@testable import SuspendSim

/// A policy of the test's own: background apps before suspended ones, the largest first.
private struct BackgroundFirstPolicy: EvictionPolicy {
    let name = "background-first"

    func rank(of candidate: Candidate) -> Candidate.Rank {
        Candidate.Rank(candidate.state == .background ? 0 : 1, -candidate.footprintKiB.count)
    }
}

/// SPEC 21 from Swift: a user's own policy over a batch through the public batch API, and
/// the batches' groups and pairs, as `run --by` computes them.
@Suite struct BatchComparisonAPITests {
    @Test("Batch.Comparison: groups of each policy's runs, and the user's policy paired with LRU replicate by replicate")
    func customPolicyComparedWithLRU() throws {
        let scenario = try ScenarioLoader.parse(BatchRunTests.text, path: "batch-api.yaml")
        let lru = try Batch(scenario, replicates: 12, seed: 3, policy: LRUPolicy()).run(jobs: 2)
        let mine = try Batch(scenario, replicates: 12, seed: 3, policy: BackgroundFirstPolicy()).run(jobs: 2)
        let comparison = try Batch.Comparison([lru, mine], by: ["policy"])

        // The same runs, by hand: each replicate seeded as the batch seeds it.
        func kills(_ policy: any EvictionPolicy) -> [Int] {
            (0..<12).map { replicate in
                var run = scenario
                run.seed = BatchSeed.seed(base: 3, scenario: "batch-api", replicate: replicate)
                return Simulation.run(run, policy: policy).pressureKills
            }
        }
        let lruKills = kills(LRUPolicy()), myKills = kills(BackgroundFirstPolicy())
        let groups = comparison.groups.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        #expect(Array(groups[0].prefix(3)) == ["policy", "runs", "pressure_kills_mean"])
        #expect(groups.dropFirst().map { Array($0.prefix(3)) } == [
            ["lru", "12", String(format: "%.3f", Double(lruKills.reduce(0, +)) / 12)],
            ["background-first", "12", String(format: "%.3f", Double(myKills.reduce(0, +)) / 12)],
        ])
        let paired = try #require(comparison.paired).split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        #expect(paired[0] == ["policy", "baseline", "metric", "pairs", "mean_diff", "ci_low", "ci_high", "wilcoxon_p",
                               "wilcoxon_method", "p_holm", "ratio", "ratio_ci_low", "ratio_ci_high"])
        let killsRow = try #require(paired.first { $0[2] == "pressure_kills" })
        let differences = zip(myKills, lruKills).map { Double($0 - $1) }
        #expect(killsRow[0] == "background-first" && killsRow[1] == "lru" && killsRow[3] == "12")
        #expect(killsRow[4] == String(format: "%.3f", differences.reduce(0, +) / 12))
        // The same comparison whatever the threads.
        #expect(try Batch.Comparison([try Batch(scenario, replicates: 12, seed: 3, policy: LRUPolicy()).run(jobs: 1), mine], by: ["policy"]) == comparison)
    }

    @Test("Keys are checked: an unknown one is refused, naming those there are")
    func unknownKey() throws {
        let scenario = try ScenarioLoader.parse(BatchRunTests.text, path: "batch-api.yaml")
        let result = try Batch(scenario, replicates: 2, policy: LRUPolicy()).run(jobs: 1)
        #expect {
            try Batch.Comparison([result], by: ["ram"])
        } throws: { error in
            (error as? Batch.ComparisonError)?.description == "--by: unknown key 'ram'; the keys are scenario, policy"
        }
    }
}

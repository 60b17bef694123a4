import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// SPEC 14, 19: `Batch`, the Swift face of a batch, gives `survival.csv`'s numbers: the same
/// seeds, the same counts, the same Wilson intervals, whatever the number of threads and
/// whatever the policy, a user's own included.
@Suite struct BatchRunTests {
    /// An hour of a workload on a phone too small for its apps (an iPhone X), and on one large
    /// enough (an iPhone 11): a sweep over two catalog models.
    static let text = """
        name: batch-api
        policy: jetsam
        device: { model: iphone-x, ios: "18.4", system_mb: 0, compressor: { pool_mb: 0 } }
        apps:
          - { id: com.example.mail, active_mb: 200, background_mb: 120, suspended_mb: 80 }
          - { id: com.example.game, active_mb: 1200, background_mb: 900, suspended_mb: 800 }
          - { id: com.example.photos, active_mb: 700, background_mb: 500, suspended_mb: 450 }
          - { id: com.example.maps, active_mb: 800, background_mb: 600, suspended_mb: 500 }
          - { id: com.example.video, active_mb: 900, background_mb: 600, suspended_mb: 550 }
          - { id: com.example.notes, active_mb: 100 }
        workload: { duration_s: 3600, zipf_s: 0.8, dwell_s: 60, gap_s: 120 }
        sweep: { device.model: [iphone-x, "iPhone 11"] }
        """

    @Test("Batch gives survival.csv's rates and bounds for the same scenario, sweep, seed and replicates")
    func sameNumbersAsSurvivalCSV() throws {
        let scenario = try ScenarioLoader.parse(Self.text, path: "batch-api.yaml")
        // system_mb 0 and the compressor off on both (the file sets them): this compares the API
        // with the CLI, not the phones' system memory (SPEC 30); without compression the small
        // phone kills in some runs and not in others (SPEC 37 turns it on from iOS 9).
        let phones = try [Device(model: "iphone-x", ios: "18.4"), Device(model: "iPhone 11", ios: "18.4")].map { phone in
            var phone = phone
            phone.systemKiB = .zero
            phone.compressor?.poolKiB = .zero
            return phone
        }
        let result = try Batch(scenario, replicates: 30, seed: 7, sweep: [
            ("iphone-x", { $0.device = phones[0] }),
            ("iPhone 11", { $0.device = phones[1] }),
        ]).run(jobs: 2)
        #expect(result.points == ["iphone-x", "iPhone 11"])
        #expect(result.runsPerPoint == 30)

        var options = BatchPlan.Options()
        options.seed = 7
        options.replicates = 30
        let plan = try BatchPlan(templates: [ScenarioTemplate(text: Self.text, path: "batch-api.yaml")], options: options)
        let rows = try withTemporaryFolder { folder in
            _ = try BatchRunner.run(plan, outPath: folder.path, jobs: 2)
            return try CSVRecordReader(bytes: Array(read("survival.csv", in: folder).utf8), name: "survival.csv").textRecords()
        }
        let header = rows[0]
        func cell(_ row: [String], _ column: String) -> String { row[header.firstIndex(of: column)!] }
        #expect(rows.count == 1 + 2 * scenario.apps.count)
        for row in rows.dropFirst() {
            let rates = try result.rates(of: cell(row, "app"), at: cell(row, "device.model"))
            #expect(cell(row, "runs") == "\(rates.runs)")
            let columns: [(String, Batch.Rate?)] = [
                ("survival_rate", rates.survival), ("never_killed_rate", rates.neverKilled),
                ("launched_survival_rate", rates.launchedSurvival),
            ]
            let bounds = ["survival_rate": ("ci_low", "ci_high"), "never_killed_rate": ("never_killed_ci_low", "never_killed_ci_high"),
                          "launched_survival_rate": ("launched_ci_low", "launched_ci_high")]
            for (column, rate) in columns {
                let (low, high) = try #require(bounds[column])
                #expect(cell(row, column) == rate.map { Self.fixed3($0.rate) } ?? "", "\(column) of \(row)")
                #expect(cell(row, low) == rate.map { Self.fixed3($0.low) } ?? "", "\(low) of \(row)")
                #expect(cell(row, high) == rate.map { Self.fixed3($0.high) } ?? "", "\(high) of \(row)")
            }
            #expect(cell(row, "launched") == "\(rates.launched)")
        }
        // The comparison covers the cases that matter: apps killed in some runs and not in
        // others, and apps that did not launch in every run (launched < runs).
        let maps = try result.rates(of: "com.example.maps", at: "iphone-x")
        #expect(maps.neverKilled.successes > 0 && maps.neverKilled.successes < maps.runs)
        #expect(maps.launched > 0 && maps.launched < maps.runs)
        #expect(try result.rates(of: "com.example.maps", at: "iPhone 11").neverKilled.rate == 1)
    }

    @Test("A user's own policy runs every replicate with BatchRunner's seeds, and any number of threads gives the same result")
    func customPolicyAndThreads() throws {
        let scenario = try ScenarioLoader.parse(Self.text, path: "batch-api.yaml")
        let batch = try Batch(scenario, replicates: 12, seed: 3, policy: SmallestFirstPolicy())
        let result = try batch.run(jobs: 1)
        #expect(try batch.run(jobs: 3) == result)
        #expect(try batch.run(jobs: 40) == result)
        var neverKilled = Array(repeating: 0, count: scenario.apps.count)
        for replicate in 0..<12 {
            var run = scenario
            run.seed = BatchSeed.seed(base: 3, scenario: "batch-api", replicate: replicate)
            for (index, outcome) in Simulation.run(run, policy: SmallestFirstPolicy()).apps.enumerated() where outcome.neverKilled {
                neverKilled[index] += 1
            }
        }
        #expect(try scenario.apps.indices.map { try result.rates(of: scenario.apps[$0].id).neverKilled.successes } == neverKilled)
        #expect(batch.scenario.policyName == "smallest-first")
    }

    @Test("A sweep point may set its own policy; a scenario without a workload runs once per point (SPEC 20)")
    func policiesAndDeterministicScenarios() throws {
        var scenario = Scenario(name: "once", device: Device(ramMB: 1024),
                                apps: [AppProfile(id: "com.a", activeMB: 300), AppProfile(id: "com.b", activeMB: 100)])
        let a = try scenario.app("com.a")
        try scenario.append(at: 0, .open(a))
        try scenario.append(at: 5, .home)
        let result = try Batch(scenario, replicates: 50, sweep: [
            ("lru", { $0.policy = LRUPolicy() }),
            ("jetsam", { $0.policy = JetsamPolicy() }),
        ]).run()
        #expect(result.runsPerPoint == 1)
        let opened = try result.rates(of: "com.a", at: "jetsam")
        #expect(opened.runs == 1 && opened.survival.rate == 1 && opened.neverKilled.successes == 1)
        #expect(opened.launchedSurvival?.trials == 1)
        // One run: Wilson's bounds of 1 of 1 (survival.csv leaves them empty).
        #expect(Self.fixed3(opened.survival.low) == "0.207" && opened.survival.high == 1)
        let unopened = try result.rates(of: "com.b", at: "lru")
        #expect(unopened.launchedSurvival == nil && unopened.launched == 0 && unopened.survival.rate == 0)
    }

    /// `value` as survival.csv prints it.
    static func fixed3(_ value: Double) -> String {
        String(format: "%.3f", value)
    }
}

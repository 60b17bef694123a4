import Foundation
import Testing
@_spi(Generators) @testable import SuspendSim
@_spi(Generators) @testable import SuspendSimCore

/// Properties every run must have, checked after every step of thousands of seeded random
/// scenarios under every built-in policy (docs/development.md). `InvariantRecorder` holds the reference
/// model: memory balance, the frontmost app never killed for `memory-pressure`, free at or
/// above `critical_free_mb` after each check unless no candidate is left, the legal callback
/// orders of SPEC 2-4, the policy's choice of each victim (SPEC 6), and more.
///
/// A failure names the policy, the seed and the step; rebuild the scenario with the same
/// generator and seed to replay it.
@Suite struct PropertyTests {
    static let policies = BuiltInPolicies.names

    /// Runs `scenarios` under `policy`, returning the first violations of up to five failing
    /// scenarios and the counts of what was checked.
    private static func check(
        _ count: Int, policy: String, _ make: (Int) -> Scenario
    ) -> (failures: [String], stats: InvariantRecorder.Stats) {
        var failures: [String] = []
        var stats = InvariantRecorder.Stats()
        for index in 0..<count {
            let scenario = make(index)
            let outcome = InvariantRun.check(scenario, policy: BuiltInPolicies.named(policy))
            stats.add(outcome.stats)
            if !outcome.violations.isEmpty, failures.count < 5 {
                failures.append("\(scenario.name) under \(policy):\n  " + outcome.violations.joined(separator: "\n  "))
            }
        }
        return (failures, stats)
    }

    /// `RandomScenario` on small phones (1-2 GiB) so that memory pressure is the rule: 750
    /// scenarios per policy in CI's stress step, 150 in the README's test command (`StressRun`),
    /// 2-40 apps, 50-400 events.
    @Test(arguments: policies)
    func randomScenariosKeepEveryInvariant(policy: String) {
        let count = StressRun.size(150, stress: 750)
        let (failures, stats) = Self.check(count, policy: policy) { index in
            let seed = UInt64(index)
            var shape = SplitMix64(seed: seed ^ 0xA5A5)
            return RandomScenario.make(
                apps: Int(shape.int(in: 2...40)), events: Int(shape.int(in: 50...400)), seed: seed,
                ramMB: 1024 + shape.int(in: 0...4) * 256)
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        // The checks ran: kills were judged, warnings sent, apps suspended (per 750 scenarios:
        // over 1,000, 1,000 and 10,000).
        #expect(stats.pressureKillsChecked * 750 > 1_000 * count)
        #expect(stats.warningBursts * 750 > 1_000 * count)
        #expect(stats.suspensions * 750 > 10_000 * count)
    }

    /// `HostileScenario`: dense same-instant events, tiny limits, zero-length handlers and
    /// wakes, `end_s`; 1,000 scenarios of 200 events per policy in CI's stress step, 150 in the
    /// README's test command.
    @Test(arguments: policies)
    func hostileScenariosKeepEveryInvariant(policy: String) {
        let count = StressRun.size(150, stress: 1_000)
        let (failures, stats) = Self.check(count, policy: policy) { HostileScenario.make(seed: UInt64($0), events: 200) }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        // Every kill reason and every callback happened somewhere.
        // The long-idle reaper runs only under jetsam (SPEC 11).
        #expect(Set(stats.kills.keys) == Set(KillReason.allCases).subtracting(policy == "jetsam" ? [] : [.longIdleExit]))
        #expect(Set(stats.callbacks.keys) == Set(Callback.allCases))
        #expect(stats.purges * 1_000 > 500 * count)
        // SPEC 37: the model judged freezes and thaws, and apps found frozen (refreezes and
        // demotions need days: FreezerInvariantTests).
        if policy == "jetsam" {
            for action in [EventLog.FreezerRecord.Action.freeze, .thaw] {
                #expect(stats.freezerActs[action, default: 0] > 0, "no \(action.rawValue) was checked")
            }
            #expect(stats.initialFrozen > 0)
        }
    }

    /// 150 apps, all used, then the system takes memory back: lmkd's cached adj reaches its
    /// cap of 999, jetsam's bands hold dozens of apps.
    @Test(arguments: policies)
    func crowdedPhonesKeepEveryInvariant(policy: String) {
        let (failures, stats) = Self.check(6, policy: policy) { CrowdScenario.make(seed: UInt64($0), apps: 150) }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(stats.pressureKillsChecked > 300)
        // More than 101 candidates: some cached apps sit at adj 999.
        #expect(stats.maxCandidates > 110)
    }

    /// The bundled scenarios, under every policy.
    @Test(arguments: policies)
    func bundledScenariosKeepEveryInvariant(policy: String) throws {
        let files = try ScenarioLoader.scenarioFiles(in: [bundledScenariosFolder])
        #expect(files.count >= 4)
        let scenarios = try files.map { try ScenarioLoader.load(path: $0) }
        let (failures, _) = Self.check(scenarios.count, policy: policy) { scenarios[$0] }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    // MARK: - Determinism

    /// The same scenario run twice gives identical records and outcomes, and stepping it one
    /// `step()` at a time records the same as `run()`.
    @Test func sameScenarioTwiceGivesTheSameLog() throws {
        for seed in UInt64(0)..<100 {
            for scenario in [
                RandomScenario.make(apps: 12, events: 300, seed: seed, ramMB: 1536),
                HostileScenario.make(seed: seed, events: 300),
            ] {
                let policy = Self.policies[Int(seed) % Self.policies.count]
                let first = Simulation.run(scenario, policy: BuiltInPolicies.named(policy))
                let second = Simulation.run(scenario, policy: BuiltInPolicies.named(policy))
                #expect(first.log.hasSameRecords(as: second.log), "\(scenario.name) under \(policy)")
                #expect(first.apps == second.apps && first.minFreeKiB == second.minFreeKiB)
                #expect(first.pressureEvictionOrder == second.pressureEvictionOrder)
                let stepped = InvariantRun.check(scenario, policy: BuiltInPolicies.named(policy), keepsLog: true)
                let steppedLog = try #require(stepped.result.log.log)
                #expect(steppedLog.hasSameRecords(as: first.log), "\(scenario.name) stepped under \(policy)")
            }
        }
    }

    /// Reports written on one worker thread and on two are byte-identical (SPEC 8), and each
    /// CSV holds a header plus one row per record of the in-memory log.
    @Test func reportsAreByteIdenticalAtOneAndTwoJobs() throws {
        var scenarios: [Scenario] = []
        for seed in UInt64(0)..<24 {
            scenarios.append(RandomScenario.make(apps: 10, events: 250, seed: seed, ramMB: 1024 + Int64(seed % 4) * 256))
            scenarios.append(HostileScenario.make(seed: seed, events: 250))
        }
        scenarios += try ScenarioLoader.scenarioFiles(in: [bundledScenariosFolder]).map { try ScenarioLoader.load(path: $0) }
        let all = scenarios
        try withTemporaryFolder { root in
            var folders: [URL] = []
            for jobs in [1, 2] {
                let folder = root.appendingPathComponent("jobs-\(jobs)", isDirectory: true)
                let errors = parallelMap(count: all.count, jobs: jobs) { index -> String? in
                    let scenario = all[index]
                    do {
                        try Simulation.run(scenario, writingReportTo: folder.appendingPathComponent(scenario.name))
                        return nil
                    } catch {
                        return "\(scenario.name): \(error)"
                    }
                }
                #expect(errors.compactMap { $0 }.isEmpty, "\(errors.compactMap { $0 })")
                folders.append(folder)
            }
            let names = try contents(of: folders[0])
            #expect(names == (try contents(of: folders[1])))
            #expect(names.count == all.count)
            for name in names {
                let one = try snapshot(of: folders[0].appendingPathComponent(name))
                let two = try snapshot(of: folders[1].appendingPathComponent(name))
                #expect(one.keys.sorted() == reportFiles)
                #expect(one == two, "report \(name) differs between 1 and 2 jobs")
            }
            for scenario in all {
                let result = Simulation.run(scenario)
                let log = result.log
                let folder = folders[1].appendingPathComponent(scenario.name)
                let rows = try reportFiles.map { file in
                    try read(file, in: folder).reduce(0) { $1 == "\n" ? $0 + 1 : $0 } - 1
                }
                // exits.csv, like survivors.csv, has a row per app; launches.csv one per launch;
                // freezer.csv one per act of the freezer; assumptions.csv one per default the run
                // took (SPEC 36).
                let assumed = AssumptionTable.shipped.usedRows(scenario, policyName: scenario.policyName).count
                let expected = [assumed, log.callbacks.count, DeviceCSV.rows.count, log.evictions.count, scenario.apps.count,
                                log.freezerActs.count, log.launches.count,
                                log.footprints.count, log.frees.count, log.skips.count, scenario.apps.count, result.tasks.count, log.transitions.count]
                #expect(rows == expected, "\(scenario.name): rows \(rows), log \(expected)")
            }
        }
    }

    /// A scenario written by `ScenarioJSONWriter` loads back to the same scenario, which runs
    /// the same.
    @Test func jsonFormRoundTrips() throws {
        for seed in UInt64(0)..<150 {
            var scenario = seed % 2 == 0
                ? RandomScenario.make(apps: 8, events: 120, seed: seed, ramMB: 1024)
                : HostileScenario.make(seed: seed, events: 120)
            scenario.policy = BuiltInPolicies.named(Self.policies[Int(seed / 2) % Self.policies.count])!
            // Odd and negative KiB amounts: exact decimals of MB with up to 10 places.
            let end = scenario.events.last?.atMs ?? 0
            scenario.events.append(ScenarioEvent(atMs: end + 1, .allocate(0, -KiB(Int64(seed &* 7_919 % 100_003)) - 1)))
            scenario.events.append(ScenarioEvent(atMs: end + 1, .systemAllocate(KiB(Int64(seed % 1_025)) - 512)))
            let loaded = try ScenarioLoader.parse(ScenarioJSONWriter.json(scenario), path: "\(scenario.name).json")
            #expect(loaded.name == scenario.name && loaded.policyName == scenario.policyName)
            #expect(loaded.device == scenario.device)
            #expect(loaded.apps == scenario.apps)
            #expect(loaded.events.map { [$0.atMs: $0.action] } == scenario.events.map { [$0.atMs: $0.action] })
            #expect(loaded.endMs == scenario.endMs)
            #expect(Simulation.run(loaded).log.hasSameRecords(as: Simulation.run(scenario).log))
        }
    }
}
